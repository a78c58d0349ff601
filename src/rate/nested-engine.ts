/**
 * SE's Chaining producer with multiple and dynamic forcing chains at one
 * nesting level (nested.ts), on one grid at a time: a propagation from each
 * assumption as at level 1 (see multiple.ts), and when nothing is pending,
 * the level's nested rules (SE's getAdvancedPotentials): the set rules of
 * plus.ts, then the static chains (level 2: static-chains.ts; level 3 adds
 * the static multiple chains, static-propagation.ts), or the dynamic chains
 * (level 4; level 5 adds those of level 2), each run as a whole producer
 * on the working grid by an engine of its own. Their hints become "off"
 * nodes with rule parents (nested-hint.ts).
 *
 * Speed (SE needs minutes per puzzle at these levels): propagations are
 * pooled typed arrays; the static multiple chains reuse the static chains'
 * graph and make a propagation's nodes only when its cell or region has a
 * shared target (static-propagation.ts); the nested dynamic chains of
 * levels 4 and 5 are kept by working grid for the producer call
 * (dynamicCache) and, as frozen hints, for the next call (carried), and
 * their branches that read nothing the outer propagation changed are the
 * producer's grid's own propagations, reused, or skipped with their groups
 * (untouched.ts).
 */
import { popcount } from "../core/bits.js";
import { lengthDifficulty } from "./chaining.js";
import { DynamicReach, lightBranches } from "./dynamic-reach.js";
import { BRC, CandidateGrid, UNIT_CELLS } from "./grid.js";
import { lowest } from "./helpers.js";
import {
  type AdvancedNode,
  addNodes,
  collect,
  FrozenHint,
  type NestedHint,
  rankHints,
  ruleParentsFromWalk,
  SIGNATURE_NEXT,
  SIGNATURE_TARGETS,
  Signature,
  type StaticNodes,
  targetRemovals,
} from "./nested-hint.js";
import { chainComplexity, chainWithNested, intern, recordingNestedChains } from "./nested-registry.js";
import { SetRules } from "./plus.js";
import {
  ancestors,
  beginNestedCount,
  CAUSE_ADVANCED,
  CAUSE_CELL,
  CAUSE_NONE,
  CAUSE_REGION,
  isShared,
  offsFromOn,
  OffImplications,
  onsFromOff,
  Propagation,
  sharedTargets,
  walkAncestors,
  walked,
} from "./propagation.js";
import { incapableGrid, staticHints } from "./static-chains.js";
import { takeUpSettled } from "./multiple.js";
import { buildGraph, hasNewLinks, markReachingNewLinks, reached, selectPass } from "./static-graph.js";
import { StaticPropagator } from "./static-propagation.js";
import type { Candidate, Chain } from "./step.js";
import { UntouchedBranches, untouchedMode, verifyUntouched } from "./untouched.js";

const NONE = CAUSE_NONE;
const CELL = CAUSE_CELL;
const REGION = CAUSE_REGION;
const ADVANCED = CAUSE_ADVANCED;

/**
 * Whether the level-4 and level-5 producers reuse the previous call's
 * nested hints (see Engine.carried): "on" (the default), "off", or
 * "verify", which finds the hints again wherever carried ones are taken
 * and throws unless they are the same, with the same rule parents (for the
 * tests).
 */
let hintCarry: "on" | "off" | "verify" = "on";
let carriedHits = 0;

/** Sets the carry mode; returns how many working grids took carried hints since the last call. */
export function setHintCarry(mode: "on" | "off" | "verify"): number {
  hintCarry = mode;
  const hits = carriedHits;
  carriedHits = 0;
  return hits;
}

/** In "verify" mode: throws unless carried hints are the ones found again, with the same rule parents against `source`. */
function verifyCarried(carried: readonly NestedHint[], found: readonly NestedHint[], source: CandidateGrid, current: CandidateGrid): void {
  const signature = (hint: NestedHint): string => {
    const out = new Signature();
    hint.writeSignature(out);
    return out.values.subarray(0, out.length).join(",");
  };
  const describe = (hint: NestedHint): string =>
    [hint.difficulty, hint.complexity, hint.sortKey, hint.removalKey(), hint.removals.join(","), hint.ruleParents(source, current).join(","), signature(hint)].join(" ");
  if (carried.length !== found.length) throw new Error(`${carried.length} carried hints against ${found.length} found`);
  for (let i = 0; i < carried.length; i++) {
    const a = describe(carried[i]);
    const b = describe(found[i]);
    if (a !== b) throw new Error(`carried hint ${i} differs: ${a} against ${b}`);
  }
}

/**
 * Whether the nested rules look only at what changed since an earlier
 * working grid of the propagation (see Engine.staticTaken and SetRules):
 * "on" (the default), or "verify", which also asks each rule against the
 * source grid wherever an earlier grid served, and throws unless both give
 * the same nodes (for the tests).
 */
let earlierGrids: "on" | "verify" = "on";
let earlierGridChecks: Record<string, number> = {};

/** Sets the mode; returns how many working grids each rule was checked on since the last call. */
export function setEarlierGrids(mode: "on" | "verify"): Record<string, number> {
  earlierGrids = mode;
  const checks = earlierGridChecks;
  earlierGridChecks = {};
  return checks;
}

