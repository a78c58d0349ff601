/**
 * Unavoidable sets of a solution grid: the minimal-set store and the
 * collectors (seed 003 step 1; design notes grid-scan.md §5, §7.1).
 */
export { UASet } from "./ua-set.js";
export {
  collectUAs,
  collectDigitFloorUAs,
  collectBoxUAs,
  collectRandomUAs,
  mulberry32,
  BOX_PATTERNS,
  DEFAULT_COLLECT_OPTIONS,
  DEFAULT_FLOOR_CAP,
  DEFAULT_FIVE_DIGIT_FLOOR_CAP,
  DEFAULT_BOX_CAP,
  DEFAULT_PROBE_CAP,
  type CollectOptions,
  type CollectStats,
  type UASink,
} from "./collect.js";
export { collectSmallUAs } from "./small-uas.js";
