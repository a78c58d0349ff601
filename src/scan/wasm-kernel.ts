/**
 * The grid scan's deep levels in WebAssembly: the whole subtree below a node
 * of HittingSearch with a few clues left, over the index UAs only.
 *
 * It mirrors HittingSearch.search/scanUnhit/lastClue step for step (same UA
 * picked, same branch order, same pruning, the same dead-end proofs and
 * skipped siblings), so it visits the same nodes. What
 * needs the tail UAs or the solver it does not do; it writes records instead,
 * in the order the JS search would meet them:
 *   - kind 0, a candidate: a full clue set hitting every index UA (the JS
 *     side calls candidate(): tail UAs, then the solver);
 *   - kind 1, an escape: a node with clues left where every index UA is hit
 *     (the JS side runs search() from it: tail UAs, solver, added UAs).
 * The kernel's choices depend on the index alone, never on the tail, so the
 * UAs the solver adds while the JS side works through the records change
 * nothing the kernel decided: the results and their order are the JS
 * search's, and "exactly once" holds as it does there.
 *
 * Memory (byte offsets; W = unhit words rounded up to a multiple of 4 so the
 * per-child AND-NOT is W/4 v128 operations):
 *   INDEX   index UAs, 16 bytes each (band words 0-2, then 0)
 *   HITS    per cell, the W-word vector of the index UAs it hits
 *   UNHIT   per depth, the W-word vector of unhit index UAs
 *   COUNTS  per depth, the member count of that depth's last scan (0: none)
 *   MEMBERS per depth, that scan's greedy disjoint UAs, 16 bytes each (live
 *           band words, UA number; confined when restricted): a child's
 *           inherited dead-end check starts from its parent's
 *   MEMBER_OF per cell of their union, the member's number (a byte)
 *   PROOF   after a run, the root's dead-end proof (flag, band words) for
 *           the JS side's sibling skips
 *   OUT     the records, 8 words each: kind, depth, clue words, dead words
 * The module is specialised on W (compiled once per W); one instance per
 * HittingSearch, the index copied in at each rebuild. Memory never grows,
 * so the typed-array views on it stay valid.
 *
 * Measured (bench/scan-kernel.ts, paired CPU time): about 2x the JS search
 * with the kernel from 6 clues left (1.1x from 3, 1.5x from 4, 1.8x from 5;
 * no gain above 6); the scan (scanFunction) is ~70% of the time. Helped:
 * branch-free minimum, bands 0-1 as one i64 (~7%). Tried and dropped: the
 * scan's first pass 4 UAs at a time in v128 lanes (index regrouped
 * band-major, lane masks from the unhit bits): 30% slower, the unhit UAs
 * are too scattered to fill the lanes; the greedy pass alone (no sizes)
 * at 3 clues left or fewer, where 9 nodes in 10 die: no gain. Since then
 * (HittingSearch): the inherited dead-end check and dead-end proofs that
 * skip siblings and propagate up: 1.1-1.35x, with 30-45% fewer nodes.
 */
import { EMPTY_BLOCK, encodeModule, FunctionBody, I32, I64, Op, SimdOp } from "./wasm-encoder.js";

const FULL = 0x7ffffff;

const MAX_DEPTH_ROWS = 84;
/** Per depth, a slot of up to 82 members (16 bytes each). */
const MEMBER_SLOT = 82 * 16;
/** Per cell, the number of the member holding it (valid for the cells of the union). */
const MEMBER_OF_BYTES = 96;
/** Records the buffer holds; a subtree that makes more runs in JS instead. */
const RECORD_CAPACITY = 2048;
const RECORD_WORDS = 8;

/** Global numbers. */
const G_NODES = 0;
const G_OUT = 1;
const G_OVERFLOW = 2;
const G_RESTRICTED = 3;
const G_UNION = 4; // 4, 5, 6
const G_CLUES = 7;
/** The node's dead-end proof (HittingSearch.setProof): 1 if it left one, then its cells as band words. */
const G_PROOF = 8;
const G_PROOF_CELLS = 9; // 9, 10, 11
const GLOBALS = 12;

/** Function numbers. */
const F_NODE = 0;
const F_SCAN = 1;
const F_RUN = 2;
const F_SET_CLUES = 3;
const F_NODES = 4;

interface Layout {
  words: number;
  index: number;
  hits: number;
  unhit: number;
  /** Per depth: the member count of the node's scan (0: none), then its members' slot. */
  counts: number;
  members: number;
  memberOf: number;
  /** The root's dead-end proof after a run: flag, then band words. */
  proof: number;
  out: number;
  pages: number;
}

