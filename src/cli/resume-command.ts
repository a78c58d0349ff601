/**
 * The command line that continues an interrupted run: this one, with
 * --resume added, quoted for a POSIX shell. Printed when a signal stops
 * `scan` or `entries --all-ranks`.
 */
export function resumeCommand(): string {
  const args = process.argv.slice(2);
  if (!args.includes("--resume")) args.push("--resume");
  const quote = (arg: string): string => (/^[\w.,:=@%+/-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
  return ["sudokulab", ...args.map(quote)].join(" ");
}
