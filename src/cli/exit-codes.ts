/**
 * The exit code and the one-line message of an error that ends a command:
 * 2 when the command could not run as given (bad options, a checkpoint or
 * lock in the way, no Redis), 1 for bad input and failed runs. The message
 * is the error's own sentence, never a stack trace (SUDOKULAB_DEBUG=1 adds
 * the stack, for developers).
 */
import { LockRefused } from "../io/lock.js";
import { OutputError } from "../io/output.js";
import { RunRefused } from "../runner/run.js";
import { InputProblem, UsageError } from "./errors.js";

export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError || error instanceof RunRefused || error instanceof LockRefused) return 2;
  if ((error as { exitCode?: unknown }).exitCode === 2) return 2;
  if (error instanceof InputProblem || error instanceof OutputError) return 1;
  return 1;
}

export function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (process.env.SUDOKULAB_DEBUG === "1" && error instanceof Error && error.stack !== undefined) return `${message}\n${error.stack}`;
  return message;
}