function layoutFor(words: number): Layout {
  const index = 0;
  const hits = index + 32 * words * 16;
  const unhit = hits + 81 * words * 4;
  const counts = unhit + MAX_DEPTH_ROWS * words * 4;
  const members = counts + MAX_DEPTH_ROWS * 4;
  const memberOf = members + MAX_DEPTH_ROWS * MEMBER_SLOT;
  const proof = memberOf + MEMBER_OF_BYTES;
  const out = proof + 16;
  const pages = Math.ceil((out + RECORD_CAPACITY * RECORD_WORDS * 4) / 65536);
  return { words, index, hits, unhit, counts, members, memberOf, proof, out, pages };
}

/** A dead-end proof that needs no cell: every later sibling is dead too. */
function proofEmpty(f: FunctionBody): void {
  f.const(0).globalSet(G_PROOF_CELLS).const(0).globalSet(G_PROOF_CELLS + 1).const(0).globalSet(G_PROOF_CELLS + 2).const(1).globalSet(G_PROOF);
}

/** A dead-end proof over the cells in the i64 local `ab` (bands 0-1) and the i32 local `c` (band 2). */
function proofCells(f: FunctionBody, ab: string, c: string): void {
  f.get(ab).op(Op.i32WrapI64).globalSet(G_PROOF_CELLS);
  f.get(ab).const64(32).op(Op.i64ShrU, Op.i32WrapI64).globalSet(G_PROOF_CELLS + 1);
  f.get(c).globalSet(G_PROOF_CELLS + 2).const(1).globalSet(G_PROOF);
}

/** Pushes ~x for a local: x XOR -1. */
function not(f: FunctionBody, local: string): FunctionBody {
  return f.get(local).const(-1).op(Op.i32Xor);
}

/**
 * Appends a record (kind, depth, clue and dead locals), or sets the overflow
 * flag when the buffer is full. (A candidate from the last-clue step keeps
 * its parent's depth: the JS side reads only its clue words.)
 */
function emitRecord(f: FunctionBody, L: Layout, kind: number, depth: string, c: readonly string[], d: readonly string[]): void {
  f.globalGet(G_OUT).const(RECORD_CAPACITY).op(Op.i32GeS, Op.if, EMPTY_BLOCK);
  f.const(1).globalSet(G_OVERFLOW);
  f.op(Op.else);
  f.globalGet(G_OUT).const(RECORD_WORDS * 4).op(Op.i32Mul).const(L.out).op(Op.i32Add).set("rec");
  f.get("rec").const(kind).store(0);
  f.get("rec").get(depth).store(4);
  for (let k = 0; k < 3; k++) f.get("rec").get(c[k]).store(8 + 4 * k);
  for (let k = 0; k < 3; k++) f.get("rec").get(d[k]).store(20 + 4 * k);
  f.globalGet(G_OUT).const(1).op(Op.i32Add).globalSet(G_OUT);
  f.op(Op.end);
}

/**
 * Iterates the set bits of the unhit row at local `base` in UA order: for
 * each, local `u` is the UA number and `j` its INDEX address. `body` must
 * leave the stack empty and may return from the function; it runs inside
 * the bit loop (label 0) and its block (label 1), so it must not branch.
 */
function forEachUnhit(f: FunctionBody, L: Layout, body: () => void): void {
  f.const(0).set("i");
  f.op(Op.block, EMPTY_BLOCK, Op.loop, EMPTY_BLOCK);
  f.get("base").get("i").const(2).op(Op.i32Shl, Op.i32Add).load().set("v");
  f.get("i").const(5).op(Op.i32Shl).set("wordBase");
  f.op(Op.block, EMPTY_BLOCK, Op.loop, EMPTY_BLOCK);
  f.get("v").op(Op.i32Eqz).brIf(1);
  f.get("wordBase").get("v").op(Op.i32Ctz, Op.i32Add).tee("u");
  f.const(4).op(Op.i32Shl).const(L.index).op(Op.i32Add).set("j");
  f.get("v").get("v").const(1).op(Op.i32Sub, Op.i32And).set("v");
  body();
  f.br(0);
  f.op(Op.end, Op.end);
  f.get("i").const(1).op(Op.i32Add).tee("i").const(L.words).op(Op.i32LtS).brIf(0);
  f.op(Op.end, Op.end);
}

