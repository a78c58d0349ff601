/**
 * A tiny WebAssembly binary encoder: just the sections and opcodes the grid
 * scan's deep-level kernel needs (i32 arithmetic, memory, structured control,
 * a few v128 operations). The kernel is generated at runtime from
 * TypeScript, so the project needs no external toolchain and the library
 * still runs in a browser (WebAssembly.Module/Instance are standard there).
 *
 * Not a general assembler: one memory, mutable i32 globals, functions with
 * i32 parameters/results and i32/v128 locals; no imports, tables or data.
 */

export const I32 = 0x7f;
export const I64 = 0x7e;
export const V128 = 0x7b;

/** Opcodes used by the kernel (single byte). */
export const Op = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  return: 0x0f,
  call: 0x10,
  select: 0x1b,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  globalGet: 0x23,
  globalSet: 0x24,
  i32Load: 0x28,
  i32Load8U: 0x2d,
  i64Load: 0x29,
  i64Store: 0x37,
  i32Store: 0x36,
  i32Store8: 0x3a,
  i32Const: 0x41,
  i32Eqz: 0x45,
  i32Eq: 0x46,
  i32Ne: 0x47,
  i32LtS: 0x48,
  i32GtS: 0x4a,
  i32GeS: 0x4e,
  i32Ctz: 0x68,
  i32Popcnt: 0x69,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Mul: 0x6c,
  i32And: 0x71,
  i32Or: 0x72,
  i32Xor: 0x73,
  i32Shl: 0x74,
  i32ShrU: 0x76,
  i64Eqz: 0x50,
  i64Ctz: 0x7a,
  i64Popcnt: 0x7b,
  i64And: 0x83,
  i64Or: 0x84,
  i64Xor: 0x85,
  i64Shl: 0x86,
  i64ShrU: 0x88,
  i32WrapI64: 0xa7,
  i64ExtendI32U: 0xad,
} as const;

/** SIMD opcodes (after the 0xfd prefix). */
export const SimdOp = {
  v128Load: 0x00,
  v128Store: 0x0b,
  v128AndNot: 0x4f,
} as const;

/** Block type of a block/loop/if with no result. */
export const EMPTY_BLOCK = 0x40;

function unsignedLeb(out: number[], value: number): void {
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
}

function signedLeb(out: number[], value: number): void {
  value |= 0;
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return;
    }
    out.push(byte | 0x80);
  }
}

/** A function body under construction: named locals and an instruction stream. */
export class FunctionBody {
  readonly bytes: number[] = [];
  private readonly localIndex = new Map<string, number>();
  private readonly extraLocals: number[] = [];

  constructor(
    readonly params: readonly string[],
    readonly results: readonly number[],
  ) {
    params.forEach((name, i) => this.localIndex.set(name, i));
  }

  /** Declares a local (i32 unless told) and returns this for chaining. */
  local(name: string, type: number = I32): this {
    if (this.localIndex.has(name)) throw new Error(`local ${name} declared twice`);
    this.localIndex.set(name, this.params.length + this.extraLocals.length);
    this.extraLocals.push(type);
    return this;
  }

  private index(name: string): number {
    const i = this.localIndex.get(name);
    if (i === undefined) throw new Error(`unknown local ${name}`);
    return i;
  }

  op(...codes: number[]): this {
    for (const c of codes) this.bytes.push(c);
    return this;
  }

  get(name: string): this {
    this.bytes.push(Op.localGet);
    unsignedLeb(this.bytes, this.index(name));
    return this;
  }

  set(name: string): this {
    this.bytes.push(Op.localSet);
    unsignedLeb(this.bytes, this.index(name));
    return this;
  }

  tee(name: string): this {
    this.bytes.push(Op.localTee);
    unsignedLeb(this.bytes, this.index(name));
    return this;
  }

  globalGet(index: number): this {
    this.bytes.push(Op.globalGet);
    unsignedLeb(this.bytes, index);
    return this;
  }

  globalSet(index: number): this {
    this.bytes.push(Op.globalSet);
    unsignedLeb(this.bytes, index);
    return this;
  }

  const(value: number): this {
    this.bytes.push(Op.i32Const);
    signedLeb(this.bytes, value);
    return this;
  }

  /** i32.load with a constant byte offset (address on the stack). */
  load(offset = 0): this {
    this.bytes.push(Op.i32Load, 2);
    unsignedLeb(this.bytes, offset);
    return this;
  }

  /** i64.const (small values only: the kernel needs -1 and 32). */
  const64(value: number): this {
    this.bytes.push(0x42);
    signedLeb(this.bytes, value);
    return this;
  }

  /** i64.load / i64.store with a constant byte offset. */
  load64(offset = 0): this {
    this.bytes.push(Op.i64Load, 3);
    unsignedLeb(this.bytes, offset);
    return this;
  }

