/**
 * `node dist/bench/wasm-probe.js`: what WebAssembly would buy the band
 * scan's bands-1+2 search, measured before any of it is ported. The probe
 * is lastTwo's inner step (last-clues.ts): for a candidate clue cell, the
 * first UA the cell leaves unhit and the AND of the live cells of all it
 * leaves unhit, stopping once that is empty. The same loop runs in
 * JavaScript and in a module written with the grid scan's encoder
 * (src/scan/wasm-encoder.ts), on the same synthetic lists (157 UAs of 15
 * cells over bands 1+2, as at lastTwo's nodes; half of them unhit; live
 * cells three in four), three ways:
 *
 * - JavaScript, typed arrays, one loop over the queries;
 * - WebAssembly with the loop over the queries inside the module;
 * - WebAssembly called once per query, as a kernel called from the
 *   JavaScript search would be.
 *
 * Both give the same checksum, or the probe throws. Prints ns per query.
 */
import { EMPTY_BLOCK, encodeModule, FunctionBody, I32, Op } from "../src/scan/wasm-encoder.js";
import { mulberry32 } from "../src/core/random.js";

const UAS = 157;
const BLOCKS = (UAS + 31) >>> 5;
const QUERIES = 200_000;
const ROUNDS = 20;
/** Byte offsets in the module's memory. */
const HITS = 0;
const CELLS0 = 4096;
const CELLS1 = 8192;
const UNHIT = 12288;
const QUERY = 16384;

const random = mulberry32(20261129);
const cells0 = new Int32Array(512);
const cells1 = new Int32Array(512);
/** hits[54 * block + cell]: bit i % 32 when UA 32 * block + i holds the cell. */
const hits = new Int32Array(54 * 16);
const unhit = new Int32Array(16);
/** Per query: the clue cell (0..53), then the live cells of bands 1 and 2. */
const queries = new Int32Array(3 * QUERIES);

for (let i = 0; i < UAS; i++) {
  for (let size = 0; size < 15; ) {
    const cell = Math.floor(random() * 54);
    const words = cell < 27 ? cells0 : cells1;
    const bit = 1 << cell % 27;
    if ((words[i] & bit) !== 0) continue;
    words[i] |= bit;
    hits[54 * (i >>> 5) + cell] |= 1 << (i & 31);
    size++;
  }
  if (random() < 0.5) unhit[i >>> 5] |= 1 << (i & 31);
}
for (let j = 0; j < QUERIES; j++) {
  queries[3 * j] = Math.floor(random() * 54);
  for (let band = 1; band <= 2; band++) {
    let live = 0;
    for (let c = 0; c < 27; c++) if (random() < 0.75) live |= 1 << c;
    queries[3 * j + band] = live;
  }
}

/** The step in JavaScript over queries from..to-1, as lastTwo writes it; returns a checksum of (first UA, AND). */
function inJs(from: number, to: number): number {
  let sum = 0;
  for (let j = from; j < to; j++) {
    const cell = queries[3 * j];
    const live0 = queries[3 * j + 1];
    const live1 = queries[3 * j + 2];
    let k = -1;
    let e0 = 0;
    let e1 = 0;
    for (let q = 0; q < BLOCKS; q++) {
      let u = unhit[q] & ~hits[54 * q + cell];
      if (u === 0) continue;
      if (k < 0) {
        k = 32 * q + 31 - Math.clz32(u & -u);
        e0 = cells0[k] & live0;
        e1 = cells1[k] & live1;
        u &= u - 1;
      }
      for (; u !== 0 && (e0 | e1) !== 0; u &= u - 1) {
        const i = 32 * q + 31 - Math.clz32(u & -u);
        e0 &= cells0[i];
        e1 &= cells1[i];
      }
      if ((e0 | e1) === 0) break;
    }
    sum = (sum + (e0 ^ (e1 << 1)) + k) | 0;
  }
  return sum;
}