const C = ["c0", "c1", "c2"] as const;
const D = ["d0", "d1", "d2"] as const;
const LIVE = ["l0", "l1", "l2"] as const;
const K = ["k0", "k1", "k2"] as const;
const A = ["a0", "a1", "a2"] as const;

function nodeFunction(L: Layout): FunctionBody {
  const f = new FunctionBody(["depth", ...C, ...D], []);
  for (const n of ["base", "left", "i", "v", "low", "u", "j", "first", "rec", "pick", "wordBase", "next", "live", "hp", "propagate", ...LIVE, ...K, ...A]) f.local(n);
  f.globalGet(G_NODES).const(1).op(Op.i32Add).globalSet(G_NODES);
  f.const(0).globalSet(G_PROOF);
  f.get("depth").const(L.words * 4).op(Op.i32Mul).const(L.unhit).op(Op.i32Add).set("base");
  f.globalGet(G_CLUES).get("depth").op(Op.i32Sub).set("left");
  // The shortest unhit UA: the first set bit of the row.
  f.const(-1).set("first").const(0).set("i");
  f.op(Op.block, EMPTY_BLOCK, Op.loop, EMPTY_BLOCK);
  f.get("base").get("i").const(2).op(Op.i32Shl, Op.i32Add).load().tee("v");
  f.op(Op.if, EMPTY_BLOCK);
  f.get("i").const(5).op(Op.i32Shl).get("v").op(Op.i32Ctz, Op.i32Add).set("first").br(2);
  f.op(Op.end);
  f.get("i").const(1).op(Op.i32Add).tee("i").const(L.words).op(Op.i32LtS).brIf(0);
  f.op(Op.end, Op.end);
  // Every index UA hit: a candidate with no clue left, else the JS side takes the node (and counts it).
  f.get("first").const(0).op(Op.i32LtS, Op.if, EMPTY_BLOCK);
  f.get("left").op(Op.i32Eqz, Op.if, EMPTY_BLOCK);
  emitRecord(f, L, 0, "depth", C, D);
  f.op(Op.else);
  emitRecord(f, L, 1, "depth", C, D);
  f.globalGet(G_NODES).const(1).op(Op.i32Sub).globalSet(G_NODES);
  f.op(Op.end, Op.return, Op.end);
  f.get("left").op(Op.i32Eqz, Op.if, EMPTY_BLOCK, Op.return, Op.end);
  f.get("first").const(4).op(Op.i32Shl).const(L.index).op(Op.i32Add).set("j");
  for (let k = 0; k < 3; k++) {
    f.get("j").load(4 * k);
    not(f, D[k]).op(Op.i32And).set(LIVE[k]);
  }
  f.get("l0").get("l1").op(Op.i32Or).get("l2").op(Op.i32Or, Op.i32Eqz, Op.if, EMPTY_BLOCK);
  proofEmpty(f);
  f.op(Op.return, Op.end);
  // One clue left: it lies in every unhit UA.
  f.get("left").const(1).op(Op.i32Eq, Op.if, EMPTY_BLOCK);
  forEachUnhit(f, L, () => {
    for (let k = 0; k < 3; k++) f.get(LIVE[k]).get("j").load(4 * k).op(Op.i32And).set(LIVE[k]);
  });
  for (let band = 0; band < 3; band++) {
    f.op(Op.block, EMPTY_BLOCK, Op.loop, EMPTY_BLOCK);
    f.get(LIVE[band]).op(Op.i32Eqz).brIf(1);
    f.get(LIVE[band]).const(0).get(LIVE[band]).op(Op.i32Sub, Op.i32And).set("low");
    f.get(LIVE[band]).get("low").op(Op.i32Xor).set(LIVE[band]);
    // The candidate's clue word of this band, in c's place for the record, restored after.
    f.get(C[band]).get("low").op(Op.i32Or).set(C[band]);
    emitRecord(f, L, 0, "depth", C, D);
    f.get(C[band]).get("low").op(Op.i32Xor).set(C[band]);
    f.br(0);
    f.op(Op.end, Op.end);
  }
  f.op(Op.return, Op.end);
  // Prune and pick the UA with the fewest live cells.
  f.get("base").get("d0").get("d1").get("d2").get("left").get("depth").get("c0").get("c1").get("c2").call(F_SCAN).tee("pick");
  f.const(0).op(Op.i32LtS, Op.if, EMPTY_BLOCK, Op.return, Op.end);
  f.globalGet(G_RESTRICTED).op(Op.if, EMPTY_BLOCK);
  for (let k = 0; k < 3; k++) f.get(D[k]).globalGet(G_UNION + k).const(-1).op(Op.i32Xor).const(FULL).op(Op.i32And, Op.i32Or).set(D[k]);
  f.op(Op.end);
  // HittingSearch.search's proof of the whole subtree: not through a restriction.
  f.globalGet(G_RESTRICTED).op(Op.i32Eqz).set("propagate");
  f.get("pick").const(4).op(Op.i32Shl).const(L.index).op(Op.i32Add).set("j");
  for (let k = 0; k < 3; k++) {
    f.get("j").load(4 * k);
    not(f, D[k]).op(Op.i32And).set(LIVE[k]);
  }
  f.get("base").const(L.words * 4).op(Op.i32Add).set("next");
  for (let k = 0; k < 3; k++) f.get(LIVE[k]).set(A[k]);
  // Later siblings must lie in every earlier sibling's dead-end proof.
  f.const(-1).set("k0").const(-1).set("k1").const(-1).set("k2");
  // Branch on each live cell; each becomes dead for the next ones.
  for (let band = 0; band < 3; band++) {
    f.get(LIVE[band]).set("live");
    f.op(Op.block, EMPTY_BLOCK, Op.loop, EMPTY_BLOCK);
    f.get("live").op(Op.i32Eqz).brIf(1);
    f.get("live").const(0).get("live").op(Op.i32Sub, Op.i32And).set("low");
    f.get("live").get("low").op(Op.i32Xor).set("live");
    f.get("low").op(Op.i32Ctz).const(27 * band).op(Op.i32Add).const(L.words * 4).op(Op.i32Mul).const(L.hits).op(Op.i32Add).set("hp");
    for (let k = 0; k < L.words / 4; k++) {
      f.get("next").get("base").v128Load(16 * k).get("hp").v128Load(16 * k).simd(SimdOp.v128AndNot).v128Store(16 * k);
    }
    // Outside an earlier sibling's dead-end proof: skipped (dead all the same).
    f.get(K[band]).get("low").op(Op.i32And, Op.if, EMPTY_BLOCK);
    f.get("depth").const(1).op(Op.i32Add);
    for (let k = 0; k < 3; k++) {
      f.get(C[k]);
      if (k === band) f.get("low").op(Op.i32Or);
    }
    f.get("d0").get("d1").get("d2").call(F_NODE);
    f.globalGet(G_PROOF).op(Op.if, EMPTY_BLOCK);
    for (let k = 0; k < 3; k++) f.get(K[k]).globalGet(G_PROOF_CELLS + k).op(Op.i32And).set(K[k]);
    for (let k = 0; k < 3; k++) f.get(A[k]).globalGet(G_PROOF_CELLS + k).op(Op.i32Or).set(A[k]);
    f.op(Op.else);
    f.const(0).set("propagate");
    f.op(Op.end);
    f.op(Op.end);
    f.get(D[band]).get("low").op(Op.i32Or).set(D[band]);
    f.br(0);
    f.op(Op.end, Op.end);
  }
  f.get("propagate").globalSet(G_PROOF);
  for (let k = 0; k < 3; k++) f.get(A[k]).globalSet(G_PROOF_CELLS + k);
  return f;
}