  store64(offset = 0): this {
    this.bytes.push(Op.i64Store, 3);
    unsignedLeb(this.bytes, offset);
    return this;
  }

  /** i32.load8_u with a constant byte offset. */
  load8(offset = 0): this {
    this.bytes.push(Op.i32Load8U, 0);
    unsignedLeb(this.bytes, offset);
    return this;
  }

  /** i32.store8 with a constant byte offset (address, value on the stack). */
  store8(offset = 0): this {
    this.bytes.push(Op.i32Store8, 0);
    unsignedLeb(this.bytes, offset);
    return this;
  }

  /** i32.store with a constant byte offset (address, value on the stack). */
  store(offset = 0): this {
    this.bytes.push(Op.i32Store, 2);
    unsignedLeb(this.bytes, offset);
    return this;
  }

  simd(code: number): this {
    this.bytes.push(0xfd);
    unsignedLeb(this.bytes, code);
    return this;
  }

  v128Load(offset = 0): this {
    this.simd(SimdOp.v128Load);
    this.bytes.push(4);
    unsignedLeb(this.bytes, offset);
    return this;
  }

  v128Store(offset = 0): this {
    this.simd(SimdOp.v128Store);
    this.bytes.push(4);
    unsignedLeb(this.bytes, offset);
    return this;
  }

  call(functionIndex: number): this {
    this.bytes.push(Op.call);
    unsignedLeb(this.bytes, functionIndex);
    return this;
  }

  /** br/br_if to the enclosing label `depth` levels out (0 = innermost). */
  br(depth: number): this {
    this.bytes.push(Op.br);
    unsignedLeb(this.bytes, depth);
    return this;
  }

  brIf(depth: number): this {
    this.bytes.push(Op.brIf);
    unsignedLeb(this.bytes, depth);
    return this;
  }

  /** The encoded body: local declarations, code, end. */
  encode(): number[] {
    const out: number[] = [];
    const groups: [number, number][] = [];
    for (const type of this.extraLocals) {
      const last = groups[groups.length - 1];
      if (last !== undefined && last[1] === type) last[0]++;
      else groups.push([1, type]);
    }
    unsignedLeb(out, groups.length);
    for (const [count, type] of groups) {
      unsignedLeb(out, count);
      out.push(type);
    }
    for (const b of this.bytes) out.push(b);
    out.push(Op.end);
    const sized: number[] = [];
    unsignedLeb(sized, out.length);
    return sized.concat(out);
  }
}

export interface ModuleSpec {
  /** Memory size in 64 KiB pages (fixed: no growth, so typed-array views stay valid). */
  readonly pages: number;
  /** Mutable i32 globals, all starting at 0. */
  readonly globals: number;
  readonly functions: readonly FunctionBody[];
  /** Exported functions by name (function index). */
  readonly exports: Readonly<Record<string, number>>;
  /** Name under which the memory is exported. */
  readonly memoryExport: string;
}

function section(out: number[], id: number, content: number[]): void {
  out.push(id);
  unsignedLeb(out, content.length);
  for (const b of content) out.push(b);
}

function name(out: number[], text: string): void {
  unsignedLeb(out, text.length);
  for (let i = 0; i < text.length; i++) out.push(text.charCodeAt(i));
}

/** Encodes a whole module; each function gets its own type. */
export function encodeModule(spec: ModuleSpec): Uint8Array {
  const out = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  const types: number[] = [];
  unsignedLeb(types, spec.functions.length);
  for (const f of spec.functions) {
    types.push(0x60);
    unsignedLeb(types, f.params.length);
    for (let i = 0; i < f.params.length; i++) types.push(I32);
    unsignedLeb(types, f.results.length);
    for (const r of f.results) types.push(r);
  }
  section(out, 1, types);
  const funcs: number[] = [];
  unsignedLeb(funcs, spec.functions.length);
  spec.functions.forEach((_, i) => unsignedLeb(funcs, i));
  section(out, 3, funcs);
  const memory: number[] = [1, 0x00];
  unsignedLeb(memory, spec.pages);
  section(out, 5, memory);
  const globals: number[] = [];
  unsignedLeb(globals, spec.globals);
  for (let i = 0; i < spec.globals; i++) globals.push(I32, 0x01, Op.i32Const, 0x00, Op.end);
  section(out, 6, globals);
  const exports: number[] = [];
  const names = Object.keys(spec.exports);
  unsignedLeb(exports, names.length + 1);
  for (const n of names) {
    name(exports, n);
    exports.push(0x00);
    unsignedLeb(exports, spec.exports[n]);
  }
  name(exports, spec.memoryExport);
  exports.push(0x02, 0x00);
  section(out, 7, exports);
  const code: number[] = [];
  unsignedLeb(code, spec.functions.length);
  for (const f of spec.functions) for (const b of f.encode()) code.push(b);
  section(out, 10, code);
  return Uint8Array.from(out);
}
