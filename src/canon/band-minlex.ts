/**
 * Minlex form of a band (3 rows of a grid) under its own symmetries: row
 * order (3!), stack order (3!), column order inside each stack (3!^3) and
 * relabelling. The form starts 123456789 (relabelling fixes row 1), and the
 * 416 essentially different bands are the distinct results (band-table.ts).
 *
 * Method (ours). Pick the top row t and the order (s, u) of the other two.
 * Relabel each digit by its column in row t; then row s is a permutation pi
 * of the columns (pi(c) = column of row_s[c] in row t), and row u likewise
 * rho. A column transformation phi (stack-preserving) turns the rows into
 * phi.pi.phi^-1 and phi.rho.phi^-1, so the minlex band is the lex-least pair
 * of conjugates. We build phi position by position: position j takes a
 * source column x = pre[j] (branching only when pre[j] is still open), and
 * its value img[pi(x)]; when pi(x) has no image yet it gets the smallest
 * free target allowed by the stack structure, which is forced because any
 * other choice is larger at position j. Branches that exceed the best prefix
 * are cut, so the search visits only a few dozen leaves per row order.
 * Every leaf equal to the final best is an automorphism-related transform;
 * their count is the band's automorphism count.
 */

/** Rows of the band as 27 digits 1..9, row-major. */
export type BandDigits = ArrayLike<number>;

const UNSET = 255;
const LEAF = 18;
const NOT_LESS = 99;

export class BandMinlexer {
  /** Minlex band: 27 digits 1..9. */
  readonly best = new Uint8Array(27);
  /** Number of (row order, column transform) pairs reaching the minlex form. */
  automorphisms = 0;
  /** First transform reaching it: new row i = old row rowOrder[i]; old column c -> new column colImage[c]; old digit d -> digitMap[d]. */
  readonly rowOrder = new Uint8Array(3);
  readonly colImage = new Uint8Array(9);
  readonly digitMap = new Uint8Array(10);

  private readonly bestValues = new Uint8Array(LEAF);
  private readonly current = new Uint8Array(LEAF);
  private readonly pi = new Uint8Array(9);
  private readonly rho = new Uint8Array(9);
  private readonly img = new Uint8Array(9);
  private readonly pre = new Uint8Array(9);
  private readonly stackImg = new Uint8Array(3);
  private readonly stackPre = new Uint8Array(3);
  private readonly trail = new Uint8Array(32);
  private trailLength = 0;
  private lessAt = NOT_LESS;
  private readonly blocks = new Uint8Array(9);
  private firstColumns = 0;
  private rowT = 0;
  private rowS = 0;
  private rowU = 0;
  private readonly positionOf = new Uint8Array(10);
  private readonly source = new Uint8Array(27);

  /** Minlexes the band whose 27 digits start at `band[offset]`. */
  minlex(band: BandDigits, offset = 0): void {
    const src = this.source;
    for (let i = 0; i < 27; i++) src[i] = band[offset + i];
    this.bestValues.fill(UNSET);
    this.automorphisms = 0;
    this.lessAt = NOT_LESS;
    for (let t = 0; t < 3; t++) {
      const s1 = t === 0 ? 1 : 0;
      const s2 = t === 2 ? 1 : 2;
      this.searchRows(t, s1, s2);
      this.searchRows(t, s2, s1);
    }
    const best = this.best;
    for (let c = 0; c < 9; c++) best[c] = c + 1;
    for (let i = 0; i < LEAF; i++) best[9 + i] = this.bestValues[i] + 1;
  }

  private searchRows(t: number, s: number, u: number): void {
    const src = this.source;
    for (let c = 0; c < 9; c++) this.positionOf[src[9 * t + c]] = c;
    for (let c = 0; c < 9; c++) {
      this.pi[c] = this.positionOf[src[9 * s + c]];
      this.rho[c] = this.positionOf[src[9 * u + c]];
    }
    // Row 2 always starts 3,4,5 (0-based) when some stack of row s maps
    // wholly into one stack of row t, else 3,4,6; and position 0 must take a
    // column whose stack sends the most columns to its image's stack.
    const blocks = this.blocks;
    blocks.fill(0);
    for (let c = 0; c < 9; c++) blocks[3 * ((c / 3) | 0) + ((this.pi[c] / 3) | 0)]++;
    let widest = 0;
    for (let i = 0; i < 9; i++) if (blocks[i] > widest) widest = blocks[i];
    if (widest < 3 && this.bestValues[2] === 4) return;
    let firstColumns = 0;
    for (let c = 0; c < 9; c++) if (blocks[3 * ((c / 3) | 0) + ((this.pi[c] / 3) | 0)] === widest) firstColumns |= 1 << c;
    this.firstColumns = firstColumns;
    this.rowT = t;
    this.rowS = s;
    this.rowU = u;
    this.img.fill(UNSET);
    this.pre.fill(UNSET);
    this.stackImg.fill(UNSET);
    this.stackPre.fill(UNSET);
    this.trailLength = 0;
    this.step(0);
  }

