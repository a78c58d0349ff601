/**
 * `sudokulab draw PUZZLE [--png] [--candidates] [--highlight CELLS] [--out FILE]`:
 * a picture of one puzzle or grid. The SVG is the library's (src/draw/svg.ts);
 * PNG is that SVG rasterized by resvg (@resvg/resvg-js, prebuilt binaries
 * shipped in npm packages, loaded only for --png), which draws the digits
 * with the system's fonts.
 */
import { writeFile } from "node:fs/promises";
import { parseLine, type Puzzle } from "../core/puzzle.js";
import { puzzleSvg } from "../draw/svg.js";
import { OutputClosed, outputFailure, stdoutSink } from "../io/output.js";
import { escapeControls } from "../io/messages.js";
import { argumentItems } from "./arg-inputs.js";
import { InputProblem, UsageError } from "./errors.js";

export interface DrawFlags {
  readonly png?: boolean;
  readonly candidates?: boolean;
  readonly highlight?: readonly number[];
  readonly out?: string;
  readonly size?: number;
}

export async function runDrawCommand(arg: string, flags: DrawFlags): Promise<void> {
  if (flags.png === true && flags.out === undefined && process.stdout.isTTY === true) {
    throw new UsageError("draw --png: a PNG is not for a terminal; give --out FILE or redirect stdout");
  }
  const svg = puzzleSvg(await onePuzzle(arg), { candidates: flags.candidates === true, highlight: flags.highlight ?? [], size: flags.size });
  const picture = flags.png === true ? await rasterize(svg) : svg;
  if (flags.out === undefined) {
    try {
      await (typeof picture === "string" ? stdoutSink().write(picture) : writeStdout(picture));
    } catch (error) {
      // A reader that stops early (`| head`) is not a failure.
      if (!(error instanceof OutputClosed)) throw error;
    }
    return;
  }
  try {
    await writeFile(flags.out, picture);
  } catch (error) {
    throw outputFailure(flags.out, error);
  }
}

/** The one puzzle of the argument: written out, or the only one in a file ('-': stdin). */
async function onePuzzle(arg: string): Promise<Puzzle> {
  let found: Puzzle | null = null;
  for await (const item of argumentItems([arg])) {
    if ("error" in item) throw new InputProblem(`${escapeControls(item.where)}: ${escapeControls(item.error)}`);
    if (found !== null) throw new InputProblem(`${escapeControls(item.where)}: a second puzzle (draw takes one)`);
    const parsed = parseLine(item.puzzle);
    if (!parsed.ok) throw new InputProblem(`${escapeControls(item.where)}: ${escapeControls(parsed.reason)}`);
    found = parsed.cells;
  }
  if (found === null) throw new InputProblem(`${escapeControls(arg)}: no puzzle in it`);
  return found;
}

async function rasterize(svg: string): Promise<Uint8Array> {
  let resvg: typeof import("@resvg/resvg-js");
  try {
    resvg = await import("@resvg/resvg-js");
  } catch (error) {
    throw new Error(`draw --png: the rasterizer (@resvg/resvg-js) has no build for this platform or is not installed (${(error as Error).message.split("\n")[0]}); draw --svg works everywhere`);
  }
  // resvg silently leaves out text it has no font for: a picture without its digits must not pass as a good one.
  const probe = new resvg.Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><text x="2" y="18" font-size="16">8</text></svg>`);
  if (probe.innerBBox() === undefined) throw new Error("draw --png: no font found on this system to draw the digits with (install one, e.g. DejaVu Sans); draw --svg needs none");
  return new resvg.Resvg(svg, { background: "#ffffff" }).render().asPng();
}

function writeStdout(bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(bytes, (error) => (error ? reject(outputFailure("<stdout>", error)) : resolve()));
  });
}
