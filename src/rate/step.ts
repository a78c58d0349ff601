/**
 * A rating step: what one technique found and what applying it does, kept so
 * that `explain` can print it and tests can check it against the solution.
 * Ratings are integers, ten times Sudoku Explainer's value (2.6 -> 26).
 */

/** A candidate: digit `digit` (1-9) in cell `cell` (0-80). */
export interface Candidate {
  readonly cell: number;
  readonly digit: number;
}

export interface Step {
  /** Sudoku Explainer's name of the hint ("Hidden Single", "Direct Pointing", "X-Wing", ...). */
  readonly technique: string;
  /** Rating ×10. */
  readonly rating: number;
  /** Units the pattern lives in (0-8 rows, 9-17 columns, 18-26 boxes), in SE's order (e.g. base lines then cover lines). */
  readonly units: readonly number[];
  /** The pattern's cells (the subset's cells, the fish's corners, the wing's pivot and pincers, ...). */
  readonly cells: readonly number[];
  /** The pattern's digits. */
  readonly digits: readonly number[];
  /** The digit placed by applying the step, if any (SE's `hint.getCell() != null`). */
  readonly placement: Candidate | null;
  /** The candidates applying the step removes (besides the effects of the placement). */
  readonly eliminations: readonly Candidate[];
  /**
   * For SE's "direct" hints (direct pointing/claiming/hidden sets): the
   * eliminations the pattern implies, which SE shows but does not apply (it
   * only places the resulting single). Empty for the other hints.
   */
  readonly impliedEliminations: readonly Candidate[];
}

/** A rating ×10 as SE prints it: 26 -> "2.6". */
export function formatRating(rating: number): string {
  return `${Math.floor(rating / 10)}.${rating % 10}`;
}
