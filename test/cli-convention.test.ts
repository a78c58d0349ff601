/**
 * The command-line convention, command by command, for every command the
 * program declares (a new command is checked as soon as it exists): help
 * exits 0; a bad option exits 2 with one "sudokulab: ..." line and no stack
 * trace; a bad input line exits 1 with "sudokulab: FILE:LINE: reason" while
 * the other lines are answered; --threads defaults to every core; --json
 * prints one JSON object per line.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildProgram } from "../src/cli/program.js";
import { freshDir, runCli } from "./cli-helpers.js";

const program = buildProgram(async () => 0);
const commands = program.commands.map((command) => command.name());

const SEVENTEEN = ".................1.....2.3.....4.2.5..6..7.....8.9...4...8.3.6..4.....9..5.......";
const GRID = "594231786786945132123768954965173248378492561241856397432619875619587423857324619";

/** A bad line (80 characters) between two good ones, as each input-reading command takes it. */
const INPUT_COMMANDS: Record<string, { args: (file: string) => string[]; good: string }> = {
  solve: { args: (f) => ["solve", f], good: SEVENTEEN },
  count: { args: (f) => ["count", f], good: SEVENTEEN },
  canon: { args: (f) => ["canon", f], good: SEVENTEEN },
  minimal: { args: (f) => ["minimal", f], good: SEVENTEEN },
  "group-by-grid": { args: (f) => ["group-by-grid", f], good: SEVENTEEN },
  rate: { args: (f) => ["rate", f], good: SEVENTEEN },
  explain: { args: (f) => ["explain", f], good: SEVENTEEN },
  entry: { args: (f) => ["entry", "--no-slice", f], good: GRID },
  scan: { args: (f) => ["scan", "--grids", f, "--clues", "16"], good: GRID },
  scan17: { args: (f) => ["scan17", "--grid", f], good: GRID },
  minimize: { args: (f) => ["minimize", f], good: SEVENTEEN },
  transform: { args: (f) => ["transform", "--spec", "digits=234567891", f], good: SEVENTEEN },
};

/** A run of each command that prints results, with --json. */
const JSON_RUNS: Record<string, string[]> = {
  solve: ["solve", "-"],
  count: ["count", "-"],
  canon: ["canon", "-"],
  minimal: ["minimal", "-"],
  "group-by-grid": ["group-by-grid", "-"],
  rate: ["rate", "-"],
  explain: ["explain", SEVENTEEN],
  ua: ["ua", GRID, "--max-size", "6"],
  scan: ["scan", GRID, "--clues", "80"],
  entries: ["entries", "--rank", "415", "--catalog", "pass1", "--count"],
  entry: ["entry", GRID, "--no-slice"],
  scan17: ["scan17", "--grid", GRID],
  minimize: ["minimize", "-"],
  transform: ["transform", "--random", "--seed", "1", "-"],
  isomorphic: ["isomorphic", SEVENTEEN, SEVENTEEN],
};

/** Commands that print no results of their own (draw prints a picture). */
const NO_RESULTS = new Set(["demo", "web", "help", "draw"]);

test("every command: --help exits 0; an unknown option exits 2 with a 'sudokulab:' line and no stack trace", () => {
  assert.ok(commands.length >= 14, commands.join(" "));
  for (const name of commands) {
    const help = runCli([name, "--help"]);
    assert.equal(help.code, 0, `${name} --help: ${help.stderr}`);
    assert.match(help.stdout, new RegExp(`^Usage: sudokulab ${name}`), name);
    assert.equal(help.stderr, "", `${name} --help writes nothing on stderr`);
    const bad = runCli([name, "--no-such-option"]);
    assert.equal(bad.code, 2, `${name} --no-such-option: ${bad.stderr}`);
    assert.match(bad.stderr, /^sudokulab: (unknown option '--no-such-option'|required option)/, name);
    assert.doesNotMatch(bad.stderr, /\n\s+at /, `${name}: no stack trace`);
  }
  const version = runCli(["--version"]);
  assert.equal(version.code, 0);
  assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
});

test("every command with --threads defaults to every core", () => {
  for (const command of program.commands) {
    const threads = command.options.find((option) => option.long === "--threads");
    if (threads !== undefined) assert.equal(threads.defaultValue, availableParallelism(), command.name());
  }
  for (const name of ["solve", "count", "canon", "minimal", "group-by-grid", "rate", "scan", "scan17", "entries"]) {
    assert.ok(program.commands.find((c) => c.name() === name)?.options.some((o) => o.long === "--threads"), `${name} has --threads`);
  }
});

test("every command that reads puzzles or grids: a bad line is 'sudokulab: FILE:LINE: reason', the others are answered, exit 1", () => {
  // isomorphic answers about two puzzles together: with one of them bad there is nothing to answer (tools-transform.test.ts).
  for (const name of commands.filter((n) => !NO_RESULTS.has(n) && !(n in INPUT_COMMANDS) && !["ua", "entries", "cluster", "isomorphic"].includes(n))) {
    assert.fail(`${name} reads no input? add it to INPUT_COMMANDS or say why not`);
  }
  const dir = freshDir();
  for (const [name, { args, good }] of Object.entries(INPUT_COMMANDS)) {
    const file = join(dir, `${name}.txt`);
    writeFileSync(file, `${good}\n${good.slice(0, 80)}\n${good}\n`);
    const run = runCli(args(file), dir);
    assert.equal(run.code, 1, `${name}: ${run.stderr}`);
    assert.match(run.stderr, new RegExp(`^sudokulab: ${file.replace(/[.]/g, "\\.")}:2: line has 80 characters \\(expected 81\\)$`, "m"), name);
    assert.ok(run.stdout.length > 0, `${name}: the good lines are answered`);
  }
});

test("every command that prints results has --json: one JSON object per line", () => {
  for (const name of commands.filter((n) => !NO_RESULTS.has(n) && n !== "cluster")) {
    const command = program.commands.find((c) => c.name() === name)!;
    assert.ok(command.options.some((o) => o.long === "--json"), `${name} has --json`);
    const args = JSON_RUNS[name];
    assert.ok(args !== undefined, `a --json run of ${name}`);
    const run = runCli([...args, "--json"], freshDir(), `${SEVENTEEN}\n`);
    assert.equal(run.code, 0, `${name}: ${run.stderr}`);
    const lines = run.stdout.trim().split("\n");
    assert.ok(lines.length > 0 && lines[0] !== "", `${name} printed something`);
    for (const line of lines) assert.equal(typeof JSON.parse(line), "object", `${name}: ${line}`);
  }
});