/** In "verify" mode: throws unless the nodes found against an earlier grid are those found against the source grid. */
function verifyNodes(rule: string, found: readonly { key: number; parents: readonly number[] }[], plain: readonly { key: number; parents: readonly number[] }[]): void {
  earlierGridChecks[rule] = (earlierGridChecks[rule] ?? 0) + 1;
  const text = (nodes: readonly { key: number; parents: readonly number[] }[]): string => nodes.map((node) => `${node.key}<${node.parents.join(",")}`).join(" ");
  const a = text(found);
  const b = text(plain);
  if (a !== b) throw new Error(`${rule} against an earlier working grid: ${a}; against the source grid: ${b}`);
}

/** SE's getComplexity of a hint whose chains end at these (propagation, node) targets. */
function complexityOf(props: readonly Propagation[], nodes: readonly number[]): number {
  let total = 0;
  let withNested = false;
  for (let i = 0; i < props.length; i++) if (props[i].nestedNodes > 0) withNested = true;
  // Most hints (all of the nested dynamic chains') have no nested chain to add.
  if (!withNested) {
    for (let i = 0; i < props.length; i++) total += ancestors(props[i], nodes[i], null);
    return total;
  }
  beginNestedCount();
  const nested: number[] = [];
  for (let i = 0; i < props.length; i++) total += ancestors(props[i], nodes[i], nested);
  for (const id of nested) total += chainComplexity[id];
  return total;
}

/**
 * What a hint concluding node key `target` removes, as a number: the "off"
 * key of a single removal (an "off" target, or an "on" one with one other
 * candidate in its `cell`), else the cell and its `others` candidates.
 */
function removalNumber(target: number, cell: number, others: number): number {
  if ((target & 1) === 0) return target;
  return (others & (others - 1)) === 0 ? (cell * 9 + lowest(others)) << 1 : 1458 + 512 * cell + others;
}

/** Whether a hint of `complexity` and `sortKey` found after `earlier` goes before it in SE's order (complexity, sort key, discovery). */
function ranksBefore(complexity: number, sortKey: number, earlier: { readonly complexity: number; readonly sortKey: number }): boolean {
  return complexity < earlier.complexity || (complexity === earlier.complexity && sortKey < earlier.sortKey);
}

/** Propagations levels 2 and 3 took up from levels 1 and 2 (see Settled and Engine.takeUp), since the count was last read. */
let takenUp = 0;

export function takenUpPropagations(): number {
  const count = takenUp;
  takenUp = 0;
  return count;
}

/** A copy of a working grid's candidates and places, when `valid` (see Engine.staticTaken). */
class Snapshot {
  readonly grid = new CandidateGrid();
  valid = false;
  /** The copy has no part that may hold a cycle which removes something (see incapableGrid). */
  incapable = false;

  take(current: CandidateGrid, incapable = false): void {
    this.grid.candidates.set(current.candidates);
    this.grid.where.set(current.where);
    this.valid = true;
    this.incapable = incapable;
  }

  /** The copy if valid, else `otherwise`. */
  or(otherwise: CandidateGrid | null): CandidateGrid | null {
    return this.valid ? this.grid : otherwise;
  }
}

/** A hint of a nested multiple or dynamic forcing chains producer. */
class ChainsHint implements NestedHint {
  readonly difficulty: number;
  chainId = -1;
  chainGeneration = -1;
  constructor(
    base: number,
    readonly complexity: number,
    readonly sortKey: number,
    readonly removals: number[],
    readonly props: Propagation[],
    readonly nodes: number[],
    /** The cause SE gives the initial assumptions (cell and region chains), else NONE. */
    readonly initialCause: number,
    /** Its removals as a number (see removalNumber): the hints of one list are compared among themselves only. */
    private readonly removalNumber: number,
  ) {
    this.difficulty = base + lengthDifficulty(complexity);
  }

  removalKey(): number {
    return this.removalNumber;
  }

  ruleParents(source: CandidateGrid, current: CandidateGrid): number[] {
    this.walk();
    return ruleParentsFromWalk(walkKeys.values, walkCauses, walkKeys.length, source, current);
  }

  writeSignature(out: Signature): void {
    this.walk();
    const keys = walkKeys.values;
    for (let i = 0; i < walkKeys.length; i++) out.push(keys[i]);
  }

  /**
   * Fills walkKeys with the hint's FullChain signature (SIGNATURE_TARGETS,
   * then each target's ancestors' keys, SIGNATURE_NEXT between targets) and
   * walkCauses with each key's cause at the same place: what getRuleParents
   * reads, in its order.
   */
  private walk(): void {
    walkKeys.length = 0;
    walkKeys.push(SIGNATURE_TARGETS);
    for (let t = 0; t < this.props.length; t++) {
      const prop = this.props[t];
      const length = walkAncestors(prop, this.nodes[t]);
      if (t > 0) walkKeys.push(SIGNATURE_NEXT);
      if (walkCauses.length < walkKeys.length + length) {
        const grown = new Uint8Array(2 * (walkKeys.length + length));
        grown.set(walkCauses);
        walkCauses = grown;
      }
      for (let i = 0; i < length; i++) {
        const node = walked[i];
        walkCauses[walkKeys.length] = node === 0 ? this.initialCause : prop.causes[node];
        walkKeys.push(prop.keys[node]);
      }
    }
  }