const S = ["s0", "s1", "s2"] as const;
const ND = ["nd0", "nd1", "nd2"] as const;

/**
 * A UA disjoint from the members so far (live parts `ab`, `c`): none live
 * (disjoint from everything, so it lands here) or one member too many is a
 * dead end, returned as -1 with its proof; else `count` is incremented.
 */
function deadEnds(f: FunctionBody): void {
  f.get("ab").op(Op.i64Eqz).get("c").op(Op.i32Eqz, Op.i32And, Op.if, EMPTY_BLOCK);
  proofEmpty(f);
  f.const(-1).op(Op.return, Op.end);
  f.get("count").const(1).op(Op.i32Add).tee("count").get("left").op(Op.i32GtS, Op.if, EMPTY_BLOCK);
  f.get("sab").get("ab").op(Op.i64Or).set("sab");
  f.get("s2").get("c").op(Op.i32Or).set("s2");
  proofCells(f, "sab", "s2");
  f.const(-1).op(Op.return, Op.end);
}

/**
 * Pass 1 one UA at a time: live parts, sizes (the smallest first in `best`),
 * the greedy disjoint members; returns -1 from the function on a dead end.
 */
function pass1(f: FunctionBody, L: Layout): void {
  // Bands 0 and 1 as one i64 (little-endian: an INDEX or MEMBERS entry's
  // first 8 bytes), band 2 as an i32: fewer loads, ANDs and popcounts.
  f.const(-1).set("best").const(99).set("bestSize");
  forEachUnhit(f, L, () => {
    f.get("j").load64().get("ndab").op(Op.i64And).set("ab");
    f.get("j").load(8).get("nd2").op(Op.i32And).set("c");
    // (A UA with no live cell is disjoint from the members: deadEnds catches it.)
    f.get("ab").op(Op.i64Popcnt, Op.i32WrapI64).get("c").op(Op.i32Popcnt, Op.i32Add).set("size");
    // Branch-free: which UA is the smallest so far is hard to predict.
    f.get("size").get("bestSize").op(Op.i32LtS).set("smaller");
    f.get("u").get("best").get("smaller").op(Op.select).set("best");
    f.get("size").get("bestSize").get("smaller").op(Op.select).set("bestSize");
    f.get("ab").get("sab").op(Op.i64And, Op.i64Eqz).get("c").get("s2").op(Op.i32And, Op.i32Eqz, Op.i32And, Op.if, EMPTY_BLOCK);
    deadEnds(f);
    f.get("count").const(4).op(Op.i32Shl).get("mb").op(Op.i32Add).const(16).op(Op.i32Sub).set("m");
    f.get("m").get("ab").store64(0);
    f.get("m").get("c").store(8);
    f.get("m").get("u").store(12);
    f.get("sab").get("ab").op(Op.i64Or).set("sab");
    f.get("s2").get("c").op(Op.i32Or).set("s2");
    f.op(Op.end);
  });
}

