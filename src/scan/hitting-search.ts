/**
 * The grid scan's kernel: every N-clue subset of a grid's cells that hits
 * every unavoidable set and has a unique solution (seed 003's job, searched
 * the way McGuire et al. describe in "There is no 16-clue Sudoku": branch on
 * the shortest unhit UA, make each tried cell "dead" for its later siblings,
 * prune by disjoint unhit UAs, test survivors with the known grid).
 *
 * Exactly once: at a node, every clue set S below it hits the chosen unhit UA
 * U; S is reached only through the first cell of U (in branch order) that S
 * holds, the earlier ones being dead in that branch. This holds whichever UA
 * each node picks, so UAs may be added while the search runs.
 *
 * Layout: the shortest `indexSize` UAs are bits of a per-node "unhit" vector
 * (W = indexSize/32 words per depth, one typed array for all depths); each
 * cell has the vector of the index UAs it hits, so placing a clue is W
 * AND-NOTs and the shortest unhit UA is the first set bit (UAs sorted by
 * size). Longer UAs and the UAs the solver returns during the search form the
 * "tail", checked only when a clue set hits the whole index; the index is
 * rebuilt with them between chunks.
 *
 * Dead ends are cut early and shared: a node first checks the disjoint UAs
 * its parent's scan found (inheritedDeadEnd), and a node that dies records
 * which cells its reason uses (setProof), so later siblings outside them
 * are skipped and a node whose children all die passes the union up. These
 * cut only subtrees with no clue set hitting every index UA (no candidate,
 * no escape), so the puzzles and their order stay those of the plain search.
 */
import { BitboardSolver } from "../solver/bitboard.js";
import { popcount } from "../core/bits.js";
import { WasmKernel } from "./wasm-kernel.js";

const FULL = 0x7ffffff;

/** Numbers per depth in `members`: up to 81 disjoint UAs, 4 numbers each. */
const MEMBER_STRIDE = 4 * 82;

export interface SearchStats {
  nodes: number;
  /** Clue sets that hit every known UA and went to the solver. */
  solverCalls: number;
  /** UAs the solver returned and the search added. */
  addedUAs: number;
  found: number;
}

/** Called with each puzzle found: its clue cells as three band words. */
export type FoundCallback = (b0: number, b1: number, b2: number) => void;

export class HittingSearch {
  readonly stats: SearchStats = { nodes: 0, solverCalls: 0, addedUAs: 0, found: 0 };
  private readonly solver = new BitboardSolver();
  private readonly puzzle = new Uint8Array(81);
  private words = 0;
  private indexCount = 0;
  private index = new Int32Array(0);
  private cellHits = new Int32Array(0);
  private unhit = new Int32Array(0);
  private tail = new Int32Array(3 * 1024);
  private tailCount = 0;
  /** Set by scanUnhit: the node's clues are confined to the union of `left` disjoint UAs. */
  private restricted = false;
  /**
   * Per depth, the disjoint UAs of that depth's last scanUnhit (live words
   * and index, 4 numbers each; confined when restricted) and their number,
   * 0 when the node there did not scan: a child starts from its parent's.
   */
  private members = new Int32Array(0);
  private memberCount = new Int32Array(0);
  /** The last node's dead-end proof (setProof), and the extra cells of confine's. */
  private proofValid = false;
  private proof0 = 0;
  private proof1 = 0;
  private proof2 = 0;
  private extra0 = 0;
  private extra1 = 0;
  private extra2 = 0;
  private union0 = 0;
  private union1 = 0;
  private union2 = 0;
  /** All UAs known (index and tail), 3 words each, for rebuilding. */
  private all: number[] = [];
  /** The WebAssembly kernel for the subtrees with `kernelLeft` clues left (null: JS only). */
  private kernel: WasmKernel | null = null;
  /** Set while a subtree whose records overflowed the kernel's buffer runs in JS. */
  private kernelBypass = false;

  /**
   * `kernelLeft` > 0: the subtrees of nodes with that many clues left (and an
   * unhit index UA) run in the WebAssembly kernel (wasm-kernel.ts), which
   * visits the same nodes; 0 = JS only.
   */
  constructor(
    private readonly grid: Uint8Array,
    private readonly clues: number,
    uas: Int32Array,
    private readonly onFound: FoundCallback,
    private readonly indexSize = 512,
    private readonly kernelLeft = 0,
  ) {
    for (let i = 0; i < uas.length; i++) this.all.push(uas[i]);
    this.rebuild();
  }