  chains(): Chain[] {
    return this.props.map((prop, t) => chainWithNested(prop, this.nodes[t]));
  }

  /** The hint without its propagations, which the engine's next run overwrites (see FrozenHint). */
  freeze(): FrozenHint {
    this.walk();
    const length = walkKeys.length;
    const chains = recordingNestedChains() ? this.chains() : [];
    return new FrozenHint(this.difficulty, this.complexity, this.sortKey, this.removals, this.removalNumber, walkKeys.values.slice(0, length), walkCauses.slice(0, length), chains);
  }
}

/** ChainsHint.walk's keys (a signature) and their causes. */
const walkKeys = new Signature();
let walkCauses = new Uint8Array(256);

/**
 * How Engine.run reports a hint: sort key, name, the branches and their
 * target nodes (lists valid during the call only: most hints are dropped,
 * and a kept one copies them), the conclusion's key, whether it places it,
 * the source cells, the initial assumptions' cause.
 */
type FoundHint = (sortKey: number, name: string, props: Propagation[], nodes: number[], target: number, placed: boolean, cells: number[], initialCause: number) => void;

/** What the lists FoundHint is given hold before their first use. */
const NO_BRANCH = new Propagation();

/** The best hint of a top-level producer, as multiple.ts keeps it. */
export interface Best {
  complexity: number;
  sortKey: number;
  name: string;
  placement: Candidate | null;
  eliminations: Candidate[];
  cells: number[];
  digits: number[];
  /** The propagations and the nodes the chains end at (valid until the engine runs again). */
  props: Propagation[];
  nodes: number[];
}

/**
 * SE's Chaining(multiple, dynamic, false, level) on one grid at a time. Each
 * nesting depth has its own engine, so a propagation can run a whole nested
 * producer at its quiescent points.
 */
export class Engine {
  private readonly work = new CandidateGrid();
  private readonly pendingOn = new Int32Array(1500);
  private pendingOff = new Int32Array(1500);
  private readonly single = new Int32Array(1);
  private readonly parentBuffer = new Int32Array(16);
  private advancedParents = new Int32Array(64);
  private readonly implied = new OffImplications();
  /** The static propagations of the level-3 nested engine. */
  private readonly statics = new StaticPropagator();
  /** The light branches of the dynamic engine nested at levels 4 and 5. */
  private readonly dynamicReach = new DynamicReach();
  /** The grid `run` is on (a light branch is propagated in full there when it has a hint). */
  private runGrid = new CandidateGrid();
  /** The untouched branches of the level-4 and level-5 nested engines. */
  private readonly untouched = new UntouchedBranches();
  private pool: Propagation[] = [];
  private readonly byKey: (Propagation | null)[] = new Array<Propagation | null>(1458).fill(null);
  /** byKey[key] belongs to the current run when byKeyRun[key] === runStamp (a stamp per run instead of clearing 1,458 entries). */
  private readonly byKeyRun = new Int32Array(1458);
  private runStamp = 1;
  private used = 0;
  /** Whether the grids the propagations start from have no static forcing chain (see staticHints). */
  chainlessSource = false;
  /** Level 2 on the grid where level 1 just ran (settledOn): its propagations start where level 1's ended (see Settled). */
  takesUpLevelOne = false;
  /**
   * Level 3 on the grid where level 2 just ran and found nothing: level 2's
   * engine, whose propagations it takes up where they ended (see takeUp);
   * else null.
   */
  takesUpLevelTwo: Engine | null = null;
  /** By start key: whether the propagation of the last run ended where the level's rules gave nothing at all (see takeUp). */
  private readonly endedQuiet = new Uint8Array(1458);
  /** Whether those grids also have no part that may hold a cycle which removes something (see incapableGrid). */
  incapableSource = false;
  /** Whether they also have no static multiple forcing chain (see skipsUnchanged). */
  multiplelessSource = false;
  /**
   * Set on the static multiple engine nested at level 3, for one run: the
   * grid the outer propagation started from (or its later working grid
   * multipleTaken), and the stamp of the keys that reach a link new since
   * (markReachingNewLinks, all links), when the skip below applies; else
   * null.
   */
  private skipSource: CandidateGrid | null = null;
  private skipStamp = -1;
  /**
   * The nested static chains' "off" nodes by working grid (its candidates as
   * a string), for one source grid: SE asks level 3 on the grid where level
   * 2 found nothing, and its propagations meet the same working grids.
   */
  staticCache: Map<string, StaticNodes> | null = null;
  /**
   * Earlier working grids of the running propagation, which only loses
   * candidates: the last where the static chains were asked and where the
   * static multiple chains ran, with every hint taken (each had rule
   * parents, so the propagation removed all they remove). A hint of a later
   * working grid that uses only what such a grid already had (links, a
   * cell's or region's branches) was one there too, with the same rule
   * parents and at least its removals, which are gone: so each rule looks
   * only at what changed since (markChainStarts' and skipsUnchanged's new
   * links), which is less than what changed since the source grid. The set
   * rules do the same with the units (SetRules).
   */
  private readonly setRules = new SetRules();
  private readonly staticTaken = new Snapshot();
  private readonly multipleTaken = new Snapshot();
  /**
   * The nested dynamic chains' "off" nodes by working grid, for one
   * producer call (levels 4 and 5): the propagations from different
   * assumptions meet the same working grids (about one nested call in
   * seven at level 4). The grid's placed digits are the source grid's, so
   * its candidates determine it.
   */
  dynamicCache: Map<string, AdvancedNode[]> | null = null;
  /**
   * The nested dynamic chains' ranked hints (rankHints, frozen) by working
   * grid, across producer calls (levels 4 and 5): those of the previous
   * call (`carried`) and of this one (`carrying`). Which hints a working
   * grid has does not depend on the source grid, only which of them have
   * rule parents; and consecutive calls on a grid that lost a few
   * candidates meet about a fifth of the same working grids.
   */
  private carried: Map<string, NestedHint[]> | null = null;
  private carrying: Map<string, NestedHint[]> | null = null;
  private carryingChains = false;
  /** The engines of the nested rules (multiple static; dynamic level 0; dynamic level 2), made when needed. */
  private nestedEngines: Engine[] = [];