  /** Maps source column x to target column p (and their stacks, if new). */
  private assign(x: number, p: number): void {
    this.img[x] = p;
    this.pre[p] = x;
    const sx = (x / 3) | 0;
    if (this.stackImg[sx] === UNSET) {
      const sp = (p / 3) | 0;
      this.stackImg[sx] = sp;
      this.stackPre[sp] = sx;
      this.trail[this.trailLength++] = 16 | sx;
    }
    this.trail[this.trailLength++] = x;
  }

  private undo(mark: number): void {
    while (this.trailLength > mark) {
      const entry = this.trail[--this.trailLength];
      if (entry & 16) {
        const sx = entry & 15;
        this.stackPre[this.stackImg[sx]] = UNSET;
        this.stackImg[sx] = UNSET;
      } else {
        this.pre[this.img[entry]] = UNSET;
        this.img[entry] = UNSET;
      }
    }
  }

  /** Image of column y, giving it the smallest free allowed target when it has none. */
  private imageOf(y: number): number {
    let p = this.img[y];
    if (p !== UNSET) return p;
    const target = this.stackImg[(y / 3) | 0];
    if (target !== UNSET) {
      p = 3 * target;
      while (this.pre[p] !== UNSET) p++;
    } else {
      let stack = 0;
      while (this.stackPre[stack] !== UNSET) stack++;
      p = 3 * stack;
    }
    this.assign(y, p);
    return p;
  }

  private step(j: number): void {
    if (j === LEAF) {
      this.leaf();
      return;
    }
    if (j >= 9) {
      // phi is complete: row 3 has no choice left.
      const v = this.img[this.rho[this.pre[j - 9]]];
      if (!this.accept(j, v)) return;
      this.step(j + 1);
      return;
    }
    const x0 = this.pre[j];
    if (x0 !== UNSET) {
      const mark = this.trailLength;
      const v = this.imageOf(this.pi[x0]);
      if (this.accept(j, v)) this.step(j + 1);
      this.undo(mark);
      return;
    }
    const sourceStack = this.stackPre[(j / 3) | 0];
    const allowedColumns = j === 0 ? this.firstColumns : 0x1ff;
    for (let x = 0; x < 9; x++) {
      if (this.img[x] !== UNSET || ((allowedColumns >> x) & 1) === 0) continue;
      const sx = (x / 3) | 0;
      if (sourceStack !== UNSET ? sx !== sourceStack : this.stackImg[sx] !== UNSET) continue;
      const mark = this.trailLength;
      this.assign(x, j);
      const v = this.imageOf(this.pi[x]);
      if (this.accept(j, v)) this.step(j + 1);
      this.undo(mark);
    }
  }

  /** Records value v at position j; false when the prefix is now worse than the best. */
  private accept(j: number, v: number): boolean {
    this.current[j] = v;
    if (this.lessAt >= j) {
      const b = this.bestValues[j];
      if (v > b) return false;
      if (v < b) this.lessAt = j;
    }
    return true;
  }

  private leaf(): void {
    if (this.lessAt !== NOT_LESS) {
      this.bestValues.set(this.current);
      this.lessAt = NOT_LESS;
      this.automorphisms = 0;
      this.rowOrder[0] = this.rowT;
      this.rowOrder[1] = this.rowS;
      this.rowOrder[2] = this.rowU;
      this.colImage.set(this.img);
      for (let d = 1; d <= 9; d++) this.digitMap[d] = this.img[this.positionOf[d]] + 1;
    }
    this.automorphisms++;
  }
}

/** Convenience: the minlex form of a band as a 27-character string. */
export function bandMinlexString(band: BandDigits, offset = 0): string {
  const m = new BandMinlexer();
  m.minlex(band, offset);
  let text = "";
  for (let i = 0; i < 27; i++) text += m.best[i];
  return text;
}