  /** Sorts all known UAs by size and puts the shortest in the index, the rest in the tail. */
  rebuild(): void {
    const n = this.all.length / 3;
    const order = Array.from({ length: n }, (_, i) => i);
    const size = (i: number): number => popcount(this.all[3 * i]) + popcount(this.all[3 * i + 1]) + popcount(this.all[3 * i + 2]);
    const sizes = order.map(size);
    order.sort((a, b) => sizes[a] - sizes[b] || a - b);
    const m = Math.min(n, this.indexSize);
    this.indexCount = m;
    this.words = Math.max(1, Math.ceil(m / 32));
    const w = this.words;
    this.index = new Int32Array(3 * m);
    this.cellHits = new Int32Array(81 * w);
    for (let j = 0; j < m; j++) {
      const i = order[j];
      for (let band = 0; band < 3; band++) {
        const word = this.all[3 * i + band];
        this.index[3 * j + band] = word;
        let bits = word;
        while (bits !== 0) {
          const low = bits & -bits;
          bits ^= low;
          const cell = 27 * band + 31 - Math.clz32(low);
          this.cellHits[cell * w + (j >> 5)] |= 1 << (j & 31);
        }
      }
    }
    this.unhit = new Int32Array((this.clues + 2) * w);
    if (this.memberCount.length !== this.clues + 2) {
      this.members = new Int32Array(MEMBER_STRIDE * (this.clues + 2));
      this.memberCount = new Int32Array(this.clues + 2);
    }
    if (this.kernelLeft > 0) {
      if (this.kernel === null || this.kernel.words !== Math.ceil(w / 4) * 4) this.kernel = new WasmKernel(w, this.clues);
      this.kernel.load(this.index, m, this.cellHits, w);
    }
    this.tailCount = 0;
    for (let j = m; j < n; j++) {
      const i = order[j];
      this.pushTail(this.all[3 * i], this.all[3 * i + 1], this.all[3 * i + 2]);
    }
  }

  /** Searches every completion of the partial clue set (clues c, dead cells d) to `clues` clues. */
  searchFrom(c0: number, c1: number, c2: number, d0: number, d1: number, d2: number): void {
    const depth = popcount(c0) + popcount(c1) + popcount(c2);
    if (depth > this.clues) return;
    const w = this.words;
    const base = depth * w;
    for (let i = 0; i < w; i++) this.unhit[base + i] = 0;
    for (let j = 0; j < this.indexCount; j++) {
      if ((this.index[3 * j] & c0) === 0 && (this.index[3 * j + 1] & c1) === 0 && (this.index[3 * j + 2] & c2) === 0) {
        this.unhit[base + (j >> 5)] |= 1 << (j & 31);
      }
    }
    // No parent scan to inherit from.
    if (depth > 0) this.memberCount[depth - 1] = 0;
    this.search(depth, c0, c1, c2, d0, d1, d2);
  }

