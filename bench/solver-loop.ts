/**
 * The solver's own loop over a file, in a fresh process (no warm-up, as a
 * batch meets it): `count --limit 2` without reading, runner or printing.
 * Prints its CPU seconds; bench.ts sets it beside the whole command's.
 */
import { BitboardSolver } from "../src/solver/bitboard.js";
import { readPuzzleFile } from "../src/io/shared-data.js";

const puzzles = readPuzzleFile(process.argv[2]);
const solver = new BitboardSolver();
const start = process.cpuUsage();
let unique = 0;
for (const puzzle of puzzles) if (solver.countSolutions(puzzle, 2) === 1) unique++;
const used = process.cpuUsage(start);
process.stdout.write(`${(used.user + used.system) / 1e6} ${unique}\n`);
