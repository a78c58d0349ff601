/**
 * The V8 setting the band scan runs best with, for a Node host to set
 * before the scan's code is compiled (JobKind.engineFlags; a browser keeps
 * its defaults).
 *
 * TurboFan inlines callees into an optimized function until their bytecode
 * adds up to a budget (920 bytes by default), and spends it in the order of
 * the call counts it saw when it compiled the function. lastTwo calls
 * xyLeaf at three sites: when those come first, the budget is gone before
 * the cheap helpers of its inner loops (enterNode, canAdd, syncTwo), and the
 * whole process runs up to 1.7 times slower (pass 2b rank 215 slice 13749
 * entries 0-3: 9.6-10.2 s, or 12.6-17.0 s in 3 processes of 6). With a
 * budget that holds both, every process runs at the fast speed.
 */
export const BAND_SCAN_ENGINE_FLAGS = "--max-inlined-bytecode-size-cumulative=2000";
