/**
 * The V8 setting the band scan's passes run best with, for a Node host to
 * set before the scan's code is compiled (JobKind.engineFlags; a browser
 * keeps its defaults).
 *
 * Passes 2a and 2b: without on-stack replacement. lastTwo (last-clues.ts)
 * is called millions of times, but one call can last long (its leaves
 * start joint searches). When its optimized code is dropped for feedback
 * it lacked while such a call is running, V8 may compile the loop running
 * on the stack (OSR) instead of the function; in about one process of four
 * that OSR code is then all lastTwo ever gets, every call starting in the
 * baseline tier, and the process runs 1.4-1.7 times slower (pass 2a rank
 * 139 slice 27508: 21-24 s, or 31-33 s). Their hot functions are called
 * often enough to be optimized whole.
 *
 * Pass 1 keeps V8's defaults: its slices take seconds, not minutes, and
 * OSR shortens their warm-up (rank 46 slice 79193: 3.9-6.1 s with it,
 * 4.7-6.9 s without).
 */
import type { Scan17Pass } from "./pass-limits.js";

export function bandScanEngineFlags(pass: Scan17Pass): string | undefined {
  return pass === "1" ? undefined : "--no-use-osr";
}
