/**
 * The bands whose first row is 123456789 and whose second row starts 4, 5:
 * 77,760 of them (design notes band-scan.md §1.2), and every minlex band is
 * one of them, so visiting them finds all 416 classes.
 */

/**
 * Calls `visit` with every band (27 digits) having row 1 = 123456789 and row
 * 2 starting 4, 5, in lexicographic order, until it returns true.
 */
export function forEachPrefixedBand(visit: (band: Uint8Array) => boolean | undefined): void {
  const band = new Uint8Array(27);
  for (let c = 0; c < 9; c++) band[c] = c + 1;
  band[9] = 4;
  band[10] = 5;
  const rowUsed = new Uint16Array(3);
  const boxUsed = new Uint16Array(3);
  rowUsed[0] = 0x3fe;
  boxUsed[0] = 0b1110 | 1 << 4 | 1 << 5;
  boxUsed[1] = 0b1110000;
  boxUsed[2] = 0b1110000000;
  rowUsed[1] = 1 << 4 | 1 << 5;
  const fill = (p: number): boolean => {
    if (p === 27) return visit(band) === true;
    const row = (p / 9) | 0;
    const col = p % 9;
    const box = (col / 3) | 0;
    let column = 0;
    for (let r = 0; r < row; r++) column |= 1 << band[9 * r + col];
    const free = ~(rowUsed[row] | boxUsed[box] | column) & 0x3fe;
    for (let d = 1; d <= 9; d++) {
      const bit = 1 << d;
      if ((free & bit) === 0) continue;
      band[p] = d;
      rowUsed[row] |= bit;
      boxUsed[box] |= bit;
      const stop = fill(p + 1);
      rowUsed[row] &= ~bit;
      boxUsed[box] &= ~bit;
      if (stop) return true;
    }
    return false;
  };
  fill(11);
}
