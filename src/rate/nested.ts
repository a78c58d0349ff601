/**
 * Sudoku Explainer 1.2.1's nested forcing chains: its Chaining producer with
 * multiple and dynamic on at levels 2 to 5, "Dynamic Forcing Chains (+
 * Forcing Chains)" (9.5 + length), "(+ Multiple Forcing Chains)" (10.0 +),
 * "(+ Dynamic Forcing Chains)" (10.5 +) and "(+ Dynamic Forcing Chains (+
 * Forcing Chains))" (11.0 +), which SE asks after "Dynamic Forcing Chains
 * (+)" (level 1, multiple.ts), in this order.
 *
 * A propagation runs as at level 1 (see multiple.ts): pending "on" nodes
 * first, else one "off" node, dynamic removals from a working grid, hidden
 * parents. When nothing is pending SE asks, in order, until one of them
 * gives something: the set-based rules of plus.ts, then the level's
 * chaining rules, each run as a whole producer on the working grid:
 *
 * - level 2: static forcing chains and cycles ("Forcing Chains & Cycles");
 * - level 3: the same, then static multiple forcing chains;
 * - level 4: dynamic forcing chains (level 0);
 * - level 5: dynamic forcing chains, then dynamic forcing chains at level 2.
 *
 * Every hint of the rule, in the order SE sorts them (rating, complexity,
 * sort key, discovery) and without the later hints whose removals equal an
 * earlier one's, is kept when it depends on the propagation: SE's
 * getRuleParents walks the hint's chains back from each target and, for
 * each "on" node implied as the last digit of a cell (resp. the last place
 * of a digit in a block, row or column), or the initial assumption of a cell
 * (region) chain, takes the candidates of that cell (region, digit) present
 * in the grid the outer propagation started from and gone from its working
 * grid. When there are some, each candidate the hint removes becomes an
 * "off" node with those as parents and the hint as its nested chain. The
 * removals are not checked against the "on" set (as in SE). Within one
 * hint SE takes them in the order of a HashMap keyed by cells that hash by
 * identity, which varies with the JVM; here they go in increasing cell
 * order. On se-ratings.tsv this swaps two equally rated steps of one path
 * (and changes no rating).
 *
 * A hint's complexity is SE's: the distinct ancestors of each target,
 * summed, plus the complexity of every distinct nested chain among those
 * ancestors (chains compared as SE's FullChain does: the same targets with
 * the same ancestor lists), counted once per hint.
 *
 * The pieces, each in its own file: the engine of one nesting level
 * (nested-engine.ts); the nested hints, their rule parents and the
 * accumulator (nested-hint.ts); the registry of nested chains met in one
 * producer call (nested-registry.ts); what level 2 adds, the static forcing
 * chains and cycles on the working grid (static-chains.ts) and its
 * implication graph (static-graph.ts); what level 3 adds, the static
 * multiple chains' propagations on that graph (static-propagation.ts); and
 * what levels 4 and 5 add, the dynamic chains nested, whose untouched
 * branches are reused or skipped (untouched.ts).
 *
 * Speed (SE needs minutes per puzzle at these levels): each nesting depth
 * has its own engine with pooled typed-array propagations; the static
 * chains build the working grid's implication graph once for their three
 * passes, skip the starts that cannot give a hint (see staticHints), the
 * cycle searches of starts whose strongly connected part of the graph
 * cannot hold a cycle that removes anything (cycle-parts.ts), and
 * leave out of their searches the "off" keys without links (ensureStrong);
 * the static multiple chains nested at level 3 reuse that graph and make
 * a propagation's nodes only when its cell or region has a shared target
 * (StaticPropagator.reach); the nested dynamic chains of levels 4 and 5 are
 * kept by working grid for the producer call (Engine.dynamicCache) and
 * for the next call (Engine.carried: a rating asks level 4 on grid after
 * grid that lost a few candidates), and their branches that read nothing
 * the outer propagation changed are the producer's grid's own
 * propagations, reused, or skipped with their groups
 * (UntouchedBranches.touched). Within one propagation, the set rules, the
 * static chains and the static multiple chains look only at what changed
 * since the last working grid where they were asked and every hint was
 * taken (SetRules, Engine.staticTaken and Engine.multipleTaken). And
 * level 2, asked where level 1 has just found nothing, takes up each of
 * level 1's propagations where it ended (Settled, multiple.ts): the two
 * are the same up to the first working grid where the set rules give
 * nothing. Level 3, asked where level 2 has just found nothing, takes up
 * level 2's the same way (Engine.takeUp), up to the first working grid
 * where the static chains give nothing either.
 */
