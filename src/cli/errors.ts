/**
 * The errors a command reports in one line and an exit code, never with a
 * stack trace (main.ts turns them into both): a command line that cannot
 * run as given (2), and input given as an argument that is bad (1).
 */

/** A command line that cannot run as given: exit code 2. */
export class UsageError extends Error {}

/** A bad puzzle, grid or mask given as an argument: exit code 1, like a bad input line. */
export class InputProblem extends Error {}