/**
 * Pass 2 (exactly `left` disjoint members): each unhit UA's live cells in
 * the union `sab`/`s2`; none: return -1; all inside one member: confine the
 * member to them. The members are disjoint and cover the union, so "inside
 * one member" is "inside the member of its first cell": a position -> member
 * map (positions as in the i64/i32 split: band 0 at 0, band 1 at 32, band 2
 * at 64) replaces the JS loop over the members.
 */
function pass2(f: FunctionBody, L: Layout): void {
  f.get("mb").set("m");
  f.op(Op.block, EMPTY_BLOCK, Op.loop, EMPTY_BLOCK);
  f.get("m").get("mend").op(Op.i32GeS).brIf(1);
  f.get("m").get("mb").op(Op.i32Sub).const(4).op(Op.i32ShrU).set("only");
  for (let band = 0; band < 3; band++) {
    f.get("m").load(4 * band).set("v");
    f.op(Op.block, EMPTY_BLOCK, Op.loop, EMPTY_BLOCK);
    f.get("v").op(Op.i32Eqz).brIf(1);
    f.get("v").op(Op.i32Ctz).const(L.memberOf + 32 * band).op(Op.i32Add).get("only").store8();
    f.get("v").get("v").const(1).op(Op.i32Sub, Op.i32And).set("v");
    f.br(0);
    f.op(Op.end, Op.end);
  }
  f.get("m").const(16).op(Op.i32Add).set("m").br(0);
  f.op(Op.end, Op.end);
  // The proof of a dead end: the members as they start, the UAs that confine one, the UA left with no cell.
  f.get("sab").set("pab").get("s2").set("p2");
  forEachUnhit(f, L, () => {
    f.get("j").load64().get("ndab").op(Op.i64And).get("sab").op(Op.i64And).set("ab");
    f.get("j").load(8).get("nd2").op(Op.i32And).get("s2").op(Op.i32And).set("c");
    f.get("ab").op(Op.i64Eqz).get("c").op(Op.i32Eqz, Op.i32And, Op.if, EMPTY_BLOCK);
    f.get("pab").get("j").load64().get("ndab").op(Op.i64And, Op.i64Or).set("pab");
    f.get("p2").get("j").load(8).get("nd2").op(Op.i32And, Op.i32Or).set("p2");
    proofCells(f, "pab", "p2");
    f.const(-1).op(Op.return, Op.end);
    // The member of the UA's first live cell, and its address.
    f.get("c").op(Op.i32Ctz).const(64).op(Op.i32Add);
    f.get("ab").op(Op.i64Ctz, Op.i32WrapI64);
    f.get("ab").op(Op.i64Eqz, Op.select);
    f.const(L.memberOf).op(Op.i32Add).load8().const(4).op(Op.i32Shl).get("mb").op(Op.i32Add).set("only");
    // Inside that member (A & ~M empty): confine it to A if that removes cells.
    f.get("ab").get("only").load64().const64(-1).op(Op.i64Xor, Op.i64And, Op.i64Eqz);
    f.get("c").get("only").load(8).const(-1).op(Op.i32Xor, Op.i32And, Op.i32Eqz, Op.i32And);
    f.op(Op.if, EMPTY_BLOCK);
    f.get("only").load64().get("ab").const64(-1).op(Op.i64Xor, Op.i64And).set("mab");
    f.get("only").load(8).get("c").const(-1).op(Op.i32Xor, Op.i32And).set("mc");
    f.get("mab").op(Op.i64Eqz).get("mc").op(Op.i32Eqz, Op.i32And, Op.i32Eqz, Op.if, EMPTY_BLOCK);
    f.get("pab").get("j").load64().get("ndab").op(Op.i64And, Op.i64Or).set("pab");
    f.get("p2").get("j").load(8).get("nd2").op(Op.i32And, Op.i32Or).set("p2");
    f.get("sab").get("mab").const64(-1).op(Op.i64Xor, Op.i64And).set("sab");
    f.get("s2");
    not(f, "mc").op(Op.i32And).set("s2");
    f.get("only").get("only").load64().get("ab").op(Op.i64And).store64();
    f.get("only").get("only").load(8).get("c").op(Op.i32And).store(8);
    f.op(Op.end, Op.end);
  });
}