  private search(depth: number, c0: number, c1: number, c2: number, d0: number, d1: number, d2: number): void {
    this.stats.nodes++;
    this.proofValid = false;
    const w = this.words;
    const base = depth * w;
    const unhit = this.unhit;
    const left = this.clues - depth;
    // The shortest unhit UA of the index: the first set bit.
    let first = -1;
    for (let i = 0; i < w; i++) {
      const v = unhit[base + i];
      if (v !== 0) {
        first = 32 * i + 31 - Math.clz32(v & -v);
        break;
      }
    }
    if (first >= 0 && this.kernel !== null && left === this.kernelLeft && !this.kernelBypass) {
      this.runKernel(depth, c0, c1, c2, d0, d1, d2);
      return;
    }
    let u0: number;
    let u1: number;
    let u2: number;
    if (first >= 0) {
      u0 = this.index[3 * first];
      u1 = this.index[3 * first + 1];
      u2 = this.index[3 * first + 2];
    } else {
      const t = this.firstUnhitTail(c0, c1, c2);
      if (t < 0) {
        this.allHit(depth, c0, c1, c2, d0, d1, d2);
        this.proofValid = false;
        return;
      }
      u0 = this.tail[3 * t];
      u1 = this.tail[3 * t + 1];
      u2 = this.tail[3 * t + 2];
    }
    if (left === 0) return;
    let l0 = u0 & ~d0;
    let l1 = u1 & ~d1;
    let l2 = u2 & ~d2;
    if ((l0 | l1 | l2) === 0) {
      // (Index UAs only, as in the kernel, which leaves the rest to JS.)
      if (first >= 0) this.setProof(0, 0, 0);
      return;
    }
    if (left === 1) {
      this.lastClue(depth, c0, c1, c2, l0, l1, l2);
      return;
    }
    if (first >= 0) {
      // One pass over the unhit index UAs: prune, and pick the UA with the fewest live cells.
      this.restricted = false;
      const pick = this.scanUnhit(depth, c0, c1, c2, d0, d1, d2, left);
      if (pick < 0) return;
      if (this.restricted) {
        d0 |= ~this.union0 & FULL;
        d1 |= ~this.union1 & FULL;
        d2 |= ~this.union2 & FULL;
      }
      l0 = this.index[3 * pick] & ~d0;
      l1 = this.index[3 * pick + 1] & ~d1;
      l2 = this.index[3 * pick + 2] & ~d2;
    }
    let k0 = -1;
    let k1 = -1;
    let k2 = -1;
    // If every child dies with a proof, so does this node: the branch UA's
    // live cells and the children's proofs. Each cell dead anywhere in that
    // tree of proofs is dead here or one of those branch cells, so a later
    // sibling outside them meets the same UAs with the same live cells. Not
    // through a restriction, whose dead cells a sibling's clue may be in.
    let propagate = first >= 0 && !this.restricted;
    let a0 = l0;
    let a1 = l1;
    let a2 = l2;
    // Branch on each live cell of the UA; each becomes dead for the next ones.
    const next = base + w;
    const hits = this.cellHits;
    for (let band = 0; band < 3; band++) {
      let live = band === 0 ? l0 : band === 1 ? l1 : l2;
      while (live !== 0) {
        const low = live & -live;
        live ^= low;
        const cell = 27 * band + 31 - Math.clz32(low);
        const h = cell * w;
        for (let i = 0; i < w; i++) unhit[next + i] = unhit[base + i] & ~hits[h + i];
        // A child outside an earlier sibling's dead-end proof is skipped; it
        // is dead for the later ones all the same.
        if (((band === 0 ? k0 : band === 1 ? k1 : k2) & low) === 0) {
          if (band === 0) d0 |= low;
          else if (band === 1) d1 |= low;
          else d2 |= low;
          continue;
        }
        if (band === 0) {
          this.search(depth + 1, c0 | low, c1, c2, d0, d1, d2);
          d0 |= low;
        } else if (band === 1) {
          this.search(depth + 1, c0, c1 | low, c2, d0, d1, d2);
          d1 |= low;
        } else {
          this.search(depth + 1, c0, c1, c2 | low, d0, d1, d2);
          d2 |= low;
        }
        if (this.proofValid) {
          k0 &= this.proof0;
          k1 &= this.proof1;
          k2 &= this.proof2;
          a0 |= this.proof0;
          a1 |= this.proof1;
          a2 |= this.proof2;
        } else propagate = false;
      }
    }
    if (propagate) this.setProof(a0, a1, a2);
    else this.proofValid = false;
  }

  /**
   * Records why this node is a dead end: `cells` holds every live cell of
   * the UAs the reason uses (the disjoint ones, those that confined one,
   * the one left with no cell). A later sibling, whose clue lies outside
   * them, leaves those UAs unhit with the same live cells (its extra dead
   * cell, this node's clue, is in none of them) and dies for the same
   * reason, so the parent skips it (McGuire's dead clues, by proof).
   */
  private setProof(a: number, b: number, c: number): void {
    this.proof0 = a;
    this.proof1 = b;
    this.proof2 = c;
    this.proofValid = true;
  }