/** The same step as one exported function step(from, to, blocks). */
function stepModule(): FunctionBody {
  const f = new FunctionBody(["from", "to", "blocks"], [I32]);
  for (const name of ["sum", "j", "at", "cell", "live0", "live1", "k", "e0", "e1", "q", "u", "i"]) f.local(name);
  // Index of u's lowest UA in block q.
  const lowestUa = (): void => void f.get("q").const(5).op(Op.i32Shl).get("u").op(Op.i32Ctz).op(Op.i32Add);
  const dropLowest = (): void => void f.get("u").get("u").const(1).op(Op.i32Sub).op(Op.i32And).set("u");
  f.const(0).set("sum").get("from").set("j");
  f.op(Op.block, EMPTY_BLOCK).op(Op.loop, EMPTY_BLOCK);
  f.get("j").get("to").op(Op.i32GeS).brIf(1);
  f.get("j").const(12).op(Op.i32Mul).const(QUERY).op(Op.i32Add).set("at");
  f.get("at").load(0).set("cell").get("at").load(4).set("live0").get("at").load(8).set("live1");
  f.const(-1).set("k").const(0).set("e0").const(0).set("e1").const(0).set("q");
  f.op(Op.block, EMPTY_BLOCK).op(Op.loop, EMPTY_BLOCK);
  f.get("q").get("blocks").op(Op.i32GeS).brIf(1);
  f.get("q").const(2).op(Op.i32Shl).load(UNHIT);
  f.get("q").const(54).op(Op.i32Mul).get("cell").op(Op.i32Add).const(2).op(Op.i32Shl).load(HITS).const(-1).op(Op.i32Xor);
  f.op(Op.i32And).tee("u").op(Op.if, EMPTY_BLOCK);
  f.get("k").const(0).op(Op.i32LtS).op(Op.if, EMPTY_BLOCK);
  lowestUa();
  f.set("k");
  f.get("k").const(2).op(Op.i32Shl).load(CELLS0).get("live0").op(Op.i32And).set("e0");
  f.get("k").const(2).op(Op.i32Shl).load(CELLS1).get("live1").op(Op.i32And).set("e1");
  dropLowest();
  f.op(Op.end);
  f.op(Op.block, EMPTY_BLOCK).op(Op.loop, EMPTY_BLOCK);
  f.get("u").op(Op.i32Eqz).brIf(1);
  f.get("e0").get("e1").op(Op.i32Or).op(Op.i32Eqz).brIf(1);
  lowestUa();
  f.const(2).op(Op.i32Shl).set("i");
  f.get("e0").get("i").load(CELLS0).op(Op.i32And).set("e0");
  f.get("e1").get("i").load(CELLS1).op(Op.i32And).set("e1");
  dropLowest();
  f.br(0);
  f.op(Op.end).op(Op.end);
  // An empty AND ends the query: out of the if and the block loop.
  f.get("e0").get("e1").op(Op.i32Or).op(Op.i32Eqz).brIf(2);
  f.op(Op.end);
  f.get("q").const(1).op(Op.i32Add).set("q");
  f.br(0);
  f.op(Op.end).op(Op.end);
  f.get("sum").get("e0").get("e1").const(1).op(Op.i32Shl).op(Op.i32Xor).op(Op.i32Add).get("k").op(Op.i32Add).set("sum");
  f.get("j").const(1).op(Op.i32Add).set("j");
  f.br(0);
  f.op(Op.end).op(Op.end);
  f.get("sum");
  return f;
}

/** The standard WebAssembly API, typed here as src/scan/wasm-kernel.ts types it (no DOM types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
const api = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
const bytes = encodeModule({ pages: 64, globals: 0, functions: [stepModule()], exports: { step: 0 }, memoryExport: "memory" });
const instance = new api.Instance(new api.Module(bytes), {});
const memory = new Int32Array((instance.exports.memory as { buffer: ArrayBuffer }).buffer);
memory.set(hits, HITS >> 2);
memory.set(cells0, CELLS0 >> 2);
memory.set(cells1, CELLS1 >> 2);
memory.set(unhit, UNHIT >> 2);
memory.set(queries, QUERY >> 2);
const inWasm = instance.exports.step as (from: number, to: number, blocks: number) => number;

const expected = inJs(0, QUERIES);
if (inWasm(0, QUERIES, BLOCKS) !== expected) throw new Error("the module's checksum differs from JavaScript's");

function nsPerQuery(run: () => number): number {
  const start = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) if (run() !== expected) throw new Error("checksum changed");
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / (ROUNDS * QUERIES);
}

const perCall = (): number => {
  let sum = 0;
  for (let j = 0; j < QUERIES; j++) sum = (sum + inWasm(j, j + 1, BLOCKS)) | 0;
  return sum;
};

for (let pass = 1; pass <= 5; pass++) {
  const js = nsPerQuery(() => inJs(0, QUERIES));
  const looped = nsPerQuery(() => inWasm(0, QUERIES, BLOCKS));
  const called = nsPerQuery(perCall);
  process.stdout.write(
    `pass ${pass}: JavaScript ${js.toFixed(1)} ns/query; WebAssembly, loop inside ${looped.toFixed(1)} (${(looped / js).toFixed(2)}x); ` +
      `WebAssembly, one call per query ${called.toFixed(1)} (${(called / js).toFixed(2)}x)\n`,
  );
}
