/**
 * Exact test for a closed band-3 problem: bands 1+2 can take no more clues,
 * so every UA the clues miss is a set of band-3 cells, and the question is
 * whether some `left` band-3 cells hit them all. The band-3 bound (mini-row
 * needs plus greedy disjoint UAs) answers "maybe" on almost every valid
 * bands-1+2 clue set of pass 2, and the joint search then spends about ten
 * nodes of three-word lists to find no cover (19,531 of 20,000 closed
 * problems of a pass-2a entry). This search does the same proof on one word
 * per UA, with nothing else to carry, so the joint search and the
 * bands-1+2 uniqueness check run only where a cover exists.
 *
 * Cells are bits of a 27-bit band word (bit 9*row + column).
 */
import { popcount } from "../core/bits.js";

/** Most UAs one problem can list (band UAs, socket patterns, learned UAs). */
const CAPACITY = 2304;
/** A band 3 takes at most 17 - 4 clues, and each level adds one. */
const MAX_DEPTH = 15;
const FULL = 0x7ffffff;

/**
 * MINIROW_NEED[family] for a family of 3-bit patterns of one mini-row (bit
 * p set when pattern p must be hit): the fewest cells of the mini-row that
 * hit every pattern (2 for the three pairs, where greedy disjointness sees 1).
 */
export const MINIROW_NEED = new Uint8Array(256);
for (let family = 0; family < 256; family++) {
  let best = 3;
  for (let hit = 0; hit < 8; hit++) {
    let ok = true;
    for (let pattern = 1; pattern < 8; pattern++) if ((family >> pattern) & 1 && (pattern & hit) === 0) ok = false;
    if (ok) best = Math.min(best, popcount(hit));
  }
  MINIROW_NEED[family] = best;
}

/**
 * ROW_CELLS[family]: the cells of a mini-row (3 bits) that belong to some
 * smallest set hitting every pattern of the family; a mini-row given
 * exactly MINIROW_NEED[family] clues takes them there.
 */
export const ROW_CELLS = new Uint8Array(256);
for (let family = 0; family < 256; family++) {
  for (let hit = 0; hit < 8; hit++) {
    let ok = true;
    for (let pattern = 1; pattern < 8; pattern++) if ((family >> pattern) & 1 && (pattern & hit) === 0) ok = false;
    if (ok && popcount(hit) === MINIROW_NEED[family]) ROW_CELLS[family] |= hit;
  }
}

/** The cells of the mini-rows `rows` (3 bits each, as in a band word) that a smallest set hitting each one's family may take. */
export function rowCells(family: Int32Array, rows: number): number {
  let cells = 0;
  for (; rows !== 0; rows &= rows - 7 * (rows & -rows)) {
    const r = ((31 - Math.clz32(rows & -rows)) / 3) | 0;
    cells |= ROW_CELLS[family[r]] << (3 * r);
  }
  return cells;
}

/**
 * At a critical node, a UA whose allowed cells `cells` lie inside one
 * mini-row of the family's rows (its lowest cell at `shift`) must be hit
 * there: its pattern joins that row's family. Returns -1 when that raises
 * the row's need (the node is dead), 1 when the family grew, 0 when the
 * UA is not inside the mini-row or adds nothing.
 */
export function joinMiniRow(family: Int32Array, cells: number, shift: number): number {
  if ((cells & ~(7 << shift)) !== 0) return 0;
  const r = (shift / 3) | 0;
  const before = family[r];
  const after = before | (1 << (cells >>> shift));
  if (after === before) return 0;
  if (MINIROW_NEED[after] > MINIROW_NEED[before]) return -1;
  family[r] = after;
  return 1;
}

/** ROW_SHIFT[cell] = 3 * (cell's mini-row): the shift of the mini-row holding a band cell. */
export const ROW_SHIFT = Uint8Array.from({ length: 27 }, (_, cell) => cell - (cell % 3));
/** MINIROW_OF[cell]: the mini-row (0..8) holding a band cell; a table, since `shift / 3` as an index costs a float division. */
export const MINIROW_OF = Uint8Array.from({ length: 27 }, (_, cell) => (cell / 3) | 0);