  /**
   * The subtree below this node (already counted) in the kernel, then its
   * records in the order the JS search would meet them: candidates go to the
   * tail check and the solver, nodes with every index UA hit to search().
   */
  private runKernel(depth: number, c0: number, c1: number, c2: number, d0: number, d1: number, d2: number): void {
    const kernel = this.kernel as WasmKernel; // set: search() checked
    const w = this.words;
    const parent = depth > 0 ? this.memberCount[depth - 1] : 0;
    const count = kernel.run(this.unhit, depth * w, w, depth, c0, c1, c2, d0, d1, d2, this.members, (depth - 1) * MEMBER_STRIDE, parent);
    if (count < 0) {
      this.kernelBypass = true;
      this.stats.nodes--;
      try {
        this.search(depth, c0, c1, c2, d0, d1, d2);
      } finally {
        this.kernelBypass = false;
      }
      return;
    }
    this.stats.nodes += kernel.nodes() - 1;
    // The root's dead-end proof; read now, set after the records (whose searches reset it).
    const proof = kernel.proof();
    const valid = proof[0] === 1;
    const p0 = proof[1];
    const p1 = proof[2];
    const p2 = proof[3];
    // Escapes run search() strictly below this node, never the kernel again, so the records stay put.
    const records = kernel.records;
    for (let r = 0; r < 8 * count; r += 8) {
      if (records[r] === 0) {
        this.candidate(records[r + 2], records[r + 3], records[r + 4]);
        continue;
      }
      const at = records[r + 1];
      this.unhit.fill(0, at * w, at * w + w);
      this.search(at, records[r + 2], records[r + 3], records[r + 4], records[r + 5], records[r + 6], records[r + 7]);
    }
    this.proofValid = valid;
    this.proof0 = p0;
    this.proof1 = p1;
    this.proof2 = p2;
  }

  /**
   * Scans the unhit index UAs with the dead cells removed. Returns -1 when no
   * completion exists (a UA has no live cell left, or more than `left` of them
   * are pairwise disjoint, greedily in size order); otherwise the UA with the
   * fewest live cells, the cheapest to branch on (McGuire's "shortest UA").
   */
  private scanUnhit(depth: number, c0: number, c1: number, c2: number, d0: number, d1: number, d2: number, left: number): number {
    const w = this.words;
    const base = depth * w;
    const unhit = this.unhit;
    const index = this.index;
    const members = this.members;
    const mb = depth * MEMBER_STRIDE;
    this.memberCount[depth] = 0;
    if (depth > 0 && this.memberCount[depth - 1] > 0 && this.inheritedDeadEnd(depth, c0, c1, c2, d0, d1, d2, left)) return -1;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let count = 0;
    let best = -1;
    let bestSize = 99;
    for (let i = 0; i < w; i++) {
      let v = unhit[base + i];
      while (v !== 0) {
        const low = v & -v;
        v ^= low;
        const u = 32 * i + 31 - Math.clz32(low);
        const j = 3 * u;
        const a = index[j] & ~d0;
        const b = index[j + 1] & ~d1;
        const c = index[j + 2] & ~d2;
        const size = popcount(a) + popcount(b) + popcount(c);
        if (size === 0) {
          this.setProof(0, 0, 0);
          return -1;
        }
        if (size < bestSize) {
          bestSize = size;
          best = u;
        }
        if (((a & s0) | (b & s1) | (c & s2)) === 0) {
          if (++count > left) {
            this.setProof(s0 | a, s1 | b, s2 | c);
            return -1;
          }
          const m = mb + 4 * (count - 1);
          members[m] = a;
          members[m + 1] = b;
          members[m + 2] = c;
          members[m + 3] = u;
          s0 |= a;
          s1 |= b;
          s2 |= c;
        }
      }
    }
    this.memberCount[depth] = count;
    this.restricted = count === left;
    if (!this.restricted) return best;
    // Exactly `left` disjoint UAs: every remaining clue lies in their union,
    // one in each, so the cells outside it are dead in this subtree. A UA
    // with no live cell inside the union then cannot be hit.
    // A UA whose live cells in the union lie in one member confines that
    // member's clue to their intersection.
    if (this.confine(base, d0, d1, d2, mb, count, s0, s1, s2) < 0) {
      this.setProof(s0 | this.extra0, s1 | this.extra1, s2 | this.extra2);
      return -1;
    }
    s0 = this.union0;
    s1 = this.union1;
    s2 = this.union2;
    // Branch on the member with the fewest cells left: it takes exactly one clue.
    best = -1;
    bestSize = 99;
    for (let m = mb; m < mb + 4 * count; m += 4) {
      const size = popcount(members[m]) + popcount(members[m + 1]) + popcount(members[m + 2]);
      if (size < bestSize) {
        bestSize = size;
        best = members[m + 3];
      }
    }
    return best;
  }

