/**
 * The GUA sockets of an entry (gua-sockets.ts) as the nodes of the
 * bands-1+2 path see them (design notes band-scan.md §1.8, "use"): which
 * parts of each socket a node's clues miss, a vector per level derived from
 * its parent's with one AND-NOT per socket (each level adds one clue), and
 * what a socket then means for band 3 at the node being bounded: every
 * part hit (off), a missed part with no live cell (its band-3 pattern must
 * be hit: forced), or a missed part that live cells may still hit (mixed).
 * The states are worked out lazily, once per node for all the entry's
 * bands 3, by the bound (band3-bound.ts) and the joint searches' roots.
 *
 * Cell sets are band words: bit i of word b = cell 27b + i. No Node APIs.
 */
import { lowBits } from "../core/bits.js";
import { GuaSockets, MAX_PARTS, PATTERNS_PER_BAND3, SOCKET_COUNT } from "./gua-sockets.js";
import { MAX_DEPTH_XY, type ScanPath } from "./scan-path.js";

/** Socket states at a node (SocketStates.socketState). */
export const SOCKET_OFF = 0;
export const SOCKET_FORCED = 1;
export const SOCKET_MIXED = 2;

export class SocketStates {
  /** The entry's sockets and their parts, collected once per entry. */
  readonly sockets: GuaSockets;
  /**
   * Per level L and socket slot s, the socket's parts that the clues of the
   * path's node at L miss, one bit per part, at L * SOCKET_COUNT + s (valid
   * for the node socketMissedNode[L]); derived from the parent's as the
   * learned UAs' vectors are (learned-uas.ts).
   */
  readonly socketMissed = new Int32Array((MAX_DEPTH_XY + 2) * SOCKET_COUNT);
  readonly socketMissedNode = new Int32Array(MAX_DEPTH_XY + 2).fill(-1);
  /**
   * What a socket means for band 3 at the node being bounded (live cells
   * socketLive0/1, clue vector at socketVector), worked out once per socket
   * and node for all bands 3 (valid while socketStamp[s] === stamp):
   * SOCKET_OFF (every part hit), SOCKET_FORCED (a part is missed and has no
   * live cell: its band-3 pattern must be hit), SOCKET_MIXED (a missed part
   * keeps live cells; the smallest is in socketMix0/1 with them only).
   */
  private readonly socketState = new Uint8Array(SOCKET_COUNT);
  private readonly socketStamp = new Int32Array(SOCKET_COUNT);
  readonly socketMix0 = new Int32Array(SOCKET_COUNT);
  readonly socketMix1 = new Int32Array(SOCKET_COUNT);
  private stamp = 0;
  socketVector = 0;
  private socketLive0 = 0;
  private socketLive1 = 0;
  private socketNode = -1;

  constructor(
    private readonly path: ScanPath,
    floorDigits: number,
  ) {
    this.sockets = new GuaSockets(floorDigits);
  }

  /** Node serials restart with each entry: nothing cached for an earlier entry's node may be read. */
  restart(): void {
    this.socketMissedNode.fill(-1);
    this.socketNode = -1;
  }

  /**
   * Sets the node whose sockets band3Hopeful reads: the path's node at
   * `level`, bands-1+2 cells live0/live1 still free to become clues. Socket
   * states are worked out lazily (evaluateSocket), once per node for all
   * bands 3; asking again for the same node keeps them.
   */
  beginSocketBound(level: number, live0: number, live1: number): void {
    const path = this.path;
    const vector = this.socketMissedAt(level);
    if (vector === this.socketVector && live0 === this.socketLive0 && live1 === this.socketLive1 && this.socketNode === path.levelNode[level]) return;
    this.stamp++;
    this.socketVector = vector;
    this.socketNode = path.levelNode[level];
    this.socketLive0 = live0;
    this.socketLive1 = live1;
  }

  /** Socket s's state at the node set by beginSocketBound, worked out once per node (see socketState). */
  socketStateAt(s: number): number {
    return this.socketStamp[s] === this.stamp ? this.socketState[s] : this.evaluateSocket(s);
  }

  /** Socket s's state at the node set by beginSocketBound (see socketState). */
  private evaluateSocket(s: number): number {
    const sockets = this.sockets;
    let state = SOCKET_OFF;
    const live0 = this.socketLive0;
    const live1 = this.socketLive1;
    for (let missed = this.socketMissed[this.socketVector + s]; missed !== 0; missed &= missed - 1) {
      const p = MAX_PARTS * s + 31 - Math.clz32(missed & -missed);
      const r0 = sockets.parts0[p] & live0;
      const r1 = sockets.parts1[p] & live1;
      if ((r0 | r1) === 0) {
        state = SOCKET_FORCED;
        break;
      }
      if (state === SOCKET_OFF) {
        // Parts are sorted by size: the first missed one is the smallest.
        state = SOCKET_MIXED;
        this.socketMix0[s] = r0;
        this.socketMix1[s] = r1;
      }
    }
    this.socketState[s] = state;
    this.socketStamp[s] = this.stamp;
    return state;
  }

  /**
   * A 3-band UA that a check of band 3 b returned (cells w0, w1, w2): when
   * its band-3 cells are one of b's GUA2 pairs or GUA3 mini-rows, its
   * bands-1+2 cells are a part of that pattern's socket, for every band 3
   * that carries the socket, not for b alone (Sk_S17VB adds such GUAs on
   * the fly too). The vectors of the path's levels take it, as if it had
   * been collected with the others.
   */
  learnPart(b: number, w0: number, w1: number, w2: number): void {
    const sockets = this.sockets;
    let s = -1;
    for (let k = PATTERNS_PER_BAND3 * b, end = k + PATTERNS_PER_BAND3; k < end; k++) {
      if (sockets.bandCells[k] === w2) {
        s = sockets.bandSocket[k];
        break;
      }
    }
    if (s < 0) return;
    const part = sockets.addPart(s, w0, w1);
    if (part < 0) return;
    const path = this.path;
    const bit = 1 << part;
    for (let level = 0; level < this.socketMissedNode.length; level++) {
      if (this.socketMissedNode[level] !== path.levelNode[level]) continue;
      const missed = ((w0 & path.levelS0[level]) | (w1 & path.levelS1[level])) === 0 ? bit : 0;
      // The part may replace another in its slot: its bit is set anew.
      this.socketMissed[level * SOCKET_COUNT + s] = (this.socketMissed[level * SOCKET_COUNT + s] & ~bit) | missed;
    }
    // The states worked out at the node being bounded did not know the part.
    this.stamp++;
  }

  /** The offset in socketMissed of the socket parts that the clues of the path's node at `level` miss. */
  socketMissedAt(level: number): number {
    const path = this.path;
    const at = level * SOCKET_COUNT;
    if (this.socketMissedNode[level] === path.levelNode[level]) return at;
    const vector = this.socketMissed;
    if (level === 0) {
      const counts = this.sockets.partCount;
      for (let s = 0, n = this.sockets.slotCount; s < n; s++) vector[at + s] = lowBits(counts[s]);
    } else {
      const parent = this.socketMissedAt(level - 1);
      const cell = path.clueCell(level);
      const hits = this.sockets.partHits;
      const column = cell * SOCKET_COUNT;
      for (let s = 0, n = this.sockets.slotCount; s < n; s++) vector[at + s] = vector[parent + s] & ~hits[column + s];
    }
    this.socketMissedNode[level] = path.levelNode[level];
    return at;
  }
}
