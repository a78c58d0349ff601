/**
 * The implication graph of a grid for SE's static forcing chains and
 * cycles (Chaining(false, false, false, 0)): built once for the three
 * passes of the top-level producer (chaining.ts) and of the ones nested at
 * levels 2 and 3 (static-chains.ts, nested.ts), and reused by the static
 * multiple chains of level 3 (static-propagation.ts). Also which keys
 * reach a new link (markReachingNewLinks), which lets the nested ones skip
 * the starts that cannot give a hint.
 *
 * One graph at a time, in module-level typed arrays: the producers run one
 * after the other, and each rebuilds it for its grid.
 */
import { hasTwoBits } from "../core/bits.js";
import { BRC, CandidateGrid, CELL_BLOCK_WORD, CELL_COLUMN_WORD, CELL_ROW_WORD, digitBandWords, IS_PEER, UNIT_CELLS } from "./grid.js";
import { conjugateCell, lowest } from "./helpers.js";
import { CAUSE_CELL, CAUSE_REGION } from "./propagation.js";

const CELL = CAUSE_CELL;
const REGION = CAUSE_REGION;

/**
 * The implication graph of the working grid, built once for the three
 * passes (the links of "on" keys when first followed): for each present candidate's key, its Y links (an "off" key: the
 * other digit of a bivalue cell; an "on" key: the cell's other digits), then
 * its X links (the conjugate cells' "on" keys; the digit's other cells'
 * "off" keys), as adjacency[linkStart[key]..linkMid[key]-1] and
 * [linkMid[key]..linkEnd[key]-1]. A pass uses its own links: X only (the X
 * pass), Y for "off" keys and both for "on" keys (the Y pass: SE's "on"
 * rule always includes the region rule), both (the XY pass): see selectPass.
 */
export const linkStart = new Int32Array(1458);
const linkMid = new Int32Array(1458);
export const linkEnd = new Int32Array(1458);
/**
 * Room for every link of a grid: an "off" key has at most 4 (the bivalue
 * partner and a conjugate per unit), an "on" key at most 28 (8 other digits,
 * 20 peers).
 */
export const adjacency = new Int32Array(729 * 32);
/** The cause SE gives the key each link leads to (CELL, REGION + k). */
export const linkCause = new Uint8Array(729 * 32);
let adjacencyLength = 0;

/** Each digit's candidates in the graph's grid, as band words: candidateWords[3 * digit + band] (the cycle test reads them too). */
export const candidateWords = new Int32Array(27);

/** Where the last peerOffs put its row peers and its column peers (its block peers start at its `at`). */
let rowPeersAt = 0;
let columnPeersAt = 0;

/**
 * The peers of `cell` among digit d's cells `words` (band words at
 * words[3 * d + band]), in SE's house order (block, then row, then column,
 * each in unit order: the order of HOUSE), as "off" keys into `keys` from
 * `at`; returns the new length. Three masked words instead of the 20 peers
 * one by one.
 */
function peerOffs(words: Int32Array, d: number, cell: number, keys: Int32Array, at: number): number {
  const band = (cell / 27) | 0;
  const pos = cell - 27 * band;
  const block = CELL_BLOCK_WORD[cell];
  const own = words[3 * d + band];
  // A block's and a row's cells in unit order are their band word's bits in increasing order, and so are a column's, band by band.
  for (let m = own & block & ~(1 << pos); m !== 0; m &= m - 1) keys[at++] = ((27 * band + lowest(m)) * 9 + d) << 1;
  rowPeersAt = at;
  for (let m = own & CELL_ROW_WORD[cell] & ~block; m !== 0; m &= m - 1) keys[at++] = ((27 * band + lowest(m)) * 9 + d) << 1;
  columnPeersAt = at;
  const column = CELL_COLUMN_WORD[cell];
  for (let b = 0; b < 3; b++) {
    if (b === band) continue;
    for (let m = words[3 * d + b] & column; m !== 0; m &= m - 1) keys[at++] = ((27 * b + lowest(m)) * 9 + d) << 1;
  }
  return at;
}

