/**
 * The V8 setting the band scan runs best with, for a Node host to set
 * before the scan's code is compiled (JobKind.engineFlags; a browser keeps
 * its defaults).
 *
 * Without on-stack replacement. lastTwo (last-clues.ts) is called millions
 * of times, but one call can last long (its leaves start joint searches).
 * When its optimized code is dropped for feedback it lacked while such a
 * call is running, V8 may compile the running loop on the stack (OSR)
 * instead of the function; in about one process of four that OSR code is
 * then all lastTwo ever gets, every call starting in the baseline tier, and
 * the process runs 1.4-1.7 times slower (pass 2a rank 139 slice 27508:
 * 21-23 s, or 31-33 s). The scan has no loop that needs OSR: its hot
 * functions are called often enough to be optimized whole.
 */
export const BAND_SCAN_ENGINE_FLAGS = "--no-use-osr";