  /**
   * A node whose parent scanned: the parent's disjoint UAs that the new clue
   * missed are still unhit and disjoint here (their live parts only shrink).
   * Returns true when they prove a dead end at once: one has no live cell,
   * there are more than `left`, or there are exactly `left` and the
   * confinement pass finds an unhit UA with no live cell in their union.
   * Exactly `left` is common (every child of a restricted parent), and most
   * such nodes die, so this spares them the greedy pass. It only cuts
   * subtrees with no clue set hitting every index UA, so the puzzles and
   * their order do not change.
   */
  private inheritedDeadEnd(depth: number, c0: number, c1: number, c2: number, d0: number, d1: number, d2: number, left: number): boolean {
    const members = this.members;
    const mb = depth * MEMBER_STRIDE;
    const pb = mb - MEMBER_STRIDE;
    const pc = this.memberCount[depth - 1];
    let k = 0;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    for (let p = pb; p < pb + 4 * pc; p += 4) {
      // Live at the parent, so a clue in it is the new one.
      if (((members[p] & c0) | (members[p + 1] & c1) | (members[p + 2] & c2)) !== 0) continue;
      const a = members[p] & ~d0;
      const b = members[p + 1] & ~d1;
      const c = members[p + 2] & ~d2;
      if ((a | b | c) === 0) {
        this.setProof(0, 0, 0);
        return true;
      }
      const m = mb + 4 * k++;
      members[m] = a;
      members[m + 1] = b;
      members[m + 2] = c;
      members[m + 3] = members[p + 3];
      s0 |= a;
      s1 |= b;
      s2 |= c;
    }
    if (k > left) {
      this.setProof(s0, s1, s2);
      return true;
    }
    if (k === left && this.confine(depth * this.words, d0, d1, d2, mb, k, s0, s1, s2) < 0) {
      this.setProof(s0 | this.extra0, s1 | this.extra1, s2 | this.extra2);
      return true;
    }
    return false;
  }

  /**
   * Exactly `count` disjoint UAs (members at `mb`, union s) for as many
   * clues: every unhit UA needs a live cell in the union, and one whose live
   * cells there lie in one member confines that member. Returns -1 on a dead
   * end; else leaves the confined union in union0-2.
   */
  private confine(base: number, d0: number, d1: number, d2: number, mb: number, count: number, s0: number, s1: number, s2: number): number {
    const w = this.words;
    const unhit = this.unhit;
    const index = this.index;
    const members = this.members;
    const end = mb + 4 * count;
    // For a dead end's proof: the live cells of the UAs that confined a member.
    let e0 = 0;
    let e1 = 0;
    let e2 = 0;
    for (let i = 0; i < w; i++) {
      let v = unhit[base + i];
      while (v !== 0) {
        const low = v & -v;
        v ^= low;
        const j = 3 * (32 * i + 31 - Math.clz32(low));
        const a = index[j] & ~d0 & s0;
        const b = index[j + 1] & ~d1 & s1;
        const c = index[j + 2] & ~d2 & s2;
        if ((a | b | c) === 0) {
          this.extra0 = e0 | (index[j] & ~d0);
          this.extra1 = e1 | (index[j + 1] & ~d1);
          this.extra2 = e2 | (index[j + 2] & ~d2);
          return -1;
        }
        let only = -1;
        for (let m = mb; m < end; m += 4) {
          if (((a & members[m]) | (b & members[m + 1]) | (c & members[m + 2])) !== 0) {
            if (only >= 0) {
              only = -2;
              break;
            }
            only = m;
          }
        }
        if (only >= 0 && ((members[only] & ~a) | (members[only + 1] & ~b) | (members[only + 2] & ~c)) !== 0) {
          e0 |= index[j] & ~d0;
          e1 |= index[j + 1] & ~d1;
          e2 |= index[j + 2] & ~d2;
          s0 &= ~(members[only] & ~a);
          s1 &= ~(members[only + 1] & ~b);
          s2 &= ~(members[only + 2] & ~c);
          members[only] &= a;
          members[only + 1] &= b;
          members[only + 2] &= c;
        }
      }
    }
    this.union0 = s0;
    this.union1 = s1;
    this.union2 = s2;
    return 0;
  }