  constructor(
    readonly level: number,
    readonly dynamic: boolean,
  ) {}

  private nestedEngine(i: number, level: number, dynamic: boolean): Engine {
    return (this.nestedEngines[i] ??= new Engine(level, dynamic));
  }

  /** Levels 4 and 5: starts a producer call, keeping the previous call's nested hints by working grid (see carried). */
  carryHints(): void {
    // Hints frozen without their chains cannot serve a call that records them.
    const recording = recordingNestedChains();
    const carry = hintCarry !== "off";
    this.carried = carry && recording === this.carryingChains ? this.carrying : null;
    this.carrying = carry ? new Map() : null;
    this.carryingChains = recording;
  }

  /** Levels 4 and 5: lets the nested dynamic forcing chains skip their untouched branches on the grids reduced from `grid` (see touched). */
  prepareNestedDynamic(grid: CandidateGrid): void {
    this.nestedEngine(1, 0, true).prepareTouched(grid);
  }

  clearNestedDynamic(): void {
    this.nestedEngine(1, 0, true).clearTouched();
  }

  /** SE's getAdvancedPotentials: the set rules, then the level's chaining rules, until one gives something. */
  private advanced(current: CandidateGrid, source: CandidateGrid): AdvancedNode[] {
    const out: AdvancedNode[] = [];
    const verify = earlierGrids === "verify";
    const plainOffs = verify && this.setRules.noted() ? this.setRules.offs(current, source, true) : null;
    for (const { key, parents } of this.setRules.offs(current, source)) out.push({ key, parents, hint: null });
    if (plainOffs !== null) verifyNodes("set rules", out, plainOffs);
    if (out.length > 0 || this.level < 2) return out;
    const level = this.level;
    if (level < 4) {
      const cache = this.staticCache;
      const key = cache === null ? "" : String.fromCharCode.apply(null, current.candidates as unknown as number[]);
      let found = cache === null ? undefined : cache.get(key);
      const reference = this.staticTaken.or(this.chainlessSource ? source : null);
      const incapableReference = reference !== null && (this.staticTaken.valid ? this.staticTaken.incapable : this.incapableSource);
      if (found === undefined && incapableReference && !hasNewLinks(current, reference)) {
        // No forcing chain without a new link, and no cycle that removes anything (see incapableGrid): nothing to search.
        if (verify) {
          const plain: AdvancedNode[] = [];
          collect(staticHints(current, this.chainlessSource ? source : null), source, current, plain);
          verifyNodes("static chains, no new link", [], plain);
        }
        found = { nodes: [], allTaken: true, incapable: true };
        cache?.set(key, found);
        if (level >= 3) buildGraph(current);
      } else if (found === undefined) {
        const nodes: AdvancedNode[] = [];
        let plain: AdvancedNode[] | null = null;
        if (verify && this.staticTaken.valid) {
          plain = [];
          collect(staticHints(current, this.chainlessSource ? source : null), source, current, plain);
        }
        const allTaken = collect(staticHints(current, reference, incapableReference), source, current, nodes);
        if (plain !== null) verifyNodes("static chains", nodes, plain);
        found = { nodes, allTaken, incapable: incapableGrid };
        cache?.set(key, found);
      } else if (found.nodes.length === 0 && level >= 3) {
        buildGraph(current);
      }
      if (found.allTaken) this.staticTaken.take(current, found.incapable);
      if (found.nodes.length > 0 || level < 3) return found.nodes;
      // The graph of `current` is built (by staticHints or above).
      const multiple = this.nestedEngine(0, 0, false);
      multiple.graphReady = true;
      const fromSource = this.chainlessSource && this.multiplelessSource ? source : null;
      let plain: AdvancedNode[] | null = null;
      if (verify && this.multipleTaken.valid) {
        // Before the run whose hints are kept: a run overwrites the last one's propagations.
        plain = [];
        multiple.skipAgainst(current, fromSource);
        collect(multiple.hints(current), source, current, plain);
      }
      multiple.skipAgainst(current, this.multipleTaken.or(fromSource));
      if (collect(multiple.hints(current), source, current, out)) this.multipleTaken.take(current);
      if (plain !== null) verifyNodes("static multiple chains", out, plain);
      multiple.graphReady = false;
      multiple.skipSource = null;
      return out;
    }
    const cache = this.dynamicCache;
    const key = cache === null ? "" : String.fromCharCode.apply(null, current.candidates as unknown as number[]);
    const cached = cache === null ? undefined : cache.get(key);
    if (cached !== undefined) return cached;
    let ranked = this.carried?.get(key);
    if (ranked !== undefined) {
      carriedHits++;
      if (hintCarry === "verify") verifyCarried(ranked, rankHints(this.nestedEngine(1, 0, true).hints(current)), source, current);
    } else {
      ranked = rankHints(this.nestedEngine(1, 0, true).hints(current));
      for (let i = 0; i < ranked.length; i++) ranked[i] = (ranked[i] as ChainsHint).freeze();
    }
    this.carrying?.set(key, ranked);
    addNodes(ranked, source, current, out);
    if (out.length === 0 && level >= 5) {
      collect(this.nestedEngine(2, level - 3, true).hints(current), source, current, out);
      // These hints are not frozen: their propagations belong to a nested engine that its next run overwrites, so a list kept for the call registers their chains now.
      if (cache !== null) for (const node of out) if (node.hint !== null) intern(node.hint);
    }
    cache?.set(key, out);
    return out;
  }