export function buildGraph(grid: CandidateGrid): void {
  let length = 0;
  digitBandWords(grid, candidateWords);
  // A candidate has X links when a unit holds its digit in one other place; most have none.
  xStrong.fill(0);
  for (let unit = 0; unit < 27; unit++) {
    for (let d = 0; d < 9; d++) {
      const places = grid.where[9 * unit + d];
      if (!hasTwoBits(places)) continue;
      xStrong[UNIT_CELLS[9 * unit + lowest(places)]] |= 1 << d;
      xStrong[UNIT_CELLS[9 * unit + lowest(places & (places - 1))]] |= 1 << d;
    }
  }
  for (let cell = 0; cell < 81; cell++) {
    const cands = grid.candidates[cell];
    const bivalue = hasTwoBits(cands);
    yStrong[cell] = bivalue ? cands : 0;
    const x = xStrong[cell];
    for (let m = cands; m !== 0; m &= m - 1) {
      const d = lowest(m);
      const off = (cell * 9 + d) << 1;
      linkStart[off] = length;
      if (bivalue) {
        linkCause[length] = CELL;
        adjacency[length++] = ((cell * 9 + lowest(cands & ~(1 << d))) << 1) | 1;
      }
      linkMid[off] = length;
      if ((x & (1 << d)) !== 0) {
        const xStart = length;
        for (let k = 0; k < 3; k++) {
          const unit = BRC[3 * cell + k];
          const other = conjugateCell(unit, grid.where[9 * unit + d], cell);
          if (other < 0) continue;
          const on = ((other * 9 + d) << 1) | 1;
          let dup = false;
          for (let i = xStart; i < length; i++) if (adjacency[i] === on) dup = true;
          if (dup) continue;
          linkCause[length] = REGION + k;
          adjacency[length++] = on;
        }
      }
      linkEnd[off] = length;
    }
  }
  adjacencyLength = length;
  graphGrid = grid;
  graphVersion++;
  strongLength = 0;
  passVersion++;
}

/** The candidates of the graph's grid, by cell. */
export function graphCandidates(): Uint16Array {
  return graphGrid.candidates;
}

/** Fills `out` with the cells whose "off" key of each digit has links (X or Y), as band words: out[3 * digit + band]. */
export function linkedOffWords(out: Int32Array): void {
  out.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    const band = (cell / 27) | 0;
    const bit = 1 << (cell - 27 * band);
    for (let m = xStrong[cell] | yStrong[cell]; m !== 0; m &= m - 1) out[3 * lowest(m) + band] |= bit;
  }
}

/** The grid of the graph, and the version whose "on" keys' links are built (onBuilt[key] === graphVersion). */
let graphGrid = new CandidateGrid();
export let graphVersion = 0;
export const onBuilt = new Int32Array(1458);

/**
 * Builds the links of an "on" key when first needed (most are never
 * followed): the cell's other digits, then the digit's other cells in the
 * block, row and column.
 */
export function ensureOn(on: number): void {
  if (onBuilt[on] === graphVersion) return;
  onBuilt[on] = graphVersion;
  const candidates = graphGrid.candidates;
  const pot = on >> 1;
  const cell = (pot / 9) | 0;
  const d = pot - 9 * cell;
  let length = adjacencyLength;
  linkStart[on] = length;
  for (let o = candidates[cell] & ~(1 << d); o !== 0; o &= o - 1) {
    linkCause[length] = CELL;
    adjacency[length++] = (cell * 9 + lowest(o)) << 1;
  }
  linkMid[on] = length;
  length = peerOffs(candidateWords, d, cell, adjacency, length);
  // The cause is the first of the block, row and column holding the peer.
  for (let i = linkMid[on]; i < length; i++) linkCause[i] = i < rowPeersAt ? REGION : i < columnPeersAt ? REGION + 1 : REGION + 2;
  linkEnd[on] = length;
  adjacencyLength = length;
}

