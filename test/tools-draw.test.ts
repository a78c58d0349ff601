/**
 * `draw` and the library's puzzleSvg. The SVG is read back with a small
 * XML reader written here (it refuses what is not well-formed) and checked
 * by its geometry: 81 cell rectangles in a 9x9 grid, each given's digit in
 * its cell, in bold, each empty cell's candidates exactly the digits no
 * given of its row, column or box holds (computed here), placed as on a
 * keypad; highlighted cells filled. The PNG is decoded here (zlib and the
 * PNG filters) and its pixels looked at where the SVG puts the cells.
 */
import { test } from "node:test";
import { spawnSync } from "node:child_process";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { puzzleSvg } from "../src/draw/svg.js";
import { solve } from "../src/solver/solve.js";
import { text } from "./helpers.js";
import { CLI, freshDir, runCli } from "./cli-helpers.js";

const SEVENTEEN = "...8.1..........435............7.8........1...2..3....6......75..34........2..6..";
const TMP = freshDir("sudokulab-draw-");

interface XmlElement {
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: XmlElement[];
  text: string;
  readonly parent: XmlElement | null;
}

const NAME = /^[A-Za-z_][\w.:-]*/;

/** Reads an XML document; throws on anything that is not well-formed (tags, nesting, attributes, entities, one root). */
function parseXml(source: string): XmlElement {
  let at = 0;
  let root: XmlElement | null = null;
  let open: XmlElement | null = null;
  const fail = (why: string): never => {
    throw new Error(`not well-formed at ${at}: ${why}`);
  };
  const checkText = (chunk: string): string => {
    if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(chunk)) fail("a bare '&'");
    return chunk;
  };
  while (at < source.length) {
    const lt = source.indexOf("<", at);
    const chunk = source.slice(at, lt < 0 ? source.length : lt);
    if (checkText(chunk).trim() !== "") {
      if (open === null) fail("text outside the root element");
      else open.text += chunk;
    }
    if (lt < 0) break;
    at = lt;
    if (source.startsWith("<!--", at)) {
      const end = source.indexOf("-->", at);
      if (end < 0) fail("unclosed comment");
      at = end + 3;
    } else if (source.startsWith("<?", at)) {
      const end = source.indexOf("?>", at);
      if (end < 0 || root !== null) fail("misplaced declaration");
      at = end + 2;
    } else if (source.startsWith("</", at)) {
      const name = NAME.exec(source.slice(at + 2))?.[0] ?? fail("bad end tag");
      if (open === null || open.name !== name) fail(`</${name}> closes ${open === null ? "nothing" : `<${open.name}>`}`);
      at += 2 + name.length;
      if (source[at] !== ">") fail("bad end tag");
      at++;
      open = open!.parent;
    } else {
      const name = NAME.exec(source.slice(at + 1))?.[0] ?? fail("bad start tag");
      at += 1 + name.length;
      const attributes = new Map<string, string>();
      for (;;) {
        const space = /^\s*/.exec(source.slice(at))![0].length;
        at += space;
        if (source.startsWith("/>", at) || source[at] === ">") break;
        if (space === 0) fail("attributes must be separated by spaces");
        const attribute = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(source.slice(at)) ?? fail("bad attribute");
        if (attributes.has(attribute[1])) fail(`attribute ${attribute[1]} twice`);
        attributes.set(attribute[1], checkText(attribute[3] ?? attribute[4]));
        at += attribute[0].length;
      }
      const element: XmlElement = { name, attributes, children: [], text: "", parent: open };
      if (open === null) {
        if (root !== null) fail("a second root element");
        root = element;
      } else open.children.push(element);
      if (source.startsWith("/>", at)) at += 2;
      else {
        at += 1;
        open = element;
      }
    }
  }
  if (open !== null) fail(`<${open.name}> is not closed`);
  return root ?? fail("no root element");
}

function all(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...all(child, name)]);
}

/** An attribute as an element has it, or inherits it from a group. */
function inherited(element: XmlElement, attribute: string): string | undefined {
  for (let e: XmlElement | null = element; e !== null; e = e.parent) if (e.attributes.has(attribute)) return e.attributes.get(attribute);
  return undefined;
}