import { forcingChainsAndCycles, lengthDifficulty } from "./chaining.js";
import { CandidateGrid } from "./grid.js";
import { ratingOf, step } from "./helpers.js";
import { multipleForcingChains, settledOn } from "./multiple.js";
import type { StaticNodes } from "./nested-hint.js";
import { Engine } from "./nested-engine.js";
import { chainWithNested, clearRegistry, newRegistry, recordingNestedChains } from "./nested-registry.js";
import { hasCapableParts } from "./static-chains.js";
import type { Step } from "./step.js";

const engines: Engine[] = [];
/** Engine.staticCache of the top-level levels 2 and 3, and the source grid it belongs to. */
const staticCache = new Map<string, StaticNodes>();
let staticCacheSource = "";

/** Whether level 2 takes up level 1's propagations (Settled, multiple.ts); off in the tests that compare both ways. */
let takeUpLevelOne = true;

export function setTakeUpLevelOne(on: boolean): void {
  takeUpLevelOne = on;
}

/** Whether level 3 takes up level 2's propagations (Engine.takeUp); off in the tests that compare both ways. */
let takeUpLevelTwo = true;

export function setTakeUpLevelTwo(on: boolean): void {
  takeUpLevelTwo = on;
}

/**
 * The grid of the last call when it was level 2's and found nothing (its
 * candidates and values), and whether nested chains were recorded then;
 * its nested chains are still registered. Else levelTwoEnded is false.
 */
const levelTwoGrid = new CandidateGrid();
let levelTwoEnded = false;
let levelTwoRecorded = false;

/** Whether level 3 on `grid` can take up level 2's propagations: level 2's was the last call, on this grid, and found nothing. */
function endedLevelTwoOn(grid: CandidateGrid): boolean {
  return levelTwoEnded && levelTwoRecorded === recordingNestedChains() && levelTwoGrid.sameCells(grid);
}

/** SE's Chaining.getNestedSuffix. */
function nestedSuffix(level: number): string {
  if (level === 1) return " (+)";
  if (level === 2) return " (+ Forcing Chains)";
  if (level === 3) return " (+ Multiple Forcing Chains)";
  if (level === 4) return " (+ Dynamic Forcing Chains)";
  if (level >= 5) return ` (+ Dynamic Forcing Chains${nestedSuffix(level - 3)})`;
  return "";
}

/**
 * SE's "Dynamic Forcing Chains (+ ...)" producer of nesting level 2-5: the
 * hint it applies, or null.
 */
export function nestedForcingChains(grid: CandidateGrid, level: number): Step | null {
  // Level 2's propagations name the nested chains registered in its call: level 3 keeps them when it takes those up.
  const takesUp = level === 3 && takeUpLevelTwo && engines[2] !== undefined && endedLevelTwoOn(grid);
  levelTwoEnded = false;
  if (!takesUp) newRegistry();
  const engine = (engines[level] ??= new Engine(level, true));
  // In SE's order the static chains come first, so this holds when rating; checked for other callers.
  engine.chainlessSource = forcingChainsAndCycles(grid) === null;
  engine.incapableSource = level <= 3 && engine.chainlessSource && !hasCapableParts(grid);
  engine.multiplelessSource = level === 3 && engine.chainlessSource && multipleForcingChains(grid, false) === null;
  if (level <= 3) {
    const source = String.fromCharCode.apply(null, grid.candidates as unknown as number[]);
    if (source !== staticCacheSource) {
      staticCacheSource = source;
      staticCache.clear();
    }
    engine.staticCache = staticCache;
  }
  if (level >= 4) {
    engine.dynamicCache = new Map();
    engine.carryHints();
    engine.prepareNestedDynamic(grid);
  }
  engine.takesUpLevelOne = level === 2 && takeUpLevelOne && settledOn(grid);
  engine.takesUpLevelTwo = takesUp ? engines[2] : null;
  const found = engine.best(grid);
  engine.takesUpLevelOne = false;
  engine.takesUpLevelTwo = null;
  const chains = found === null ? [] : found.props.map((prop, i) => chainWithNested(prop, found.nodes[i]));
  if (level === 2 && found === null) {
    // SE asks level 3 next, on this grid (see Engine.takeUp).
    levelTwoEnded = true;
    levelTwoRecorded = recordingNestedChains();
    levelTwoGrid.keepCells(grid);
  } else clearRegistry();
  engine.staticCache = null;
  engine.dynamicCache = null;
  if (level >= 4) engine.clearNestedDynamic();
  if (found === null) return null;
  const rating = ratingOf(9.5 + 0.5 * (level - 2) + lengthDifficulty(found.complexity));
  return step(`Dynamic ${found.name}${nestedSuffix(level)}`, rating, [], found.cells, found.digits, found.placement, found.eliminations, [], chains);
}