  /** SE's doChaining from one assumption, into `prop`. */
  private propagate(grid: CandidateGrid, start: number, prop: Propagation): void {
    const { work, pendingOn, single, parentBuffer, implied } = this;
    const dynamic = this.dynamic;
    const level = this.level;
    prop.reset();
    this.setRules.begin();
    this.staticTaken.valid = false;
    this.multipleTaken.valid = false;
    work.candidates.set(grid.candidates);
    work.where.set(grid.where);
    if (level > 0) {
      work.values.set(grid.values);
      work.empties.set(grid.empties);
      work.placedCount.set(grid.placedCount);
    }
    this.endedQuiet[start] = 0;
    // Taken up where level 1 (see Settled) or level 2 (see takeUp) left it, at the point where their rules gave nothing.
    const ended =
      this.takesUpLevelTwo !== null ? this.takesUpLevelTwo.takeUp(start, prop, work) : this.takesUpLevelOne ? takeUpSettled(start, prop, work) : 0;
    if (ended !== 0) takenUp++;
    if (ended < 0) return;
    let quiet = ended > 0;
    if (quiet) this.setRules.settle();
    let onLength = 0;
    let offLength = 0;
    let headOn = 0;
    let headOff = 0;
    if (!quiet) {
      const root = prop.add(start, NONE, single, 0);
      if (start & 1) pendingOn[onLength++] = root;
      else this.pendingOff[offLength++] = root;
    }
    const index = prop.index;
    const untouched = this.untouched;
    const recordReads = untouched.recording;
    if (recordReads) untouched.beginReads(start);
    // Whether the level's rules gave nothing at all where the propagation last asked them.
    let ruleless = false;
    while (quiet || headOn < onLength || headOff < offLength) {
      if (quiet) quiet = false;
      else if (headOn < onLength) {
        const p = pendingOn[headOn++];
        const pot = prop.keys[p] >> 1;
        const cell = (pot / 9) | 0;
        const d = pot - 9 * cell;
        if (recordReads) untouched.recordRead(start, cell, d);
        this.reserveOff(offLength + 28);
        offLength = offsFromOn(prop, work, p, cell, d, this.pendingOff, offLength);
        if (offLength < 0) return;
      } else {
        const p = this.pendingOff[headOff++];
        const pot = prop.keys[p] >> 1;
        const cell = (pot / 9) | 0;
        const d = pot - 9 * cell;
        if (recordReads) untouched.recordRead(start, cell, d);
        onsFromOff(implied, work, grid, index, p, cell, d);
        const made = implied.count;
        if (dynamic) {
          work.remove(cell, d + 1);
          if (level > 0) this.setRules.removed(cell, d);
        }
        for (let i = 0; i < made; i++) {
          const on = implied.keys[i];
          const n = implied.parentCount[i];
          for (let j = 0; j < n; j++) parentBuffer[j] = implied.parents[16 * i + j];
          if (index[on ^ 1] >= 0) {
            prop.absurdOn = prop.node(on, implied.causes[i], parentBuffer, n);
            prop.absurdOff = index[on ^ 1];
            return;
          }
          if (index[on] < 0) pendingOn[onLength++] = prop.add(on, implied.causes[i], parentBuffer, n);
        }
      }
      if (level > 0 && headOn === onLength && headOff === offLength) {
        const nodes = this.advanced(work, grid);
        ruleless = nodes.length === 0;
        for (const { key, parents, hint } of nodes) {
          if (index[key] >= 0) continue;
          if (parents.length > this.advancedParents.length) this.advancedParents = new Int32Array(2 * parents.length);
          let n = 0;
          for (const parent of parents) if (index[parent] >= 0) this.advancedParents[n++] = index[parent];
          const node = prop.add(key, ADVANCED, this.advancedParents, n);
          if (hint !== null) {
            prop.nested[node] = intern(hint);
            prop.nestedNodes++;
          }
          this.pushOff(node, offLength++);
        }
      }
    }
    if (ruleless) this.endedQuiet[start] = 1;
  }