/**
 * HittingSearch.inheritedDeadEnd: the parent's members the new clue missed,
 * cut to their live cells, into this depth's slot; a dead end returns -1
 * from the function. Exactly `left` of them: the confinement pass (pass2)
 * over them. Leaves count, sab and s2 zero for pass1.
 */
function inherited(f: FunctionBody, L: Layout): void {
  f.get("depth").op(Op.i32Eqz).brIf(0);
  f.get("depth").const(2).op(Op.i32Shl).const(L.counts - 4).op(Op.i32Add).load().const(4).op(Op.i32Shl).get("mb").const(MEMBER_SLOT).op(Op.i32Sub).tee("m").op(Op.i32Add).set("mend");
  f.get("c0").op(Op.i64ExtendI32U).get("c1").op(Op.i64ExtendI32U).const64(32).op(Op.i64Shl, Op.i64Or).set("cab");
  f.op(Op.block, EMPTY_BLOCK, Op.loop, EMPTY_BLOCK);
  f.get("m").get("mend").op(Op.i32GeS).brIf(1);
  // Live at the parent, so a clue in it is the new one.
  f.get("m").load64().get("cab").op(Op.i64And, Op.i64Eqz).get("m").load(8).get("c2").op(Op.i32And, Op.i32Eqz, Op.i32And, Op.if, EMPTY_BLOCK);
  f.get("m").load64().get("ndab").op(Op.i64And).set("ab");
  f.get("m").load(8).get("nd2").op(Op.i32And).set("c");
  f.get("ab").op(Op.i64Eqz).get("c").op(Op.i32Eqz, Op.i32And, Op.if, EMPTY_BLOCK);
  proofEmpty(f);
  f.const(-1).op(Op.return, Op.end);
  f.get("count").const(4).op(Op.i32Shl).get("mb").op(Op.i32Add).set("only");
  f.get("only").get("ab").store64(0);
  f.get("only").get("c").store(8);
  f.get("only").get("m").load(12).store(12);
  f.get("count").const(1).op(Op.i32Add).set("count");
  f.get("sab").get("ab").op(Op.i64Or).set("sab");
  f.get("s2").get("c").op(Op.i32Or).set("s2");
  f.op(Op.end);
  f.get("m").const(16).op(Op.i32Add).set("m").br(0);
  f.op(Op.end, Op.end);
  f.get("count").get("left").op(Op.i32GtS, Op.if, EMPTY_BLOCK);
  proofCells(f, "sab", "s2");
  f.const(-1).op(Op.return, Op.end);
  f.get("count").get("left").op(Op.i32Eq, Op.if, EMPTY_BLOCK);
  f.get("count").const(4).op(Op.i32Shl).get("mb").op(Op.i32Add).set("mend");
  pass2(f, L);
  f.op(Op.end);
}

