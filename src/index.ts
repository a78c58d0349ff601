/**
 * sudokulab: the library entry point. Everything exported here runs in a
 * browser as well as in Node (no Node APIs below the CLI).
 */
export * from "./core/cells.js";
export * from "./core/bits.js";
export * from "./core/cellset.js";
export * from "./core/digitset.js";
export * from "./core/puzzle.js";
export * from "./core/puzzle-text.js";
export * from "./core/candidates.js";
export type { PuzzleInput } from "./core/arguments.js";
export {
  solve,
  solveUnique,
  countSolutions,
  checkUnique,
  enumerateSolutions,
  redundantClues,
  type SolveResult,
} from "./solver/solve.js";
export { BitboardSolver } from "./solver/bitboard.js";
export { minimizePuzzle, minimalSubpuzzles, forEachMinimalSubpuzzle, type MinimalSearch } from "./solver/minimize.js";
export * from "./canon/index.js";
export * from "./ua/index.js";
export * from "./scan/index.js";
export * from "./catalog/index.js";
export * from "./bandscan/index.js";
export * from "./rate/index.js";
export * from "./draw/svg.js";