function number(element: XmlElement, attribute: string): number {
  const value = Number(element.attributes.get(attribute));
  assert.ok(Number.isFinite(value), `${element.name} ${attribute}`);
  return value;
}

/** The picture as the tests see it: cell rectangles in grid order, and which cell a point falls in. */
interface Layout {
  readonly svg: XmlElement;
  readonly cells: XmlElement[];
  readonly left: number[];
  readonly top: number[];
  readonly side: number;
  cellAt(x: number, y: number): number;
}

function layoutOf(source: string): Layout {
  const svg = parseXml(source);
  assert.equal(svg.name, "svg");
  assert.equal(svg.attributes.get("xmlns"), "http://www.w3.org/2000/svg");
  const rects = all(svg, "rect").filter((rect) => rect.attributes.get("class") === "cell");
  assert.equal(rects.length, 81, "81 cell rectangles");
  const xs = [...new Set(rects.map((r) => number(r, "x")))].sort((a, b) => a - b);
  const ys = [...new Set(rects.map((r) => number(r, "y")))].sort((a, b) => a - b);
  assert.equal(xs.length, 9);
  assert.equal(ys.length, 9);
  const side = number(rects[0], "width");
  for (const rect of rects) assert.deepEqual([number(rect, "width"), number(rect, "height")], [side, side]);
  for (let i = 1; i < 9; i++) assert.deepEqual([xs[i] - xs[i - 1], ys[i] - ys[i - 1]], [side, side], "cells side by side");
  const cells = new Array<XmlElement>(81);
  for (const rect of rects) cells[9 * ys.indexOf(number(rect, "y")) + xs.indexOf(number(rect, "x"))] = rect;
  const cellAt = (x: number, y: number): number => {
    const col = xs.findIndex((left) => x >= left && x < left + side);
    const row = ys.findIndex((top) => y >= top && y < top + side);
    assert.ok(col >= 0 && row >= 0, `(${x}, ${y}) is in no cell`);
    return 9 * row + col;
  };
  return { svg, cells, left: xs, top: ys, side, cellAt };
}

/** The digits no given among a cell's row, column and box holds. */
function candidatesByHand(puzzle: string, cell: number): number[] {
  const [row, col] = [Math.floor(cell / 9), cell % 9];
  const seen = new Set<string>();
  for (let other = 0; other < 81; other++) {
    const [r, c] = [Math.floor(other / 9), other % 9];
    const peer = r === row || c === col || (Math.floor(r / 3) === Math.floor(row / 3) && Math.floor(c / 3) === Math.floor(col / 3));
    if (peer && other !== cell) seen.add(puzzle[other]);
  }
  return [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !seen.has(String(d)));
}

function texts(layout: Layout, kind: string): { cell: number; digit: number; x: number; y: number; element: XmlElement }[] {
  return all(layout.svg, "text")
    .filter((t) => t.attributes.get("class") === kind)
    .map((element) => {
      const [x, y] = [number(element, "x"), number(element, "y")];
      return { cell: layout.cellAt(x, y), digit: Number(element.text), x, y, element };
    });
}

function assertGivens(layout: Layout, puzzle: string): void {
  const givens = texts(layout, "given");
  assert.equal(givens.length, puzzle.replace(/\./g, "").length);
  assert.deepEqual(givens.map((g) => g.cell).sort((a, b) => a - b), [...puzzle].flatMap((ch, cell) => (ch === "." ? [] : [cell])));
  for (const given of givens) {
    assert.equal(String(given.digit), puzzle[given.cell], `the given of cell ${given.cell}`);
    assert.equal(inherited(given.element, "font-weight"), "bold");
  }
}

