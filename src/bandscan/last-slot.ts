/**
 * The joint search of a valid X+Y that can take one more bands-1+2 clue at
 * most (design notes band-scan.md §1.9, sub-critical problems), split by
 * that clue first: none, or each free cell in turn, which leaves one closed
 * band-3 problem each. The joint search's own bound sees a mixed UA (a
 * bands-1+2 cell or band-3 cells) as one clue, which is weak here; most
 * closed problems have no cover, which the exact cover test
 * (band3-cover.ts) proves at once, and the few left are searched as joint
 * problems of their own (joint-search.ts).
 *
 * Cell sets are band words: bit i of word b = cell 27b + i. No Node APIs.
 */
import type { Band3Bound } from "./band3-bound.js";
import { MINIROW_NEED, MINIROW_OF, ROW_SHIFT } from "./band3-cover.js";
import { JOINT_CAPACITY, type JointSearch } from "./joint-search.js";
import { FULL, type ScanPath } from "./scan-path.js";

export class LastSlot {
  /** lastSlotBound's view of the split's root list: entries read, the mixed ones' indices, the band-3-only ones' mini-row families. */
  private slotScanned = 0;
  private slotMixedCount = 0;
  private slotPureRows = 0;
  private readonly slotMixed = new Int32Array(JOINT_CAPACITY);
  private readonly slotPureFamily = new Int32Array(9);
  /** lastSlotBound's mini-row patterns (one bit per pattern, band3-cover.ts). */
  private readonly miniRowFamily = new Int32Array(9);

  constructor(
    private readonly path: ScanPath,
    private readonly joint: JointSearch,
    private readonly bound: Band3Bound,
  ) {}

  /** Whether bands 1+2 (c1, c2 clues, free cells live0/live1, not all empty) take exactly one more clue at most: every child closed. */
  lastSlot(c1: number, c2: number, live0: number, live1: number): boolean {
    const path = this.path;
    if (live0 !== 0 && (path.canAdd(c1 + 2, c2) || path.canAdd(c1 + 1, c2 + 1))) return false;
    if (live1 !== 0 && (path.canAdd(c1 + 1, c2 + 1) || path.canAdd(c1, c2 + 2))) return false;
    return true;
  }

  /**
   * The joint search of a valid X+Y that can take one more bands-1+2 clue
   * at most, its root list at level 0: split by that clue first (none, or
   * each free cell in turn), which leaves one closed band-3 problem each.
   * The joint search's own bound sees mixed UAs (a bands-1+2 cell or band-3
   * cells) as one clue each, which is weak here: its tree was wide at the
   * bottom (86 nodes per problem on a pass-2a entry). Most closed problems
   * have no cover, which the exact cover test proves at once. Each superset
   * of X+Y lies in exactly one part, so the 17s are the same.
   */
  splitLastSlot(x0: number, x1: number, c1: number, c2: number, live0: number, live1: number): void {
    const path = this.path;
    const joint = this.joint;
    // Without the clue, no cover (as nearly always): then a clue that hits
    // no UA of the list leaves the same problem with one band-3 clue fewer.
    const noneDead = !this.closedChild(0, 0, path.clues - c1 - c2);
    this.slotScanned = 0;
    this.slotMixedCount = 0;
    this.slotPureRows = 0;
    this.slotPureFamily.fill(0);
    if (!noneDead) {
      joint.jointNode(1, x0, x1, 0, 0, 0, FULL, c1, c2, 0);
      if (this.rootKilled()) return;
    }
    for (let band = 0; band < 2; band++) {
      for (let cells = band === 0 ? live0 : live1; cells !== 0; cells &= cells - 1) {
        const bit = cells & -cells;
        const f0 = band === 0 ? bit : 0;
        const f1 = band === 0 ? 0 : bit;
        const n1 = band === 0 ? c1 + 1 : c1;
        const n2 = band === 0 ? c2 : c2 + 1;
        if (this.lastSlotBound(f0, f1, path.clues - n1 - n2, noneDead) || !this.closedChild(f0, f1, path.clues - n1 - n2)) continue;
        joint.jointNode(1, x0 | f0, x1 | f1, 0, 0, 0, FULL, n1, n2, 0);
        if (this.rootKilled()) return;
      }
    }
  }

