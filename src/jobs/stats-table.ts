/**
 * The band scan's --stats table: the kernel's counters in pipeline order,
 * then the CPU seconds and what they buy, labels left-aligned and values
 * right-aligned. Printed by scan17 (slices and grids) and by the cost runs.
 */
import type { Scan17Stats } from "../bandscan/index.js";

export function scan17StatsTable(title: string, stats: Scan17Stats, cpuSeconds: number): string {
  const ratio = (n: number, d: number, digits: number): string => (d > 0 ? (n / d).toFixed(digits) : "-");
  const rows: [string, string][] = stats.lines().map(([label, value]) => [label, String(value)]);
  rows.push(
    ["CPU seconds", cpuSeconds.toFixed(2)],
    ["bands 3 per entry", ratio(stats.bands3, stats.entries, 2)],
    ["entries per CPU second", ratio(stats.entries, cpuSeconds, 1)],
    ["bands 3 per CPU second", ratio(stats.bands3, cpuSeconds, 1)],
  );
  const labelWidth = Math.max(...rows.map(([label]) => label.length));
  const valueWidth = Math.max(...rows.map(([, value]) => value.length));
  return `${title}\n` + rows.map(([label, value]) => `  ${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}\n`).join("");
}
