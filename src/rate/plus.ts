/**
 * The extra inference of Sudoku Explainer 1.2.1's "Dynamic Forcing Chains
 * (+)" (SE's Chaining with level 1, 9.0 + length): when a dynamic
 * propagation has no pending node left, SE runs, on the partly reduced
 * working grid, in this order: pointing/claiming (its Locking producer),
 * hidden pairs, naked pairs, X-Wings, and stops at the first of them that
 * has a hint whose pattern depends on the propagation (SE's getRuleParents:
 * candidates present in the grid the propagation started from and gone now,
 * which the pattern needs removed). Every such hint of that producer, in the
 * producer's order, turns each candidate it removes "off", with those
 * removed candidates as parents:
 *
 * - pointing/claiming on digit d from unit 1 into unit 2: the d's removed
 *   from unit 1 outside unit 2;
 * - X-Wing on d: the d's removed from its base lines outside its cover lines;
 * - hidden pair {a, b} in a unit: the a's and b's the unit's other cells had;
 * - naked pair: the pair cells' other original candidates.
 *
 * A hint without parents is skipped (SE drops it), so the rules look only
 * at the units and cells the propagation changed (since they were last
 * asked: see SetRules) before building one.
 *
 * SE keeps each hint's removals in a HashMap keyed by cells without their
 * own hash code, so its order within one hint varies from run to run; here
 * they go in increasing cell order (then digit). Within one hint all share
 * the same parents, so only the order in which they are then processed could
 * differ.
 */
import { hasTwoBits } from "../core/bits.js";
import { BOXES, type CandidateGrid, CELL_UNITS, COLUMNS, INTERSECTION, ROWS, UNIT_CELLS } from "./grid.js";
import { confinedDigits, LOCK_CROSSED, LOCKING_PAIRS } from "./locking-tables.js";
import { lowest } from "./helpers.js";

/** One "off" node found: its key ((cell * 9 + digit - 1) << 1) and its parents' keys. */
export interface AdvancedOff {
  readonly key: number;
  readonly parents: readonly number[];
}

const BLOCK_COLUMN_ROW: readonly (readonly number[])[] = [BOXES, COLUMNS, ROWS];

/** changed[unit]: the digits whose places in the unit changed since the rule being asked was last asked (SetRules.offs). */
const changed = new Uint16Array(27);
/** two[line]: the digits with exactly two places left in the row or column in the working grid (set by SetRules.offs before the X-Wings). */
const two = new Uint16Array(18);

/** Pushes the hint's removals (cells and digit masks, any order) with its parents. */
function emit(out: AdvancedOff[], removals: number[], parents: number[]): void {
  if (parents.length === 0 || removals.length === 0) return;
  removals.sort((a, b) => a - b);
  for (const key of removals) out.push({ key, parents });
}

function lockingHints(work: CandidateGrid, source: CandidateGrid, out: AdvancedOff[]): void {
  for (let pair = 0; pair < 4; pair++) {
    const types1 = LOCKING_PAIRS[pair][0];
    for (let i = 0; i < 9; i++) {
      const u1 = types1[i];
      // Only a digit whose places in unit 1 the propagation reduced can give a hint with parents.
      const digits = changed[u1];
      if (digits === 0) continue;
      // The changed digits confined to a unit 2, in SE's order: unit 2, then digit.
      const confined = confinedDigits(work.where, pair, i, u1, digits);
      if (confined === 0) continue;
      for (let j = 0; j < 3; j++) {
        const u2 = LOCK_CROSSED[3 * (9 * pair + i) + j];
        const inter12 = INTERSECTION[27 * u1 + u2];
        for (let c = (confined >> (9 * j)) & 0x1ff; c !== 0; c &= c - 1) {
          const d = lowest(c);
          const positions = work.where[9 * u1 + d];
          const removable = work.where[9 * u2 + d] & ~INTERSECTION[27 * u2 + u1];
          if (removable === 0) continue;
          const parents: number[] = [];
          for (let m = source.where[9 * u1 + d] & ~positions & ~inter12; m !== 0; m &= m - 1) parents.push((UNIT_CELLS[9 * u1 + lowest(m)] * 9 + d) << 1);
          const removals: number[] = [];
          for (let m = removable; m !== 0; m &= m - 1) removals.push((UNIT_CELLS[9 * u2 + lowest(m)] * 9 + d) << 1);
          emit(out, removals, parents);
        }
      }
    }
  }
}