test("the XML reader used here refuses what is not well-formed", () => {
  assert.equal(parseXml(`<?xml version="1.0"?><a x="1"><b/>t &amp; u<!-- c --></a>`).children.length, 1);
  for (const bad of ["<a><b></a></b>", "<a>", "<a x=1/>", "<a x='1' x='2'/>", "<a/><b/>", "<a>&</a>", "text<a/>", "<a y=\"<\"/>"]) {
    assert.throws(() => parseXml(bad), /not well-formed/, bad);
  }
});

test("puzzleSvg: 81 cells in a grid, each given's digit in its cell in bold, thick box lines, no candidates unasked", () => {
  for (const puzzle of [SEVENTEEN, text(solve(SEVENTEEN)!), ".".repeat(81)]) {
    const layout = layoutOf(puzzleSvg(puzzle));
    assertGivens(layout, puzzle);
    assert.equal(texts(layout, "candidate").length, 0);
    const boxes = all(layout.svg, "path").find((p) => p.attributes.get("class") === "boxes");
    assert.ok(boxes !== undefined && Number(inherited(boxes, "stroke-width")) > Number(inherited(layout.cells[0], "stroke-width")), "box lines thicker than cell lines");
  }
});

test("draw --candidates --highlight: each empty cell's candidates as computed here, on the keypad; the named cells filled", () => {
  const run = runCli(["draw", SEVENTEEN, "--candidates", "--highlight", "r1c1, r5c5,R9C9"]);
  assert.equal(run.code, 0);
  assert.equal(run.stderr, "");
  const layout = layoutOf(run.stdout);
  assertGivens(layout, SEVENTEEN);
  const candidates = texts(layout, "candidate");
  for (let cell = 0; cell < 81; cell++) {
    const here = candidates.filter((c) => c.cell === cell);
    const expected = SEVENTEEN[cell] === "." ? candidatesByHand(SEVENTEEN, cell) : [];
    assert.deepEqual(here.map((c) => c.digit).sort(), expected, `candidates of cell ${cell}`);
    for (const c of here) {
      // Digit d in the third of the cell at column (d-1) mod 3, row (d-1) div 3.
      const third = layout.side / 3;
      assert.equal(Math.floor((c.x - layout.left[cell % 9]) / third), (c.digit - 1) % 3);
      assert.equal(Math.floor((c.y - layout.top[Math.floor(cell / 9)]) / third), Math.floor((c.digit - 1) / 3));
    }
  }
  const fills = layout.cells.map((rect) => inherited(rect, "fill"));
  const lit = [0, 40, 80];
  for (let cell = 0; cell < 81; cell++) assert.equal(fills[cell], lit.includes(cell) ? fills[0] : fills[1], `fill of cell ${cell}`);
  assert.notEqual(fills[0], fills[1]);
});

test("draw: input from a file, --out, --size; bad input exits with 1, bad options with 2", () => {
  const file = join(TMP, "one.txt");
  writeFileSync(file, `# a puzzle\n${SEVENTEEN} annotated\n`);
  const out = join(TMP, "one.svg");
  const run = runCli(["draw", file, "--svg", "--size", "300", "--out", out]);
  assert.deepEqual([run.code, run.stdout, run.stderr], [0, "", ""]);
  const layout = layoutOf(readFileSync(out, "utf8"));
  assertGivens(layout, SEVENTEEN);
  assert.deepEqual([layout.svg.attributes.get("width"), layout.svg.attributes.get("height")], ["300", "300"]);

  const two = join(TMP, "two.txt");
  writeFileSync(two, `${SEVENTEEN}\n${SEVENTEEN}\n`);
  const cases: [string[], number, RegExp][] = [
    [[two], 1, new RegExp(`^sudokulab: ${two}:2: a second puzzle \\(draw takes one\\)\n$`)],
    [["11" + SEVENTEEN.slice(2)], 1, /^sudokulab: argument 1: digit 1 appears twice in row 1/],
    [[join(TMP, "missing.txt")], 1, /missing\.txt/],
    [[SEVENTEEN, "--highlight", "r0c1"], 2, /'r0c1' is not a cell/],
    [[SEVENTEEN, "--svg", "--png"], 2, /cannot be used with/],
    [[SEVENTEEN, "--size", "0"], 2, /size in pixels/],
    [[SEVENTEEN, "--out", TMP], 1, /is a directory|EISDIR/],
  ];
  for (const [args, code, message] of cases) {
    const bad = runCli(["draw", ...args]);
    assert.equal(bad.code, code, args.join(" "));
    assert.match(bad.stderr, message);
  }
});

