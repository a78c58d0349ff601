/**
 * `npm run verify`: the long verifications of the foundation, outside the
 * 10-minute test suite. Each line states a check against independent truth
 * and its result; the exit code is 1 if any fails.
 */
import { readFileSync } from "node:fs";
import { solveUnique, countSolutions, checkUnique, solve } from "../src/solver/solve.js";
import { isValidGrid } from "../src/core/puzzle.js";
import { cellSetToList } from "../src/core/cellset.js";
import { applyTransform, canonicalPuzzle, canonicalGrid } from "../src/canon/index.js";
import { dataFile, readPuzzleFile } from "../src/io/shared-data.js";
import { entryForms, randomGrid, randomTransform, rng, text } from "../test/helpers.js";
import { bandLookup } from "../src/canon/band-lookup.js";
import { CATALOG_NAMES, type CatalogName, EntryGenerator, locateGrid, rankOfIndex, ranksInOrder } from "../src/catalog/index.js";
import { finish, report } from "./report.js";

function checkList(file: string): void {
  const path = dataFile(file);
  if (!path) return console.log(`skip ${file} not found`);
  const puzzles = readPuzzleFile(path);
  let unique = 0;
  let valid = 0;
  for (const puzzle of puzzles) {
    const result = solveUnique(puzzle);
    if (result.status === "unique") unique++;
    if (result.status !== "none" && isValidGrid(result.solution) && puzzle.every((d, i) => d === 0 || result.solution[i] === d)) valid++;
  }
  report(unique === puzzles.length && valid === puzzles.length, `${file}: ${puzzles.length} puzzles, ${unique} unique, ${valid} solutions valid and agreeing with the clues`);
}

checkList("forum_hardest_1905_11plus.txt");
checkList("top1465.txt");

const seventeens = dataFile("sudoku17.txt");
if (seventeens) {
  const puzzles = readPuzzleFile(seventeens);
  // Every 17 minus one clue: several solutions, and the UA checkUnique returns is a real unavoidable set.
  let reduced = 0;
  let goodUAs = 0;
  let uaCells = 0;
  for (const puzzle of puzzles.filter((_, i) => i % 10 === 0)) {
    const grid = solve(puzzle)!;
    for (let cell = 0; cell < 81; cell++) {
      if (puzzle[cell] === 0) continue;
      const p = puzzle.slice();
      p[cell] = 0;
      reduced++;
      const ua = checkUnique(p, grid);
      if (ua === null || countSolutions(p, 2) !== 2) continue;
      const cells = cellSetToList(ua);
      const blanked = grid.slice();
      for (const c of cells) blanked[c] = 0;
      if (cells.every((c) => p[c] === 0) && countSolutions(blanked, 2) === 2) goodUAs++;
      uaCells += cells.length;
    }
  }
  report(goodUAs === reduced, `4,916 17s minus one clue (${reduced} puzzles): all non-unique, ${goodUAs} UAs returned and verified unavoidable (mean size ${(uaCells / reduced).toFixed(1)} cells)`);

  // Canonical forms are invariant under random isomorphisms.
  const random = rng(2026);
  let same = 0;
  let trials = 0;
  for (const puzzle of puzzles.filter((_, i) => i % 25 === 0)) {
    const canon = canonicalPuzzle(puzzle);
    const gridCanon = canonicalGrid(canon.grid).grid;
    for (let k = 0; k < 5; k++) {
      const image = applyTransform(puzzle, randomTransform(random));
      const c = canonicalPuzzle(image);
      trials++;
      if (c.puzzle.every((d, i) => d === canon.puzzle[i]) && c.grid.every((d, i) => d === gridCanon[i])) same++;
    }
  }
  report(same === trials, `canonical puzzle and grid forms of ${trials} random isomorphs of 17s: ${same} equal to the original's`);
}

const most = dataFile("grids-with-most-17s.tsv");
if (most) {
  const lines = readFileSync(most, "utf8").split("\n").filter((l) => /^\d{81}\t/.test(l));
  let ok = 0;
  for (const line of lines) {
    const [grid, , puzzles] = line.split("\t");
    if (puzzles.split(",").every((p) => {
      const r = solveUnique(p);
      return r.status === "unique" && r.solution.join("") === grid;
    })) ok++;
  }
  report(ok === lines.length, `grids-with-most-17s.tsv: every listed 17 solves uniquely to its grid (${ok}/${lines.length} grids)`);
}

// The band catalog: exactly-once over all entry forms of many random grids, and
// the C++ slice numbering on a sample of the k-files' lines in every catalog.
{
  const random = rng(2026);
  const rankOf = rankOfIndex();
  const generators = new Map<string, EntryGenerator>();
  const generatorFor = (catalog: CatalogName, rank: number): EntryGenerator => {
    const key = `${catalog}${rank}`;
    let generator = generators.get(key);
    if (generator === undefined) generators.set(key, (generator = new EntryGenerator(catalog, rank)));
    return generator;
  };
  const trials = 2000;
  let once = 0;
  for (let trial = 0; trial < trials; trial++) {
    const grid = randomGrid(random);
    const forms = entryForms(grid);
    let good = true;
    for (const catalog of CATALOG_NAMES) {
      const listed = forms.filter((form) => {
        const [r1, r2, r3] = [0, 27, 54].map((at) => rankOf[bandLookup().lookup(form, at) & 511]);
        return ranksInOrder(catalog, r1, r2, r3) && generatorFor(catalog, r1).isListed(form);
      });
      good &&= listed.length === 1 && text(listed[0]) === text(locateGrid(grid, catalog).grid);
    }
    if (good) once++;
  }
  report(once === trials, `band catalog: ${trials} random grids, each listed exactly once per catalog among all its entry forms (${once}/${trials})`);

  const kFiles: Record<CatalogName, string> = { main: "k1_p2a.txt", inverted: "k2_p2b.txt", pass1: "k3_p1.txt" };
  for (const catalog of CATALOG_NAMES) {
    const path = dataFile(kFiles[catalog]);
    if (!path) {
      console.log(`skip ${kFiles[catalog]} not found`);
      continue;
    }
    const lines = readFileSync(path, "utf8").split("\n").filter((line) => line.trim() !== "");
    const sample = lines.filter((_, i) => i % Math.ceil(lines.length / 40) === 0);
    let agree = 0;
    let tried = 0;
    const started = process.cpuUsage();
    for (const line of sample) {
      const fields = line.split(";").map((f) => f.trim());
      const grid = solve(fields[0])!;
      const entry = locateGrid(grid, catalog);
      if (text(entry.grid) !== text(grid)) continue; // the documented doubles and exchanged lines
      tried++;
      const generator = new EntryGenerator(catalog, entry.ranks[0]);
      const slice = generator.sliceOfBand2(grid.subarray(27, 54));
      let listed = 0;
      generator.run({ firstSlice: slice, lastSlice: slice }, (g) => {
        if (text(g.grid.subarray(27, 54)) !== text(grid.subarray(27, 54))) return;
        for (let i = 0; i < g.bands3Count; i++) if (text(g.bands3.subarray(27 * i, 27 * i + 27)) === text(grid.subarray(54))) listed++;
      });
      if (slice === Number(fields[4]) && listed === 1) agree++;
    }
    const used = process.cpuUsage(started);
    report(agree === tried, `band catalog ${catalog}: ${tried} sampled ${kFiles[catalog]} lines get the C++ slice number and are listed in that slice (${agree}/${tried}, ${((used.user + used.system) / 1e6).toFixed(0)} s CPU)`);
  }
}

finish();