/**
 * The links of the current pass: those of key k are adjacency[low[k]..]
 * up to onHigh[k] ("on" keys) or offHigh[k] ("off" keys).
 */
export let low = linkStart;
export let onHigh = linkEnd;
export let offHigh = linkEnd;

/** Selects pass 0 (X links), 1 (Y links) or 2 (both). */
export function selectPass(pass: number): void {
  low = pass === 0 ? linkMid : linkStart;
  onHigh = linkEnd;
  offHigh = pass === 1 ? linkMid : linkEnd;
  currentPass = pass;
  passVersion++;
  strongLength = 0;
  strongWords.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    const mask = pass === 0 ? xStrong[cell] : pass === 1 ? yStrong[cell] : xStrong[cell] | yStrong[cell];
    strongMask[cell] = mask;
    const band = (cell / 27) | 0;
    const bit = 1 << (cell - 27 * band);
    for (let m = mask; m !== 0; m &= m - 1) strongWords[3 * lowest(m) + band] |= bit;
  }
}
let currentPass = 0;

/**
 * The searches' "on" keys' links without the "off" keys that have no link
 * in the pass (sinks), in the same order: strongAdjacency[strongStart[k]..
 * strongEnd[k]-1], made when first needed in the pass (strongBuilt[k] ===
 * passVersion). A sink adds nothing to a search: only the link to the
 * start's negation matters there, and that one is found by `implies`.
 */
export const strongAdjacency = new Int32Array(729 * 32);
export const strongStart = new Int32Array(1458);
export const strongEnd = new Int32Array(1458);
export const strongBuilt = new Int32Array(1458);
let strongLength = 0;
export let passVersion = 0;

/** The digits of each cell whose "off" key has X links (xStrong) or a Y link (yStrong), and those that have links in the pass (strongMask). */
const xStrong = new Uint16Array(81);
const yStrong = new Uint16Array(81);
export const strongMask = new Uint16Array(81);
/** The cells whose "off" key of each digit has links in the pass, as band words: strongWords[3 * digit + band]. */
const strongWords = new Int32Array(27);

export function ensureStrong(on: number): void {
  strongBuilt[on] = passVersion;
  const pot = on >> 1;
  const cell = (pot / 9) | 0;
  const d = pot - 9 * cell;
  const bit = 1 << d;
  let length = strongLength;
  strongStart[on] = length;
  // As ensureOn, without the sinks: the cell's other digits (not in the X pass), then the digit's peers.
  if (currentPass !== 0) for (let o = strongMask[cell] & ~bit; o !== 0; o &= o - 1) strongAdjacency[length++] = (cell * 9 + lowest(o)) << 1;
  length = peerOffs(strongWords, d, cell, strongAdjacency, length);
  strongEnd[on] = length;
  strongLength = length;
}

/** Whether the "on" key `on` has a link to the "off" key `off` in the current pass (the cell's other digits unless X only, the digit's peers). */
export function implies(on: number, off: number): boolean {
  const a = on >> 1;
  const b = off >> 1;
  const cellA = (a / 9) | 0;
  const cellB = (b / 9) | 0;
  if (cellA === cellB) return a !== b && currentPass !== 0;
  return a - 9 * cellA === b - 9 * cellB && IS_PEER[81 * cellA + cellB] === 1;
}

// Which starts can give a hint at all. A cycle comes back to the start's
// "on" key through a link from an "off" key, so the start's "off" key has
// links too (they are symmetric). And when the grid the outer propagation
// started from has no static forcing chain (always so for the top-level producer: SE
// asks the static chains first), a forcing chain on the working grid must
// use an "off" -> "on" link that is new (its cell or unit lost candidates in
// the propagation: the others all exist in the source grid, where the chain
// would then exist too), so its start reaches the tail of such a link. The
// graph is its own contrapositive (a -> b iff not b -> not a), so the keys
// that reach a tail are the negations of those reached from the tails'
// negations: one breadth-first search. The other starts are skipped.

