/**
 * The verification commands' common output: one "ok" or "FAIL" line per
 * check, a last line saying whether all passed, and exit code 1 if any
 * failed.
 */
let failures = 0;

export function report(ok: boolean, text: string): void {
  if (!ok) failures++;
  console.log(`${ok ? "ok  " : "FAIL"} ${text}`);
}

/** CPU seconds (user + system) of this process since `since`. */
export function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

/** Prints the verdict and sets the exit code. */
export function finish(): void {
  console.log(failures === 0 ? "all verifications passed" : `${failures} verification(s) FAILED`);
  process.exitCode = failures === 0 ? 0 : 1;
}
