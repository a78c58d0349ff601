/**
 * The three band catalogs. Each lists every essentially different grid once,
 * as an "entry" (band 1 + band 2) and one of its bands 3; they differ in which
 * band of the grid plays which role (design notes band-scan.md §1.3, §1.10).
 *
 * Every catalog starts from the same choice. Rank each band by the n6 order.
 * Of the grid and its transpose, take the one whose sorted rank triple
 * x1 <= x2 <= x3 is lexicographically least. Write it in "sorted form": the
 * band of rank x1 on top in minlex form, then the x2 band, then the x3 band,
 * rows of bands 2 and 3 sorted by column 1; where ranks tie, or the two
 * orientations tie, take the least such form (compared digit by digit over
 * bands 2 and 3). That fixes which band of the grid is x1, x2 and x3. The
 * catalog then writes the grid with its bands in its own order, again in the
 * least entry form:
 *
 *   main      x1, x2, x3   band 3 has the highest rank (pass 2a)
 *   inverted  x1, x3, x2   band 3 has the middle rank  (pass 2b)
 *   pass1     x2, x3, x1   band 3 has the lowest rank  (pass 1)
 *
 * This is the rule the C++ program (sk_s17v9, GEN_BANDES_12) applies, in our
 * reading of its tie tests.
 */

export type CatalogName = "main" | "inverted" | "pass1";

export const CATALOG_NAMES: readonly CatalogName[] = ["main", "inverted", "pass1"];

/** Positions in sorted order (x1, x2, x3 = 0, 1, 2) of entry bands 1, 2, 3. */
export const ENTRY_ORDER: Readonly<Record<CatalogName, readonly [number, number, number]>> = {
  main: [0, 1, 2],
  inverted: [0, 2, 1],
  pass1: [1, 2, 0],
};

/** Whether entry ranks (band 1, band 2, band 3) are in the catalog's order. */
export function ranksInOrder(catalog: CatalogName, r1: number, r2: number, r3: number): boolean {
  switch (catalog) {
    case "main":
      return r1 <= r2 && r2 <= r3;
    case "inverted":
      return r1 <= r3 && r3 <= r2;
    case "pass1":
      return r3 <= r1 && r1 <= r2;
  }
}

export function parseCatalog(text: string): CatalogName {
  if ((CATALOG_NAMES as readonly string[]).includes(text)) return text as CatalogName;
  throw new Error(`unknown catalog "${text}" (expected ${CATALOG_NAMES.join(", ")})`);
}
