/** Counters of the band scan, kept so that each filter's effect can be measured (docs/BENCHMARKS.md). */
export class Scan17Stats {
  /** Entries and bands 3 scanned. */
  entries = 0;
  bands3 = 0;
  /** UAs of bands 1+2 collected up front, summed over entries. */
  band12UAs = 0;
  /** Nodes of the bands-1+2 search (expansion engine), and its uniqueness checks. */
  xyNodes = 0;
  /** X×Y engine (xy-chunks.ts): pairs of valid band-1 and band-2 sets, those left by the UA vector filter, and those killed by the FIFO tables. */
  xyPairs = 0;
  xyFilterSurvivors = 0;
  xyFifoKills = 0;
  /** Nodes hitting every known bands-1+2 UA but cut because no band 3 could take the clues left. */
  xyBand3Cut = 0;
  /** Closed leaves of entries with few bands 3 whose every band 3 failed its exact cover before any check. */
  xyCoverCut = 0;
  xyChecks = 0;
  /** Checks that found bands 1+2 not unique (each returns a fresh UA). */
  xyFreshUAs = 0;
  /** Valid bands-1+2 clue sets (unique under the double gangster). */
  xyValid = 0;
  /** Nodes of the exact cover test of closed band-3 problems (band3-cover.ts). */
  band3CoverNodes = 0;
  /** (valid clue set, band 3) problems, and those killed before any band-3 search. */
  band3Problems = 0;
  band3Dropped = 0;
  /** Nodes of the band-3 searches, and their uniqueness checks. */
  band3Nodes = 0;
  band3Checks = 0;
  /** Checks that returned a fresh 3-band UA. */
  band3FreshUAs = 0;
  /** 17s output. */
  puzzles = 0;

  add(other: Scan17Stats): this {
    for (const key of COUNTER_KEYS) this[key] += other[key];
    return this;
  }

  /** Plain object for JSON (checkpoints, worker messages). */
  toJSON(): Record<Scan17Counter, number> {
    const out = {} as Record<Scan17Counter, number>;
    for (const key of COUNTER_KEYS) out[key] = this[key];
    return out;
  }

  static fromJSON(value: Partial<Record<Scan17Counter, number>>): Scan17Stats {
    const stats = new Scan17Stats();
    for (const key of COUNTER_KEYS) {
      const n = value[key];
      if (typeof n === "number" && Number.isFinite(n)) stats[key] = n;
    }
    return stats;
  }

  /** Labelled counters, in pipeline order, for `--stats`: those of the engine that ran (the chunks engine's when it saw a pair). */
  lines(): [string, number][] {
    const chunks = this.xyPairs > 0;
    return COUNTER_KEYS.filter((key) => (CHUNKS_ONLY.includes(key) ? chunks : key !== "xyNodes" || !chunks)).map((key) => [LABELS[key], this[key]]);
  }
}

export type Scan17Counter =
  | "entries" | "bands3" | "band12UAs" | "xyNodes" | "xyPairs" | "xyFilterSurvivors" | "xyFifoKills" | "xyBand3Cut" | "xyCoverCut" | "xyChecks" | "xyFreshUAs" | "xyValid"
  | "band3CoverNodes" | "band3Problems" | "band3Dropped" | "band3Nodes" | "band3Checks" | "band3FreshUAs" | "puzzles";

const COUNTER_KEYS: readonly Scan17Counter[] = [
  "entries", "bands3", "band12UAs", "xyNodes", "xyPairs", "xyFilterSurvivors", "xyFifoKills", "xyBand3Cut", "xyCoverCut", "xyChecks", "xyFreshUAs", "xyValid",
  "band3CoverNodes", "band3Problems", "band3Dropped", "band3Nodes", "band3Checks", "band3FreshUAs", "puzzles",
];

/** Counters only the chunks engine (xy-chunks.ts) moves; it moves no xyNodes. */
const CHUNKS_ONLY: readonly Scan17Counter[] = ["xyPairs", "xyFilterSurvivors", "xyFifoKills"];

const LABELS: Readonly<Record<Scan17Counter, string>> = {
  entries: "entries",
  bands3: "bands 3",
  band12UAs: "bands-1+2 UAs collected",
  xyNodes: "bands-1+2 search nodes",
  xyPairs: "X x Y pairs (chunks engine)",
  xyFilterSurvivors: "pairs left by the UA filter",
  xyFifoKills: "pairs killed by the FIFO tables",
  xyBand3Cut: "nodes cut by the band-3 bound",
  xyCoverCut: "leaves cut by the band-3 cover",
  xyChecks: "bands-1+2 uniqueness checks",
  xyFreshUAs: "bands-1+2 fresh UAs",
  xyValid: "valid bands-1+2 clue sets",
  band3CoverNodes: "band-3 cover test nodes",
  band3Problems: "(clue set, band 3) problems",
  band3Dropped: "problems dropped before search",
  band3Nodes: "band-3 search nodes",
  band3Checks: "band-3 uniqueness checks",
  band3FreshUAs: "3-band fresh UAs",
  puzzles: "17s",
};