  /** After a split part's search: true when a fresh UA killed the root (no part can work); a kill of the part itself is cleared. */
  private rootKilled(): boolean {
    const joint = this.joint;
    if (joint.jKillLevel === 0) return true;
    if (joint.jKillLevel === 1) joint.jKillLevel = 99;
    return false;
  }

  /**
   * True when bands-1+2 clue f0/f1 surely leaves a closed problem with no
   * cover of `left` band-3 cells (splitLastSlot): a root UA it misses has
   * no band-3 cell; it hits no root UA while the problem without it had no
   * cover (`noneDead`); or the cover's root bound, mini-row needs plus
   * greedy disjoint UAs, exceeds `left`. Read straight from the root list,
   * without building the child's (most clues end here).
   */
  private lastSlotBound(f0: number, f1: number, left: number, noneDead: boolean): boolean {
    const joint = this.joint;
    const L0 = joint.jW0;
    const L1 = joint.jW1;
    const L2 = joint.jW2;
    const family = this.miniRowFamily;
    const count = joint.jCount[0];
    // Band-3-only root UAs are missed by every clue: their mini-row
    // families are kept for the whole split (slotPure*), and only the
    // other UAs are tested here. Fresh UAs join the root list meanwhile.
    const pureFamily = this.slotPureFamily;
    const mixed = this.slotMixed;
    for (let i = this.slotScanned; i < count; i++) {
      if ((L0[i] | L1[i]) !== 0) {
        mixed[this.slotMixedCount++] = i;
        continue;
      }
      const m = L2[i];
      const low = 31 - Math.clz32(m & -m);
      const shift = ROW_SHIFT[low];
      if ((m & ~(7 << shift)) === 0) {
        pureFamily[MINIROW_OF[low]] |= 1 << (m >>> shift);
        this.slotPureRows |= 7 << shift;
      }
    }
    this.slotScanned = count;
    family.set(pureFamily);
    let hitAny = false;
    let inRows = this.slotPureRows;
    for (let k = 0, end = this.slotMixedCount; k < end; k++) {
      const i = mixed[k];
      if (((L0[i] & f0) | (L1[i] & f1)) !== 0) {
        hitAny = true;
        continue;
      }
      const m = L2[i];
      if (m === 0) return true;
      const low = 31 - Math.clz32(m & -m);
      const shift = ROW_SHIFT[low];
      if ((m & ~(7 << shift)) === 0) {
        family[MINIROW_OF[low]] |= 1 << (m >>> shift);
        inRows |= 7 << shift;
      }
    }
    if (noneDead && !hitAny) return true;
    let need = 0;
    for (let r = 0; r < 9; r++) need += MINIROW_NEED[family[r]];
    if (need > left) return true;
    let used = inRows;
    for (let i = 0; i < count; i++) {
      if (((L0[i] & f0) | (L1[i] & f1)) !== 0) continue;
      const m = L2[i];
      if ((m & used) === 0) {
        used |= m;
        if (++need > left) return true;
      }
    }
    return false;
  }

  /**
   * Writes level 1 of the joint lists: the root UAs that bands-1+2 clue
   * f0/f1 (or none) misses, cut to band 3, as a closed node. False when one
   * has no band-3 cell or no `left` band-3 cells hit them all.
   */
  private closedChild(f0: number, f1: number, left: number): boolean {
    const joint = this.joint;
    const bound = this.bound;
    const L0 = joint.jW0;
    const L1 = joint.jW1;
    const L2 = joint.jW2;
    const cover = bound.cover;
    cover.clear();
    let n = JOINT_CAPACITY;
    for (let i = 0, end = joint.jCount[0]; i < end; i++) {
      if (((L0[i] & f0) | (L1[i] & f1)) !== 0) continue;
      const m2 = L2[i];
      if (m2 === 0) return false;
      L0[n] = 0;
      L1[n] = 0;
      L2[n++] = m2;
      cover.add(m2);
    }
    joint.jCount[1] = n - JOINT_CAPACITY;
    joint.jLive0[1] = 0;
    joint.jLive1[1] = 0;
    joint.jLive2[1] = FULL;
    return bound.coverable(left);
  }
}