/**
 * Hidden pairs: two digits with the same two places in a unit (SE's digit
 * pairs in increasing mask order, i.e. by the higher digit, then the lower).
 */
function hiddenPairHints(work: CandidateGrid, source: CandidateGrid, out: AdvancedOff[]): void {
  for (const units of BLOCK_COLUMN_ROW) {
    for (const unit of units) {
      // Parents: the pair's other places in the source grid, so the unit must have changed.
      if (work.empties[unit] <= 4 || changed[unit] === 0) continue;
      const base = 9 * unit;
      for (let b = 1; b < 9; b++) {
        const common = work.where[base + b];
        if (!hasTwoBits(common)) continue;
        for (let a = 0; a < b; a++) {
          if (work.where[base + a] !== common) continue;
          // Parents: the unit's other places of a and b in the source grid.
          if (source.where[base + a] === common && source.where[base + b] === common) continue;
          const digitMask = (1 << a) | (1 << b);
          const removals: number[] = [];
          for (let m = common; m !== 0; m &= m - 1) {
            const cell = UNIT_CELLS[base + lowest(m)];
            for (let extra = work.candidates[cell] & ~digitMask; extra !== 0; extra &= extra - 1) removals.push((cell * 9 + lowest(extra)) << 1);
          }
          if (removals.length === 0) continue;
          const parents: number[] = [];
          for (let i = 0; i < 9; i++) {
            if ((common >> i) & 1) continue;
            const cell = UNIT_CELLS[base + i];
            if ((source.candidates[cell] >> a) & 1) parents.push((cell * 9 + a) << 1);
            if ((source.candidates[cell] >> b) & 1) parents.push((cell * 9 + b) << 1);
          }
          emit(out, removals, parents);
        }
      }
    }
  }
}

/** Naked pairs: two cells of a unit with the same two candidates (cell pairs in SE's order, as above). */
function nakedPairHints(work: CandidateGrid, source: CandidateGrid, out: AdvancedOff[]): void {
  for (const units of BLOCK_COLUMN_ROW) {
    for (const unit of units) {
      // Parents: the pair cells' other candidates in the source grid, so a cell of the unit must have changed
      // (the propagation only removes candidates, so a unit with a changed cell has a digit with fewer places).
      if (work.empties[unit] < 4 || changed[unit] === 0) continue;
      const base = 9 * unit;
      for (let j = 1; j < 9; j++) {
        const c2 = UNIT_CELLS[base + j];
        const union = work.candidates[c2];
        if (!hasTwoBits(union)) continue;
        for (let i = 0; i < j; i++) {
          const c1 = UNIT_CELLS[base + i];
          if (work.candidates[c1] !== union) continue;
          // Parents: the pair cells' other candidates in the source grid.
          if (source.candidates[c1] === union && source.candidates[c2] === union) continue;
          const cellMask = (1 << i) | (1 << j);
          const removals: number[] = [];
          for (let k = 0; k < 9; k++) {
            if ((cellMask >> k) & 1) continue;
            const cell = UNIT_CELLS[base + k];
            for (let hit = work.candidates[cell] & union; hit !== 0; hit &= hit - 1) removals.push((cell * 9 + lowest(hit)) << 1);
          }
          if (removals.length === 0) continue;
          const parents: number[] = [];
          for (const cell of [c1, c2]) for (let m = source.candidates[cell] & ~union; m !== 0; m &= m - 1) parents.push((cell * 9 + lowest(m)) << 1);
          emit(out, removals, parents);
        }
      }
    }
  }
}