/** HittingSearch.scanUnhit, the same passes in the same order. */
function scanFunction(L: Layout): FunctionBody {
  const f = new FunctionBody(["base", ...D, "left", "depth", ...C], [I32]);
  for (const n of [...S, ...ND, "c", "count", "best", "bestSize", "i", "v", "low", "u", "j", "size", "m", "mend", "only", "mc", "wordBase", "smaller", "mb", "cp"]) f.local(n);
  for (const n of ["ab", "ndab", "sab", "mab", "cab", "pab"]) f.local(n, I64);
  f.local("p2");
  for (let k = 0; k < 3; k++) not(f, D[k]).set(ND[k]);
  f.get("nd0").op(Op.i64ExtendI32U).get("nd1").op(Op.i64ExtendI32U).const64(32).op(Op.i64Shl, Op.i64Or).set("ndab");
  f.get("depth").const(MEMBER_SLOT).op(Op.i32Mul).const(L.members).op(Op.i32Add).set("mb");
  f.get("depth").const(2).op(Op.i32Shl).const(L.counts).op(Op.i32Add).set("cp");
  f.get("cp").const(0).store();
  // A block so the inherited check can leave early (br 0) without returning.
  f.op(Op.block, EMPTY_BLOCK);
  inherited(f, L);
  f.op(Op.end);
  f.const(0).set("count").const64(0).set("sab").const(0).set("s2");
  pass1(f, L);
  f.get("cp").get("count").store();
  f.get("count").get("left").op(Op.i32Ne, Op.if, EMPTY_BLOCK).const(0).globalSet(G_RESTRICTED).get("best").op(Op.return, Op.end);
  f.const(1).globalSet(G_RESTRICTED);
  // Exactly `left` disjoint UAs: the clues lie in their union, one in each.
  f.get("count").const(4).op(Op.i32Shl).get("mb").op(Op.i32Add).set("mend");
  pass2(f, L);
  f.get("sab").op(Op.i32WrapI64).set("s0");
  f.get("sab").const64(32).op(Op.i64ShrU, Op.i32WrapI64).set("s1");
  for (let k = 0; k < 3; k++) f.get(S[k]).globalSet(G_UNION + k);
  // Branch on the member with the fewest cells left: it takes exactly one clue.
  f.const(-1).set("best").const(99).set("bestSize").get("mb").set("m");
  f.op(Op.block, EMPTY_BLOCK, Op.loop, EMPTY_BLOCK);
  f.get("m").get("mend").op(Op.i32GeS).brIf(1);
  f.get("m").load(0).op(Op.i32Popcnt).get("m").load(4).op(Op.i32Popcnt, Op.i32Add).get("m").load(8).op(Op.i32Popcnt, Op.i32Add).tee("size");
  f.get("bestSize").op(Op.i32LtS, Op.if, EMPTY_BLOCK);
  f.get("size").set("bestSize").get("m").load(12).set("best");
  f.op(Op.end);
  f.get("m").const(16).op(Op.i32Add).set("m").br(0);
  f.op(Op.end, Op.end);
  f.get("best");
  return f;
}

function runFunction(L: Layout): FunctionBody {
  const f = new FunctionBody(["depth", ...C, ...D], [I32]);
  f.const(0).globalSet(G_NODES).const(0).globalSet(G_OUT).const(0).globalSet(G_OVERFLOW);
  f.get("depth");
  for (const n of [...C, ...D]) f.get(n);
  f.call(F_NODE);
  // The root's dead-end proof, for its siblings on the JS side.
  f.const(L.proof).globalGet(G_PROOF).store(0);
  for (let k = 0; k < 3; k++) f.const(L.proof).globalGet(G_PROOF_CELLS + k).store(4 + 4 * k);
  f.globalGet(G_OVERFLOW).op(Op.if, EMPTY_BLOCK).const(-1).op(Op.return, Op.end);
  f.globalGet(G_OUT);
  return f;
}

function setCluesFunction(): FunctionBody {
  const f = new FunctionBody(["clues"], []);
  f.get("clues").globalSet(G_CLUES);
  return f;
}

function nodesFunction(): FunctionBody {
  const f = new FunctionBody([], [I32]);
  f.globalGet(G_NODES);
  return f;
}

/** The standard WebAssembly API, typed here so the library needs neither DOM nor Node types. */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

function wasmApi(): WasmApi | null {
  const api = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  return api ?? null;
}

const compiled = new Map<number, object>();

/** The encoded kernel for `words` unhit words (a multiple of 4); exported for the tests. */
export function kernelBinary(words: number): Uint8Array {
  const L = layoutFor(words);
  return encodeModule({
    pages: L.pages,
    globals: GLOBALS,
    functions: [nodeFunction(L), scanFunction(L), runFunction(L), setCluesFunction(), nodesFunction()],
    exports: { run: F_RUN, setClues: F_SET_CLUES, nodes: F_NODES },
    memoryExport: "memory",
  });
}