  /**
   * Level 2's propagation from `start` in its last run, taken up by level 3
   * (takesUpLevelTwo) on the same grid: the two are the same up to the
   * first working grid where level 2's rules (the set rules, the static
   * chains) give nothing at all, where level 2's ends and level 3 asks the
   * static multiple chains; a propagation that ends earlier (a
   * contradiction, or rules whose nodes it already has) is the same in
   * both. Copies it into `prop` and, where it ended on such a grid, its
   * working grid (the source grid less every "off" node: each was removed
   * as it was followed) into `work`. Returns 1 where level 3 goes on from
   * there, -1 where it is done, 0 where this engine has no such
   * propagation (level 3 propagates it itself).
   */
  takeUp(start: number, prop: Propagation, work: CandidateGrid): number {
    if (this.byKeyRun[start] !== this.runStamp) return 0;
    const ended = this.byKey[start]!;
    prop.copyFrom(ended);
    if (this.endedQuiet[start] === 0) return -1;
    for (let i = 0; i < ended.offCount; i++) {
      const pot = ended.keys[ended.offOrder[i]] >> 1;
      const cell = (pot / 9) | 0;
      work.remove(cell, pot - 9 * cell + 1);
    }
    return 1;
  }

  /** Set by the caller when staticHints has just built the graph of the grid this (static) engine runs on. */
  graphReady = false;

  private pushOff(node: number, at: number): void {
    this.reserveOff(at + 1);
    this.pendingOff[at] = node;
  }

  /** Makes room for `length` entries in the "off" queue. */
  private reserveOff(length: number): void {
    if (length <= this.pendingOff.length) return;
    const bigger = new Int32Array(Math.max(length, 2 * this.pendingOff.length));
    bigger.set(this.pendingOff);
    this.pendingOff = bigger;
  }

  private propagation(grid: CandidateGrid, key: number): Propagation {
    if (this.byKeyRun[key] === this.runStamp) return this.byKey[key]!;
    const untouched = this.untouched;
    const base = untouched.base !== null && !untouched.touched(key) ? untouched.baseByKey[key] : null;
    if (base !== null && untouchedMode === "skip") {
      this.byKey[key] = base;
      this.byKeyRun[key] = this.runStamp;
      return base;
    }
    if (this.used === this.pool.length) this.pool.push(new Propagation());
    const prop = this.pool[this.used++];
    if (this.graphReady && !this.dynamic && this.level === 0) this.statics.reach(key, prop);
    else if (this.dynamic && this.level === 0 && base === null && !untouched.recording && lightBranches) {
      if (!this.dynamicReach.reach(key, prop)) this.propagate(grid, key, prop);
    } else this.propagate(grid, key, prop);
    if (base !== null) verifyUntouched(key, base, prop);
    this.byKey[key] = prop;
    this.byKeyRun[key] = this.runStamp;
    return prop;
  }

  /**
   * The hints of the shared targets of the first `count` of `branches`, in
   * SE's order, through `found` (with the rest of its arguments): the
   * source cells are `cell` when `unit` < 0, else the unit's cells at
   * `positions`. Nothing is allocated unless there is a hint.
   */
  private shared(
    branches: readonly Propagation[],
    count: number,
    on: boolean,
    sortKey: number,
    name: string,
    cell: number,
    unit: number,
    positions: number,
    initialCause: number,
    found: FoundHint,
  ): void {
    if (!sharedTargets(branches, on, count)) return;
    const props = this.targetProps[count];
    for (let b = 0; b < count; b++) {
      const branch = branches[b];
      props[b] = branch;
      if (!branch.light) continue;
      if (this.dynamic) this.propagate(this.runGrid, branch.start, branch);
      else this.statics.propagate(branch.start, branch);
    }
    const cells: number[] = [];
    if (unit < 0) cells.push(cell);
    else for (let p = positions; p !== 0; p &= p - 1) cells.push(UNIT_CELLS[9 * unit + lowest(p)]);
    const firstBranch = props[0];
    const order = on ? firstBranch.onOrder : firstBranch.offOrder;
    const total = on ? firstBranch.onCount : firstBranch.offCount;
    for (let i = 0; i < total; i++) {
      const key = firstBranch.keys[order[i]];
      if (!isShared(key >> 1)) continue;
      const nodes = this.targetNodes[count];
      for (let b = 0; b < count; b++) nodes[b] = props[b].index[key];
      found(sortKey, name, props, nodes, key, on, cells, initialCause);
    }
  }

  /** Reports a contradiction of branch `prop` from the cell: `conclusion` is its start's negation. */
  private absurd(prop: Propagation, conclusion: number, cell: number, found: FoundHint): void {
    const props = this.targetProps[2];
    const nodes = this.targetNodes[2];
    props[0] = prop;
    props[1] = prop;
    nodes[0] = prop.absurdOn;
    nodes[1] = prop.absurdOff;
    found(7, "Contradiction Forcing Chains", props, nodes, conclusion, (conclusion & 1) === 1, [cell], NONE);
  }