  /** One clue left: it must lie in every unhit UA. */
  private lastClue(depth: number, c0: number, c1: number, c2: number, l0: number, l1: number, l2: number): void {
    const w = this.words;
    const base = depth * w;
    for (let i = 0; i < w && (l0 | l1 | l2) !== 0; i++) {
      let v = this.unhit[base + i];
      while (v !== 0) {
        const low = v & -v;
        v ^= low;
        const j = 3 * (32 * i + 31 - Math.clz32(low));
        l0 &= this.index[j];
        l1 &= this.index[j + 1];
        l2 &= this.index[j + 2];
      }
    }
    for (let band = 0; band < 3; band++) {
      let live = band === 0 ? l0 : band === 1 ? l1 : l2;
      while (live !== 0) {
        const low = live & -live;
        live ^= low;
        if (band === 0) this.candidate(c0 | low, c1, c2);
        else if (band === 1) this.candidate(c0, c1 | low, c2);
        else this.candidate(c0, c1, c2 | low);
      }
    }
  }

  /** Every index UA is hit, and so is every tail UA. */
  private allHit(depth: number, c0: number, c1: number, c2: number, d0: number, d1: number, d2: number): void {
    if (depth === this.clues) {
      this.candidate(c0, c1, c2);
      return;
    }
    // Fewer clues than wanted already hit every known UA: ask the solver.
    if (this.isUnique(c0, c1, c2)) {
      this.emitSupersets(c0, c1, c2, ~(c0 | d0) & FULL, ~(c1 | d1) & FULL, ~(c2 | d2) & FULL, this.clues - depth);
      return;
    }
    // The solver's UA is unhit: search again from this node, now that it is known.
    this.search(depth, c0, c1, c2, d0, d1, d2);
  }

  /** All puzzles adding `left` of the free cells to a unique clue set. */
  private emitSupersets(c0: number, c1: number, c2: number, f0: number, f1: number, f2: number, left: number): void {
    if (left === 0) {
      this.stats.found++;
      this.onFound(c0, c1, c2);
      return;
    }
    for (let band = 0; band < 3; band++) {
      let free = band === 0 ? f0 : band === 1 ? f1 : f2;
      while (free !== 0) {
        const low = free & -free;
        free ^= low;
        // Later cells only, so each superset comes once.
        if (band === 0) this.emitSupersets(c0 | low, c1, c2, free, f1, f2, left - 1);
        else if (band === 1) this.emitSupersets(c0, c1 | low, c2, 0, free, f2, left - 1);
        else this.emitSupersets(c0, c1, c2 | low, 0, 0, free, left - 1);
      }
    }
  }

  private candidate(c0: number, c1: number, c2: number): void {
    if (this.firstUnhitTail(c0, c1, c2) >= 0) return;
    if (this.isUnique(c0, c1, c2)) {
      this.stats.found++;
      this.onFound(c0, c1, c2);
    }
  }

  /** Solver check with the known grid; a second solution's difference joins the tail. */
  private isUnique(c0: number, c1: number, c2: number): boolean {
    const p = this.puzzle;
    const g = this.grid;
    for (let cell = 0; cell < 27; cell++) {
      p[cell] = (c0 >>> cell) & 1 ? g[cell] : 0;
      p[cell + 27] = (c1 >>> cell) & 1 ? g[cell + 27] : 0;
      p[cell + 54] = (c2 >>> cell) & 1 ? g[cell + 54] : 0;
    }
    this.stats.solverCalls++;
    if (this.solver.checkUnique(p, g)) return true;
    const d = this.solver.difference;
    this.pushTail(d[0], d[1], d[2]);
    this.all.push(d[0], d[1], d[2]);
    this.stats.addedUAs++;
    return false;
  }

  private firstUnhitTail(c0: number, c1: number, c2: number): number {
    const t = this.tail;
    for (let i = 0, k = 0; i < this.tailCount; i++, k += 3) {
      if ((t[k] & c0) === 0 && (t[k + 1] & c1) === 0 && (t[k + 2] & c2) === 0) return i;
    }
    return -1;
  }

  private pushTail(b0: number, b1: number, b2: number): void {
    if (3 * this.tailCount === this.tail.length) {
      const grown = new Int32Array(this.tail.length * 2);
      grown.set(this.tail);
      this.tail = grown;
    }
    const k = 3 * this.tailCount++;
    this.tail[k] = b0;
    this.tail[k + 1] = b1;
    this.tail[k + 2] = b2;
  }
}
