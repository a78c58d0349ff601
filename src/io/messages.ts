/**
 * Text from the input, made safe to show: control characters (ESC, NUL, a
 * byte-order mark, ...) are written as escapes, so a bad line can never
 * drive the user's terminal.
 */
import { printable } from "../core/puzzle.js";

export function escapeControls(text: string): string {
  let out = "";
  for (const ch of text) out += printable(ch);
  return out;
}