export const reached = new Int32Array(1458);
/** The keys of a breadth-first search that visits each key once (spread, StaticPropagator.reach), or markCommonReach's circular queue. */
export const reachQueue = new Int32Array(1458);
let reachStamp = 0;

/**
 * Marks (reached[key] === returned stamp) the keys reached from the negated
 * tails of the new "off" -> "on" links of the pass: key k reaches a tail iff
 * reached[k ^ 1] is marked.
 */
export function markReachingNewLinks(grid: CandidateGrid, source: CandidateGrid): number {
  const stamp = ++reachStamp;
  let length = 0;
  const count = newLinkPairs(grid, source);
  for (let i = 0; i < 2 * count; i++) {
    const on = newLinkEnds[i];
    if (reached[on] === stamp) continue;
    reached[on] = stamp;
    reachQueue[length++] = on;
  }
  spread(reached, stamp, length);
  return stamp;
}

/**
 * The new links of the pass, one pair (off(a) -> on(b) and off(b) ->
 * on(a)) at a time, as the "on" keys of both ends, a first:
 * newLinkEnds[2i], newLinkEnds[2i + 1]. Only a cell (a unit's places of a
 * digit) that changed since `source` can hold one, so only those are
 * looked at, not every link. A pair of places linked in two units (a box
 * and a row) is a link of the first of them, as buildGraph lists it, and new
 * when that unit changed.
 */
const newLinkEnds = new Int32Array(2 * 729);

export function newLinkPairs(grid: CandidateGrid, source: CandidateGrid): number {
  let count = 0;
  if (currentPass !== 0) {
    for (let cell = 0; cell < 81; cell++) {
      const cands = grid.candidates[cell];
      if (cands === source.candidates[cell] || !hasTwoBits(cands)) continue;
      newLinkEnds[2 * count] = ((cell * 9 + lowest(cands)) << 1) | 1;
      newLinkEnds[2 * count + 1] = ((cell * 9 + lowest(cands & (cands - 1))) << 1) | 1;
      count++;
    }
  }
  if (currentPass === 1) return count;
  for (let w = 0; w < 243; w++) {
    const positions = grid.where[w];
    if (positions === source.where[w] || !hasTwoBits(positions)) continue;
    const unit = (w / 9) | 0;
    const d = w - 9 * unit;
    const a = UNIT_CELLS[9 * unit + lowest(positions)];
    const b = UNIT_CELLS[9 * unit + lowest(positions & (positions - 1))];
    if (firstLinkUnit(grid, a, b, d) !== unit) continue;
    newLinkEnds[2 * count] = ((a * 9 + d) << 1) | 1;
    newLinkEnds[2 * count + 1] = ((b * 9 + d) << 1) | 1;
    count++;
  }
  return count;
}

/**
 * Whether `grid`, reduced from `source`, has an "off" -> "on" link of the
 * XY pass that `source` lacks: newLinkPairs of pass 2, stopped at the first
 * (most working grids have one, and it is asked on every one).
 */
export function hasNewLinks(grid: CandidateGrid, source: CandidateGrid): boolean {
  for (let cell = 0; cell < 81; cell++) {
    const cands = grid.candidates[cell];
    if (cands !== source.candidates[cell] && hasTwoBits(cands)) return true;
  }
  for (let w = 0; w < 243; w++) {
    const positions = grid.where[w];
    if (positions === source.where[w] || !hasTwoBits(positions)) continue;
    const unit = (w / 9) | 0;
    const d = w - 9 * unit;
    if (firstLinkUnit(grid, UNIT_CELLS[9 * unit + lowest(positions)], UNIT_CELLS[9 * unit + lowest(positions & (positions - 1))], d) === unit) return true;
  }
  return false;
}