/** Width, height and RGBA pixels of a PNG (8-bit RGB or RGBA, not interlaced: what resvg writes). */
function decodePng(png: Buffer): { width: number; height: number; pixel(x: number, y: number): number[] } {
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], "PNG signature");
  let at = 8;
  let header: Buffer | null = null;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") header = body;
    if (type === "IDAT") data.push(body);
    at += 12 + length;
    if (type === "IEND") break;
  }
  assert.ok(header !== null);
  const [width, height, depth, colour, interlace] = [header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9], header[12]];
  assert.equal(depth, 8);
  assert.ok(colour === 2 || colour === 6, `colour type ${colour}`);
  assert.equal(interlace, 0);
  const channels = colour === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const image = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const value = raw[y * (stride + 1) + 1 + i];
      const left = i >= channels ? image[y * stride + i - channels] : 0;
      const up = y > 0 ? image[(y - 1) * stride + i] : 0;
      const corner = y > 0 && i >= channels ? image[(y - 1) * stride + i - channels] : 0;
      const estimate = left + up - corner;
      const [pa, pb, pc] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - corner)];
      const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
      const predicted = [0, left, up, (left + up) >> 1, paeth][filter];
      assert.ok(predicted !== undefined, `filter ${filter}`);
      image[y * stride + i] = (value + predicted) & 0xff;
    }
  }
  return { width, height, pixel: (x, y) => [...image.subarray(y * stride + x * channels, y * stride + x * channels + 3)] };
}

test("draw --png: the picture resvg makes of the SVG, digits drawn in the given cells, highlighted cells filled", () => {
  const size = 360;
  const out = join(TMP, "grid.png");
  const run = runCli(["draw", SEVENTEEN, "--png", "--highlight", "r2c2,r5c5", "--size", String(size), "--out", out]);
  assert.deepEqual([run.code, run.stderr], [0, ""]);
  const png = decodePng(readFileSync(out));
  assert.deepEqual([png.width, png.height], [size, size]);
  const layout = layoutOf(puzzleSvg(SEVENTEEN, { size }));
  const scale = size / Number(layout.svg.attributes.get("viewBox")!.split(" ")[2]);
  /** The pixels of a cell's middle, away from its borders. */
  const inside = (cell: number): number[][] => {
    const pixels: number[][] = [];
    const [x0, y0] = [layout.left[cell % 9], layout.top[Math.floor(cell / 9)]];
    for (let dy = 0.2; dy < 0.8; dy += 0.04) {
      for (let dx = 0.2; dx < 0.8; dx += 0.04) pixels.push(png.pixel(Math.round((x0 + dx * layout.side) * scale), Math.round((y0 + dy * layout.side) * scale)));
    }
    return pixels;
  };
  const dark = (p: number[]): boolean => p[0] + p[1] + p[2] < 300;
  for (let cell = 0; cell < 81; cell++) {
    const pixels = inside(cell);
    if (SEVENTEEN[cell] !== ".") assert.ok(pixels.some(dark), `no digit drawn in cell ${cell}`);
    else assert.ok(!pixels.some(dark), `ink in the empty cell ${cell}`);
    const corner = pixels[0];
    const lit = cell === 10 || cell === 40;
    assert.equal(corner[2] < 200 && corner[0] > 200, lit, `fill of cell ${cell}: ${corner}`);
  }
  // To a pipe: the same bytes.
  const piped = spawnSync(process.execPath, [CLI, "draw", SEVENTEEN, "--png", "--highlight", "r2c2,r5c5", "--size", String(size)], { maxBuffer: 1 << 24 });
  assert.equal(piped.status, 0);
  assert.ok(Buffer.compare(piped.stdout, readFileSync(out)) === 0, "stdout holds the PNG");
});
