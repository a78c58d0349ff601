#!/usr/bin/env node
/**
 * The `sudokulab` command: parses the command line (program.ts declares the
 * commands) and maps whatever ends a command to the house convention: exit
 * codes 0 ok, 1 bad input, 2 usage error, 130 interrupted, and one line on
 * stderr, never a stack trace.
 */
import { CommanderError } from "commander";
import { useBandLookupFile } from "../io/band-lookup-file.js";
import { OutputClosed, watchStdout } from "../io/output.js";
import { exitCodeOf, messageOf } from "./exit-codes.js";
import { buildProgram } from "./program.js";

async function main(): Promise<void> {
  watchStdout();
  useBandLookupFile();
  const args = process.argv.slice(2);
  if (args[0] === "cluster") {
    const { runClusterCommand } = await import("../cluster/command.js");
    process.exitCode = await runClusterCommand(args.slice(1), buildProgram);
    return;
  }
  const { runLocally } = await import("./run-local.js");
  await buildProgram(runLocally).parseAsync(process.argv);
}

main().catch((error: unknown) => {
  // A reader that closed the pipe (`| head`) ended the run: a normal way to stop.
  if (error instanceof OutputClosed) return;
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : 2;
    return;
  }
  process.stderr.write(`sudokulab: ${messageOf(error)}\n`);
  process.exitCode = exitCodeOf(error);
});