/** The first of cell a's block, row and column where a and b are the digit's only places (-1: none). */
function firstLinkUnit(grid: CandidateGrid, a: number, b: number, d: number): number {
  for (let k = 0; k < 3; k++) {
    const unit = BRC[3 * a + k];
    if (conjugateCell(unit, grid.where[9 * unit + d], a) === b) return unit;
  }
  return -1;
}

/**
 * Breadth-first from the first `length` keys of reachQueue (each marked
 * seen[key] === stamp): marks and queues every key they reach through the
 * pass's links; returns the queue's length.
 */
function spread(seen: Int32Array, stamp: number, length: number): number {
  for (let head = 0; head < length; head++) {
    const key = reachQueue[head];
    if (key & 1) ensureOn(key);
    const end = key & 1 ? onHigh[key] : offHigh[key];
    for (let i = low[key]; i < end; i++) {
      const next = adjacency[i];
      if (seen[next] === stamp) continue;
      seen[next] = stamp;
      reachQueue[length++] = next;
    }
  }
  return length;
}

// A sharper test for the forcing chains, on the same ground. A chain that
// uses the new link off(t) -> on(h) goes start -> ... -> off(t) -> on(h)
// -> ... -> the start's negation, and by the contrapositive the start also
// reaches off(h): the start reaches both "off" ends of one new link. Those
// keys are the negations of the keys reached from both on(t) and on(h).

/** chainStarts[key] === the stamp markChainStarts returned: the key reaches both "off" ends of one new link. */
export const chainStarts = new Int32Array(1458);
let chainStartStamp = 0;

/**
 * Which link ends reach each key, one bit per end (a link's tail 2i, its
 * head 2i + 1), for up to 16 links at a time: the ends' reaches overlap
 * (on 8 hard puzzles a call's 14 searches of about 20 keys each meet 65
 * distinct keys), so one search that carries the bits visits each key a
 * few times instead of once per end.
 */
const endBits = new Int32Array(1458);
/** Bits a key has gained and not yet passed on; non-zero exactly while it waits in the queue. */
const pendingBits = new Int32Array(1458);
const touched = new Int32Array(1458);
const LINKS_PER_SEARCH = 16;

/** The digits of each cell whose "on" key markChainStarts marked last. */
export const chainOnDigits = new Uint16Array(81);
/** How many keys markChainStarts marked last. */
export let chainStartCount = 0;

/** Marks the keys that can start a forcing chain in the pass on `grid` when `source`, which it was reduced from, has none. */
export function markChainStarts(grid: CandidateGrid, source: CandidateGrid): number {
  const stamp = ++chainStartStamp;
  chainOnDigits.fill(0);
  chainStartCount = 0;
  const count = newLinkPairs(grid, source);
  for (let first = 0; first < count; first += LINKS_PER_SEARCH) {
    markCommonReach(first, Math.min(count, first + LINKS_PER_SEARCH), stamp);
  }
  return stamp;
}

/** The "on" key of end `i` of the links newLinkPairs found last (a link's ends are 2k and 2k + 1). */
export function newLinkEnd(i: number): number {
  return newLinkEnds[i];
}

/**
 * markChainStarts for the first `links` links newLinkPairs found, on the strongly
 * connected parts of the pass's search graph (cycle-parts.ts, its walk
 * rooted at every end among others), given in the order they were closed:
 * read backwards, a part comes before every part it reaches, so each key
 * passes the ends' bits on once, where the search passes them on as they
 * come (twice per key on average). The keys of one part reach each other,
 * so they share their bits. The same marks.
 */
