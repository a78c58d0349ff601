/**
 * Running the built CLI from the tests that need a working directory of
 * their own (checkpoints are written there): scan and entries.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const CLI = fileURLToPath(new URL("../src/cli/main.js", import.meta.url));

export interface CliRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number | null;
}

const made: string[] = [];
// Removed when the test file's process ends, whether its tests passed or not.
process.on("exit", () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new empty temporary directory, removed when the tests end. */
export function freshDir(prefix = "sudokulab-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Runs the CLI in `cwd` (the default checkpoint goes there), with `input` on stdin, for at most a minute. */
export function runCli(args: readonly string[], cwd = freshDir(), input = ""): CliRun {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, input, encoding: "utf8", timeout: 60_000, maxBuffer: 1 << 26 });
  return { stdout: run.stdout, stderr: run.stderr, code: run.status };
}
