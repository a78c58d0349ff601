/**
 * Sets the V8 flags a job kind asks for (JobKind.engineFlags), once per
 * process, before its hot code is compiled. V8's flags belong to the
 * process, so a setting made in one thread holds in every thread.
 */
import { setFlagsFromString } from "node:v8";

const done = new Set<string>();

export function setEngineFlags(flags: string | undefined): void {
  if (flags === undefined || done.has(flags)) return;
  done.add(flags);
  setFlagsFromString(flags);
}