export function markChainStartsOnParts(links: number, keys: Int32Array, ends: Int32Array, parts: number): number {
  const stamp = ++chainStartStamp;
  chainOnDigits.fill(0);
  chainStartCount = 0;
  for (let first = 0; first < links; first += LINKS_PER_SEARCH) {
    const end = Math.min(links, first + LINKS_PER_SEARCH);
    let touchedCount = 0;
    for (let i = first; i < end; i++) {
      for (let side = 0; side < 2; side++) {
        const key = newLinkEnds[2 * i + side];
        if (endBits[key] === 0) touched[touchedCount++] = key;
        endBits[key] |= 1 << (2 * (i - first) + side);
      }
    }
    for (let p = parts - 1; p >= 0; p--) {
      const from = p === 0 ? 0 : ends[p - 1];
      const to = ends[p];
      let bits = 0;
      for (let i = from; i < to; i++) bits |= endBits[keys[i]];
      if (bits === 0) continue;
      for (let i = from; i < to; i++) {
        const key = keys[i];
        if (endBits[key] === 0) touched[touchedCount++] = key;
        endBits[key] = bits;
      }
      for (let i = from; i < to; i++) {
        const key = keys[i];
        const on = key & 1;
        if (on) ensureOn(key);
        const high = on ? onHigh[key] : offHigh[key];
        for (let j = low[key]; j < high; j++) {
          const next = adjacency[j];
          const had = endBits[next];
          if ((bits & ~had) === 0) continue;
          if (had === 0) touched[touchedCount++] = next;
          endBits[next] = had | bits;
        }
      }
    }
    markTouched(touchedCount, stamp);
  }
  return stamp;
}

/** Marks chainStarts[k ^ 1] for the first `count` touched keys k that hold both ends of one link, and clears their bits. */
function markTouched(count: number, stamp: number): void {
  for (let i = 0; i < count; i++) {
    const key = touched[i];
    const bits = endBits[key];
    if ((bits & (bits >>> 1) & 0x55555555) !== 0) {
      chainStarts[key ^ 1] = stamp;
      chainStartCount++;
      if ((key & 1) === 0) {
        const pot = key >> 1;
        const cell = (pot / 9) | 0;
        chainOnDigits[cell] |= 1 << (pot - 9 * cell);
      }
    }
    endBits[key] = 0;
  }
}

/**
 * Marks chainStarts[k ^ 1] for every key k reached from both ends of one
 * of the new links first..end-1: reachability by bit sets, each key
 * passing on only the bits it has newly gained (the queue is circular, as
 * a key waits in it at most once at a time).
 */
function markCommonReach(first: number, end: number, stamp: number): void {
  let touchedCount = 0;
  let front = 0;
  let size = 0;
  for (let i = first; i < end; i++) {
    for (let side = 0; side < 2; side++) {
      const key = newLinkEnds[2 * i + side];
      const bit = 1 << (2 * (i - first) + side);
      if (endBits[key] === 0) touched[touchedCount++] = key;
      if ((endBits[key] & bit) !== 0) continue;
      endBits[key] |= bit;
      if (pendingBits[key] === 0) reachQueue[size++] = key;
      pendingBits[key] |= bit;
    }
  }
  while (size > 0) {
    const key = reachQueue[front];
    front = front === 1457 ? 0 : front + 1;
    size--;
    const bits = pendingBits[key];
    pendingBits[key] = 0;
    const on = key & 1;
    if (on) ensureOn(key);
    const high = on ? onHigh[key] : offHigh[key];
    for (let i = low[key]; i < high; i++) {
      const next = adjacency[i];
      const had = endBits[next];
      const gained = bits & ~had;
      if (gained === 0) continue;
      if (had === 0) touched[touchedCount++] = next;
      endBits[next] = had | gained;
      // An "off" key without links in the pass passes nothing on.
      if (on && offHigh[next] === low[next]) continue;
      if (pendingBits[next] === 0) {
        let at = front + size;
        if (at >= 1458) at -= 1458;
        reachQueue[at] = next;
        size++;
      }
      pendingBits[next] |= gained;
    }
  }
  markTouched(touchedCount, stamp);
}