/** Whether this runtime can run the kernel (WebAssembly with SIMD). */
export function wasmKernelAvailable(): boolean {
  const api = wasmApi();
  if (api === null) return false;
  try {
    kernelModule(4);
    return true;
  } catch {
    return false;
  }
}

function kernelModule(words: number): object {
  let module = compiled.get(words);
  if (module === undefined) {
    const api = wasmApi();
    if (api === null) throw new Error("WebAssembly is not available");
    module = new api.Module(kernelBinary(words));
    compiled.set(words, module);
  }
  return module;
}

/** One kernel instance: its memory holds a HittingSearch's index (copied at each rebuild). */
export class WasmKernel {
  /** Unhit words per row (the search's words rounded up to a multiple of 4). */
  readonly words: number;
  /** The records of the last run: 8 words each (kind, depth, c0-c2, d0-d2). */
  readonly records: Int32Array;
  private readonly memory: Int32Array;
  private readonly layout: Layout;
  private readonly runExport: (depth: number, c0: number, c1: number, c2: number, d0: number, d1: number, d2: number) => number;
  private readonly nodesExport: () => number;

  constructor(searchWords: number, clues: number) {
    this.words = Math.ceil(searchWords / 4) * 4;
    this.layout = layoutFor(this.words);
    const api = wasmApi();
    if (api === null) throw new Error("WebAssembly is not available");
    const instance = new api.Instance(kernelModule(this.words), {});
    const exports = instance.exports as {
      run: (depth: number, c0: number, c1: number, c2: number, d0: number, d1: number, d2: number) => number;
      setClues: (clues: number) => void;
      nodes: () => number;
      memory: { buffer: ArrayBuffer };
    };
    this.runExport = exports.run;
    this.nodesExport = exports.nodes;
    exports.setClues(clues);
    this.memory = new Int32Array(exports.memory.buffer);
    this.records = this.memory.subarray(this.layout.out >> 2, (this.layout.out >> 2) + RECORD_CAPACITY * RECORD_WORDS);
  }

  /** Copies the index (3 words per UA) and the per-cell hit vectors (`searchWords` per cell). */
  load(index: Int32Array, count: number, cellHits: Int32Array, searchWords: number): void {
    const mem = this.memory;
    const w = this.words;
    mem.fill(0, this.layout.index >> 2, this.layout.members >> 2);
    for (let j = 0; j < count; j++) {
      const at = (this.layout.index >> 2) + 4 * j;
      for (let band = 0; band < 3; band++) mem[at + band] = index[3 * j + band];
    }
    for (let cell = 0; cell < 81; cell++) {
      const at = (this.layout.hits >> 2) + cell * w;
      for (let i = 0; i < searchWords; i++) mem[at + i] = cellHits[cell * searchWords + i];
    }
  }

  /**
   * Runs the subtree of a node whose unhit row is `unhit[from .. from+searchWords)`,
   * its parent's scan having left `parentCount` members at `members[membersFrom ..]`
   * (4 numbers each). Returns the record count, or -1 when the buffer
   * overflowed (run it in JS then).
   */
  run(unhit: Int32Array, from: number, searchWords: number, depth: number, c0: number, c1: number, c2: number, d0: number, d1: number, d2: number, members: Int32Array, membersFrom: number, parentCount: number): number {
    const mem = this.memory;
    const at = (this.layout.unhit >> 2) + depth * this.words;
    for (let i = 0; i < searchWords; i++) mem[at + i] = unhit[from + i];
    for (let i = searchWords; i < this.words; i++) mem[at + i] = 0;
    if (depth > 0) {
      mem[(this.layout.counts >> 2) + depth - 1] = parentCount;
      const slot = (this.layout.members + (depth - 1) * MEMBER_SLOT) >> 2;
      for (let i = 0; i < 4 * parentCount; i++) mem[slot + i] = members[membersFrom + i];
    }
    return this.runExport(depth, c0, c1, c2, d0, d1, d2);
  }

  /** The root's dead-end proof of the last run: [flag, band words], or flag 0. */
  proof(): Int32Array {
    return this.memory.subarray(this.layout.proof >> 2, (this.layout.proof >> 2) + 4);
  }



  /** Nodes the last run visited (escapes not counted: the JS search counts them). */
  nodes(): number {
    return this.nodesExport();
  }
}