  /** The lists of branches and of their target nodes that `found` is given (see FoundHint), by length (a group has 2 to 9 branches). */
  private readonly targetProps: Propagation[][] = Array.from({ length: 10 }, (_, n) => new Array<Propagation>(n).fill(NO_BRANCH));
  private readonly targetNodes: number[][] = Array.from({ length: 10 }, (_, n) => new Array<number>(n).fill(0));

  /** Branch lists reused by run (pair: a cell's digit "on" and "off"; cell: its digits; region: a digit's places). */
  private readonly pairBranches: Propagation[] = [];
  private readonly cellBranches: Propagation[] = [];
  private readonly regionBranches: Propagation[] = [];

  /**
   * Runs the producer on `grid`, calling `found` for every hint in SE's
   * discovery order: sort key, the branches and their target nodes, the
   * conclusion's key, whether the conclusion places it, the source cells,
   * the initial assumptions' cause.
   */
  private run(grid: CandidateGrid, found: FoundHint): void {
    this.used = 0;
    this.runGrid = grid;
    if (this.dynamic && this.level === 0) this.dynamicReach.prepare(grid);
    else if (this.level === 0) this.statics.beginRun();
    this.runStamp++;
    const dynamic = this.dynamic;
    const untouched = this.untouched;
    const skipUntouched = untouched.base !== null;
    if (skipUntouched) untouched.markChanges(grid);
    const { pairBranches, cellBranches, regionBranches } = this;
    for (let cell = 0; cell < 81; cell++) {
      const cands = grid.candidates[cell];
      const size = popcount(cands);
      if (!(size > 2 || (size > 1 && dynamic))) continue;
      const skipCell = this.skipsUnchanged(grid.candidates[cell], this.skipSource?.candidates[cell] ?? -1, cell, -1, -1);
      // Propagations are made only for the groups (cell, pair, region) that can give a hint (see touched).
      let cellLive = !skipCell;
      if (cellLive && skipUntouched) {
        cellLive = false;
        for (let m = cands; m !== 0 && !cellLive; m &= m - 1) cellLive = untouched.touched(((cell * 9 + lowest(m)) << 1) | 1);
      }
      let cellCount = 0;
      for (let m = cands; m !== 0; m &= m - 1) {
        const d = lowest(m);
        const onKey = ((cell * 9 + d) << 1) | 1;
        if (cellLive) cellBranches[cellCount++] = this.propagation(grid, onKey);
        if (!skipCell && dynamic) {
          const onLive = !skipUntouched || untouched.touched(onKey);
          const offLive = !skipUntouched || untouched.touched(onKey ^ 1);
          const on = onLive || (offLive && size >= 3) ? this.propagation(grid, onKey) : null;
          const off = offLive || (onLive && size >= 3) ? this.propagation(grid, onKey ^ 1) : null;
          if (onLive && on!.absurdOn >= 0) this.absurd(on!, onKey ^ 1, cell, found);
          if (offLive && off!.absurdOn >= 0) this.absurd(off!, onKey, cell, found);
          if (size >= 3 && (onLive || offLive)) {
            pairBranches[0] = on!;
            pairBranches[1] = off!;
            this.shared(pairBranches, 2, true, 1, "Double Forcing Chains", cell, -1, 0, NONE, found);
            this.shared(pairBranches, 2, false, 1, "Double Forcing Chains", cell, -1, 0, NONE, found);
          }
        }
        for (let k = 0; k < 3; k++) {
          const unit = BRC[3 * cell + k];
          const positions = grid.where[9 * unit + d];
          if ((positions & (positions - 1)) === 0 || UNIT_CELLS[9 * unit + lowest(positions)] !== cell) continue;
          if (this.skipsUnchanged(positions, this.skipSource?.where[9 * unit + d] ?? -1, -1, unit, d)) continue;
          if (skipUntouched) {
            let live = false;
            for (let p = positions; p !== 0 && !live; p &= p - 1) live = untouched.touched(((UNIT_CELLS[9 * unit + lowest(p)] * 9 + d) << 1) | 1);
            if (!live) continue;
          }
          let count = 0;
          for (let p = positions; p !== 0; p &= p - 1) regionBranches[count++] = this.propagation(grid, ((UNIT_CELLS[9 * unit + lowest(p)] * 9 + d) << 1) | 1);
          this.shared(regionBranches, count, true, 6, "Region Forcing Chains", cell, unit, positions, REGION + k, found);
          this.shared(regionBranches, count, false, 6, "Region Forcing Chains", cell, unit, positions, REGION + k, found);
        }
      }
      if (!cellLive) continue;
      this.shared(cellBranches, cellCount, true, 5, "Cell Forcing Chains", cell, -1, 0, CELL, found);
      this.shared(cellBranches, cellCount, false, 5, "Cell Forcing Chains", cell, -1, 0, CELL, found);
    }
  }

  // Untouched branches (levels 4 and 5): see untouched.ts.

  /** The base grid's propagations, kept for the producer call (see prepareTouched). */
  private basePool: Propagation[] = [];