export class Band3Cover {
  /** Per level, the UAs not hit yet, cut to the cells still allowed. */
  private readonly lists = new Int32Array(CAPACITY * (MAX_DEPTH + 1));
  private readonly counts = new Int32Array(MAX_DEPTH + 1);
  private readonly family = new Int32Array(9);
  /** A critical node's disjoint UAs (each takes exactly one clue), and which of them holds each of their cells (set per node, read only for those). */
  private readonly groups = new Int32Array(MAX_DEPTH + 1);
  private readonly confinedGroups = new Int32Array(MAX_DEPTH + 1);
  private readonly groupOf = new Int8Array(27);
  /**
   * The problem's mini-row patterns (addMiniRowPatterns) by shape, as cells:
   * single cells; the first cell of pairs of adjacent cells (0-1, 1-2); the
   * first cell of pairs 0-2; the first cell of full mini-rows. A mask holds
   * one of them when these AND with its own shifted copies (add).
   */
  private singles = 0;
  private pairs1 = 0;
  private pairs2 = 0;
  private triplets = 0;
  /**
   * The root's mini-row families and rows, kept as UAs are added: the root
   * list is the longest (80 UAs on average in pass 2a, against 29 below),
   * and a caller that adds its families whole (addMiniRowPatterns) and the
   * rest with addSpread spares the root its pass over them.
   */
  private readonly rootFamily = new Int32Array(9);
  private rootRows = 0;
  /** Nodes searched, summed over calls. */
  nodes = 0;
  /** UAs left out because they hold one of the problem's mini-row patterns, summed over calls. */
  redundant = 0;

  /** Starts a problem with no UA. */
  clear(): void {
    this.counts[0] = 0;
    this.singles = 0;
    this.pairs1 = 0;
    this.pairs2 = 0;
    this.triplets = 0;
    this.rootFamily.fill(0);
    this.rootRows = 0;
  }

  /**
   * Adds the patterns of mini-row r's family (bit p set: the cells p of the
   * mini-row, as 3 bits, must be hit). A UA added after this that holds
   * one of them is redundant (any cover hits it) and is left out, which
   * keeps every node's list shorter (about 40% of the UAs of a pass-2a
   * problem) and changes no choice of the search: such a UA is larger than
   * its pattern and meets the pattern's mini-row.
   */
  addMiniRowPatterns(r: number, family: number): void {
    if (family === 0) return;
    for (let pattern = 1; pattern < 8; pattern++) if ((family >> pattern) & 1) this.add(pattern << (3 * r));
    // Registered after its own patterns are in: each holds itself.
    const at = 3 * r;
    for (let pattern = 1; pattern < 8; pattern++) {
      if (((family >> pattern) & 1) === 0) continue;
      if ((pattern & (pattern - 1)) === 0) this.singles |= pattern << at;
      else if (pattern === 3) this.pairs1 |= 1 << at;
      else if (pattern === 6) this.pairs1 |= 2 << at;
      else if (pattern === 5) this.pairs2 |= 1 << at;
      else this.triplets |= 1 << at;
    }
  }

  /** Adds a UA (band-3 cells, not empty) to the problem; beyond the capacity it is left out, which only weakens the test. */
  add(mask: number): void {
    const low = 31 - Math.clz32(mask & -mask);
    const shift = ROW_SHIFT[low];
    if (mask >>> shift >= 8) {
      this.addSpread(mask);
    } else if (!this.holdsPattern(mask) && this.push(mask)) {
      this.rootFamily[MINIROW_OF[low]] |= 1 << (mask >>> shift);
      this.rootRows |= 7 << shift;
    }
  }

  /** add() for a UA known to lie in more than one mini-row (band UAs, GUA4/GUA6 patterns, most learned UAs): no family to join. */
  addSpread(mask: number): void {
    if (!this.holdsPattern(mask)) this.push(mask);
  }

  /** Whether `mask` holds one of the problem's mini-row patterns (then any cover hits it). */
  private holdsPattern(mask: number): boolean {
    const next1 = mask & (mask >>> 1);
    if (((mask & this.singles) | (next1 & this.pairs1) | (mask & (mask >>> 2) & this.pairs2) | (next1 & (mask >>> 2) & this.triplets)) === 0) return false;
    this.redundant++;
    return true;
  }

  private push(mask: number): boolean {
    if (this.counts[0] >= CAPACITY) return false;
    this.lists[this.counts[0]++] = mask;
    return true;
  }

  /** Whether at most `left` cells hit every UA added. */
  coverable(left: number): boolean {
    return this.node(0, Math.min(left, MAX_DEPTH), FULL);
  }

