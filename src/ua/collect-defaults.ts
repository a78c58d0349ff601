/**
 * The UA collection's default settings, apart from the collectors so that
 * the command line can show them without loading the solver.
 */

/**
 * Default cap for 5-digit floors, which cannot be exhaustive here: on the
 * 20x17 grid five sampled 5-digit floors have 167,040 to 1,091,520
 * completions each (about 1 s of enumeration apiece, 100 s for all 126;
 * gridchecker needs 58 s). With this cap all 126 floors stop early and
 * the whole run takes 11.9 s CPU for 51,856 UAs (collectUAs with digits
 * [5] only); they come from the first completions in the solver's order,
 * not a uniform sample, so some UAs of 10-12 cells are missed (65 of 70,
 * 19 of 24, 97 of 139).
 */
export const DEFAULT_FIVE_DIGIT_FLOOR_CAP = 10_000;

/**
 * Defaults, chosen to stay well under 1 s: measured cold (one Node process,
 * CPU time) on the 20x17 grid, 3-digit floors take 0.07 s (374 UAs, all of
 * sizes 4 and 6), the 4-box groups 0.2 s (2,697), 200 random probes 0.28 s;
 * together 0.55 s for 6,376 minimal UAs, 272 of the 289 of at most 12 cells.
 * 4-digit floors (gridchecker's --unav4: the same 11,937 UAs) cost 0.75 s on
 * their own, 1,000 probes 2.2 s: pass them explicitly when time allows.
 */
export const DEFAULT_COLLECT_OPTIONS = {
  digits: [3],
  boxes: true,
  randomProbes: 200,
  emptyCells: 54,
  seed: 1,
} as const;