  /** Records the reads of every propagation on `grid` and turns the skip on for the runs on grids reduced from it, if `grid` has no hint. */
  prepareTouched(grid: CandidateGrid): void {
    const untouched = this.untouched;
    untouched.base = null;
    untouched.recording = true;
    // The base grid's propagations go to their own pool, where they stay for the producer call.
    [this.pool, this.basePool] = [this.basePool, this.pool];
    const hintless = this.hints(grid).length === 0;
    [this.pool, this.basePool] = [this.basePool, this.pool];
    for (let key = 0; key < 1458; key++) untouched.baseByKey[key] = this.byKeyRun[key] === this.runStamp ? this.byKey[key] : null;
    this.runStamp++;
    untouched.recording = false;
    untouched.base = hintless && untouchedMode !== "off" ? grid.copy() : null;
  }

  /** Turns the skip off. */
  clearTouched(): void {
    this.untouched.clear();
  }

  /** Sets the skip (see skipsUnchanged) of this static multiple engine's next run on `current` against `from`, or none (null). */
  private skipAgainst(current: CandidateGrid, from: CandidateGrid | null): void {
    if (from !== null) {
      selectPass(2);
      this.skipStamp = markReachingNewLinks(current, from);
    }
    this.skipSource = from;
  }

  /**
   * Whether the static multiple engine nested at level 3 can skip the chains
   * of a cell (`cell` >= 0: branches on each of its digits `now`) or of a
   * region (`unit`, digit `d`: branches on each place `now`) without losing
   * a hint. When the grid the outer propagation started from has no static
   * forcing chain nor static multiple forcing chain (so it is when rating:
   * SE asked both there first), and the cell (region) is as it was there,
   * and no branch can reach a new link (markReachingNewLinks): each branch
   * then follows only links the source grid has, reaching there all it
   * reaches here, so a target they share here would give the source grid the
   * same multiple chain, with removals. The same holds of an earlier working
   * grid of the outer propagation where these chains ran and it took every
   * removal (multipleTaken): there the target would give removals that are
   * gone. `before` is the cell's (region's) candidates in that grid (the
   * skip source), -1 when the skip does not apply.
   */
  private skipsUnchanged(now: number, before: number, cell: number, unit: number, d: number): boolean {
    if (this.skipSource === null || now !== before) return false;
    for (let m = now; m !== 0; m &= m - 1) {
      const start = cell >= 0 ? ((cell * 9 + lowest(m)) << 1) | 1 : ((UNIT_CELLS[9 * unit + lowest(m)] * 9 + d) << 1) | 1;
      // A key reaches a new link's tail iff its negation is marked.
      if (reached[start ^ 1] === this.skipStamp) return false;
    }
    return true;
  }

  /** Base rating of the producer (SE's Chaining.getDifficulty). */
  private base(): number {
    if (this.level >= 2) return 9.5 + 0.5 * (this.level - 2);
    if (this.level > 0) return 8.5 + 0.5 * this.level;
    return this.dynamic ? 8.5 : 8.0;
  }

  /** Every hint of the producer on `grid`, in discovery order (for nesting). */
  hints(grid: CandidateGrid): NestedHint[] {
    const base = this.base();
    // collect keeps, of the hints with equal removals, only the first by complexity, sort key and discovery: only those are made.
    const found: (ChainsHint | null)[] = [];
    const byRemovals = this.byRemovals;
    byRemovals.clear();
    this.run(grid, (sortKey, _name, props, nodes, target, _placed, _cells, initialCause) => {
      const pot = target >> 1;
      const cell = (pot / 9) | 0;
      const others = grid.candidates[cell] & ~(1 << (pot - 9 * cell));
      // SE's binary, cell and region hints on an "on" target with nothing else in the cell are not worth it.
      if ((target & 1) === 1 && others === 0) return;
      const removalKey = removalNumber(target, cell, others);
      const at = byRemovals.get(removalKey);
      const complexity = complexityOf(props, nodes);
      if (at !== undefined) {
        const earlier = found[at]!;
        if (!ranksBefore(complexity, sortKey, earlier)) return;
        found[at] = null;
      }
      byRemovals.set(removalKey, found.length);
      found.push(new ChainsHint(base, complexity, sortKey, targetRemovals(grid, target), props.slice(), nodes.slice(), initialCause, removalKey));
    });
    const out: NestedHint[] = [];
    for (const hint of found) if (hint !== null) out.push(hint);
    return out;
  }

  /** hints' hint for each set of removals: its index in the list. */
  private readonly byRemovals = new Map<number, number>();

  /** The hint SE applies (first by complexity, then sort key, then discovery), or null. */
  best(grid: CandidateGrid): Best | null {
    let best: Best | null = null;
    this.run(grid, (sortKey, name, props, nodes, target, placed, cells) => {
      const removals = targetRemovals(grid, target);
      if (removals.length === 0) return;
      const complexity = complexityOf(props, nodes);
      if (best !== null && !ranksBefore(complexity, sortKey, best)) return;
      const pot = target >> 1;
      const cell = (pot / 9) | 0;
      const digit = pot - 9 * cell + 1;
      const eliminations = removals.map((key) => ({ cell: ((key >> 1) / 9) | 0, digit: ((key >> 1) % 9) + 1 }));
      best = { complexity, sortKey, name, placement: placed ? { cell, digit } : null, eliminations, cells, digits: [digit], props: props.slice(), nodes: nodes.slice() };
    });
    return best;
  }
}