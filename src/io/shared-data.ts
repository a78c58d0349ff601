/**
 * Locating the public data files (Node only). They are read in place from
 * `$SUDOKULAB_DATA`, or from `../shared/data` beside the repository, and are
 * never copied into the project.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join, resolve } from "node:path";
import { parseLine, type Puzzle } from "../core/puzzle.js";

/** The repository root (this file compiles to dist/src/io/). */
export const REPO_ROOT = resolve(fileURLToPath(new URL("../../../", import.meta.url)));

export function dataDirectory(): string {
  return process.env.SUDOKULAB_DATA ?? join(REPO_ROOT, "..", "shared", "data");
}

/** Full path of a data file, or null when it is absent. */
export function dataFile(name: string): string | null {
  const path = join(dataDirectory(), name);
  return existsSync(path) ? path : null;
}

/** Reads a puzzle-per-line data file (first 81 characters of each line). Throws on a bad line. */
export function readPuzzleFile(path: string): Puzzle[] {
  const puzzles: Puzzle[] = [];
  const lines = readFileSync(path, "utf8").split("\n");
  lines.forEach((line, i) => {
    if (line.trim() === "" || line.startsWith("#")) return;
    const parsed = parseLine(line.slice(0, 81));
    if (!parsed.ok) throw new Error(`${path}:${i + 1}: ${parsed.reason}`);
    puzzles.push(parsed.cells);
  });
  return puzzles;
}

/** Reads a tab-separated file with '#' comment lines and a header row into records. */
export function readTsv(path: string): Record<string, string>[] {
  const rows = readFileSync(path, "utf8").split("\n").filter((l) => l !== "" && !l.startsWith("#"));
  const header = rows[0].split("\t");
  return rows.slice(1).map((row) => {
    const fields = row.split("\t");
    return Object.fromEntries(header.map((name, i) => [name, fields[i] ?? ""]));
  });
}
