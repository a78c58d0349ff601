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

/**
 * One link of a chain: the candidate `digit` in `cell` is true ("on": the
 * digit goes there) or false ("off": it cannot).
 */
export interface ChainLink {
  readonly cell: number;
  readonly digit: number;
  readonly on: boolean;
  /**
   * The links (indexes into the chain's links, all earlier) that imply this
   * one; empty for the assumption. The first is the link the chain follows
   * (on -> off: the cell's other digits, the digit's other cells in its
   * block, row and column; off -> on: the cell's or the unit's last other
   * place). The others are the candidates whose earlier removal the
   * implication needs (SE's "hidden parents" in dynamic chains: the cell's or
   * the unit's other candidates switched off further up), or, for the
   * set-based rules of dynamic forcing chains (+), the removals the rule's
   * pattern depends on.
   */
  readonly parents: readonly number[];
  /**
   * For a link that a nested rule implies (the 9.5+ levels, "Dynamic Forcing
   * Chains (+ ...)"): the chains of the nested hint that removes this
   * candidate. They were found on the grid of the propagation at that point
   * (the step's grid without the candidates removed so far), and the
   * candidates whose removal they need are this link's parents (SE's rule
   * parents). Absent on the other links.
   */
  readonly nested?: readonly Chain[];
}

/**
 * A chain as SE shows it: every link the conclusion depends on, from the
 * assumption (the first link, no parents) to the conclusion (the last link),
 * each link after the links it depends on (SE's order: the parents' chains
 * first, depth first). A linear chain has each link's parent just before it.
 */
export interface Chain {
  readonly links: readonly ChainLink[];
  /** A cycle: the last link is the first one again (the cycle closes there). */
  readonly cycle?: boolean;
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
  /**
   * For the chaining techniques: the chains the step rests on. A cycle or a
   * forcing chain has one; a contradiction (Nishio, contradiction forcing
   * chains) two from the same assumption, to a candidate on and to the same
   * candidate off; a double forcing chain two, from a candidate on and off,
   * to the same conclusion; cell / region forcing chains one per digit of the
   * cell / place of the digit in the region, to the same conclusion.
   */
  readonly chains?: readonly Chain[];
}

/** A rating ×10 as SE prints it: 26 -> "2.6". */
export function formatRating(rating: number): string {
  return `${Math.floor(rating / 10)}.${rating % 10}`;
}