  private node(level: number, left: number, allowed: number): boolean {
    this.nodes++;
    const lists = this.lists;
    const count = this.counts[level];
    if (count === 0) return true;
    if (left === 0) return false;
    const base = level * CAPACITY;
    // Bound: mini-row needs of the UAs inside one mini-row, then greedy disjoint others.
    const family = this.family;
    let inRows = 0;
    if (level === 0) {
      family.set(this.rootFamily);
      inRows = this.rootRows;
    } else {
      family.fill(0);
      for (let i = base, end = base + count; i < end; i++) {
        const m = lists[i];
        const low = 31 - Math.clz32(m & -m);
        const shift = ROW_SHIFT[low];
        const pattern = m >>> shift;
        // A branch, not a mask: only 16% of the UAs lie in one mini-row (pass 2a), and this measured 6% faster on the cover alone.
        if (pattern < 8) {
          family[MINIROW_OF[low]] |= 1 << pattern;
          inRows |= 7 << shift;
        }
      }
    }
    let need = 0;
    for (let r = 0; r < 9; r++) need += MINIROW_NEED[family[r]];
    let used = inRows;
    const groups = this.groups;
    const confinedGroups = this.confinedGroups;
    let groupCount = 0;
    for (let i = base, end = base + count; i < end && need <= left; i++) {
      const m = lists[i];
      if ((m & used) === 0) {
        used |= m;
        need++;
        if (groupCount < groups.length) groups[groupCount++] = m;
      }
    }
    if (need > left) return false;
    if (need === left) {
      // Critical: every cell left goes to the groups counted, nothing
      // outside them: each mini-row exactly its need, in a smallest set of
      // its cells hitting its patterns (ROW_CELLS), and each disjoint UA
      // exactly one. So a UA with no cell there cannot be hit, one whose
      // cells there lie in a mini-row joins that row's patterns (fatal if
      // the row's need grows), and one whose cells there lie in a single
      // disjoint UA confines that UA's clue to them.
      const groupOf = this.groupOf;
      for (let g = 0; g < groupCount; g++) {
        for (let cells = groups[g]; cells !== 0; cells &= cells - 1) groupOf[31 - Math.clz32(cells & -cells)] = g;
        confinedGroups[g] = groups[g];
      }
      allowed &= (used & ~inRows) | rowCells(family, inRows);
      let changed = false;
      for (let i = base, end = base + count; i < end; i++) {
        const a = lists[i] & allowed;
        if (a === 0) return false;
        const lowBit = a & -a;
        const low = 31 - Math.clz32(lowBit);
        if ((lowBit & inRows) === 0) {
          // Allowed cells outside the mini-rows are cells of the disjoint UAs (groupOf is set for them at this node).
          const g = groupOf[low];
          if ((a & ~groups[g]) === 0 && (confinedGroups[g] & ~a) !== 0) {
            confinedGroups[g] &= a;
            if (confinedGroups[g] === 0) return false;
            changed = true;
          }
        } else {
          // Cells in the mini-rows.
          const joined = joinMiniRow(family, a, ROW_SHIFT[low]);
          if (joined < 0) return false;
          if (joined > 0) changed = true;
        }
      }
      if (changed) {
        let narrowed = rowCells(family, inRows);
        for (let g = 0; g < groupCount; g++) narrowed |= confinedGroups[g];
        allowed &= narrowed;
      }
    }
    // The branch UA, the smallest, is looked for only now: most nodes end on the bound.
    let best = base;
    let bestSize = 99;
    for (let i = base, end = base + count; i < end; i++) {
      const size = popcount(lists[i]);
      if (size < bestSize) {
        bestSize = size;
        best = i;
      }
    }
    const child = base + CAPACITY;
    let cells = lists[best] & allowed;
    while (cells !== 0) {
      const cell = cells & -cells;
      cells ^= cell;
      // Later siblings do without this cell: a cover holding it is found here.
      const live = allowed & ~cell;
      let n = 0;
      let empty = 0;
      for (let i = base, end = base + count; i < end; i++) {
        // Branch-free (whether the cell hits a UA looks random): the UA is
        // written in any case and kept when the cell misses it.
        const m = lists[i];
        const missed = ((m & cell) - 1) >>> 31;
        const r = m & live;
        lists[child + n] = r;
        n += missed;
        empty |= missed & ((r - 1) >>> 31);
      }
      if (empty === 0) {
        this.counts[level + 1] = n;
        if (this.node(level + 1, left - 1, live)) return true;
      }
      allowed = live;
    }
    return false;
  }
}