/** X-Wings: a digit with the same two places in two base lines (line pairs in SE's order, then digits). */
function xWingHints(work: CandidateGrid, source: CandidateGrid, out: AdvancedOff[]): void {
  for (let kind = 0; kind < 2; kind++) {
    const baseLines = kind === 0 ? COLUMNS : ROWS;
    const coverLines = kind === 0 ? ROWS : COLUMNS;
    for (let j = 1; j < 9; j++) {
      const l2 = baseLines[j];
      for (let i = 0; i < j; i++) {
        const l1 = baseLines[i];
        const lineMask = (1 << i) | (1 << j);
        // Parents: the base lines' other places of the digit in the source grid, so one of them must have changed.
        for (let c = two[l1] & two[l2] & (changed[l1] | changed[l2]); c !== 0; c &= c - 1) {
          const d = lowest(c);
          const common = work.where[9 * l2 + d];
          if (work.where[9 * l1 + d] !== common) continue;
          if (work.placedCount[d + 1] + 4 > 9) continue;
          const removals: number[] = [];
          for (let m = common; m !== 0; m &= m - 1) {
            const cover = coverLines[lowest(m)];
            for (let r = work.where[9 * cover + d] & ~lineMask; r !== 0; r &= r - 1) removals.push((UNIT_CELLS[9 * cover + lowest(r)] * 9 + d) << 1);
          }
          if (removals.length === 0) continue;
          const parents: number[] = [];
          for (const line of [l1, l2]) {
            for (let m = source.where[9 * line + d] & ~work.where[9 * line + d] & ~common; m !== 0; m &= m - 1) parents.push((UNIT_CELLS[9 * line + lowest(m)] * 9 + d) << 1);
          }
          emit(out, removals, parents);
        }
      }
    }
  }
}

/**
 * SE's getAdvancedPotentials at level 1, for one propagation at a time: the
 * "off" nodes the first rule with a usable hint gives, in SE's order
 * (duplicates kept: the caller skips the nodes it has and takes the
 * others).
 *
 * The working grid only loses candidates, and each rule looks only at the
 * units whose places changed since it was last asked in the propagation
 * (since the source grid, the first time): a hint whose units have not
 * changed since was a hint then, with the same parents and at least its
 * removals, so the propagation took them, or it has no parents. The
 * changes are noted as the propagation removes candidates (`removed`).
 */
export class SetRules {
  /** For each rule (locking, hidden pairs, naked pairs, X-Wings) and unit: the digits whose places changed since the rule was last asked. */
  private readonly since = new Uint16Array(4 * 27);
  /** Whether a rule was asked since the propagation began. */
  private asked = false;

  /** Starts a propagation from the source grid. */
  begin(): void {
    this.since.fill(0);
    this.asked = false;
  }

  /** As after every rule was asked and gave nothing (a propagation taken up where the set rules gave nothing). */
  settle(): void {
    this.since.fill(0);
    this.asked = true;
  }

  /** Whether a rule was asked in the propagation before (so that the next ones look at less than the changes since the source grid). */
  noted(): boolean {
    return this.asked;
  }

  /** Notes that the working grid lost digit d (0-8) from `cell`. */
  removed(cell: number, d: number): void {
    const bit = 1 << d;
    const since = this.since;
    for (let k = 3 * cell; k < 3 * cell + 3; k++) {
      const unit = CELL_UNITS[k];
      since[unit] |= bit;
      since[27 + unit] |= bit;
      since[54 + unit] |= bit;
      since[81 + unit] |= bit;
    }
  }

  /**
   * The nodes; with `sinceSource`, each rule looks at every unit changed
   * since the source grid instead (for the check that both give the same
   * nodes), and the notes are kept.
   */
  offs(work: CandidateGrid, source: CandidateGrid, sinceSource = false): AdvancedOff[] {
    const out: AdvancedOff[] = [];
    const since = this.since;
    if (sinceSource) {
      for (let unit = 0; unit < 27; unit++) {
        let reduced = 0;
        for (let d = 0; d < 9; d++) if (work.where[9 * unit + d] !== source.where[9 * unit + d]) reduced |= 1 << d;
        changed[unit] = reduced;
      }
    } else {
      this.asked = true;
    }
    for (let rule = 0; rule < 4; rule++) {
      if (!sinceSource) {
        for (let unit = 0; unit < 27; unit++) {
          changed[unit] = since[27 * rule + unit];
          since[27 * rule + unit] = 0;
        }
      }
      if (rule === 0) lockingHints(work, source, out);
      else if (rule === 1) hiddenPairHints(work, source, out);
      else if (rule === 2) nakedPairHints(work, source, out);
      else {
        // The lines' digits with two places, for the X-Wings.
        for (let line = 0; line < 18; line++) {
          let pairs = 0;
          for (let d = 0; d < 9; d++) if (hasTwoBits(work.where[9 * line + d])) pairs |= 1 << d;
          two[line] = pairs;
        }
        xWingHints(work, source, out);
      }
      if (out.length > 0) return out;
    }
    return out;
  }
}
