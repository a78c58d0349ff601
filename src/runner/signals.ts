/**
 * SIGINT and SIGTERM during a run: the first one asks the run to stop (the
 * units in progress are abandoned, everything finished is kept, exit code
 * 130); a second one ends the process at once, for a user who does not
 * want to wait even for that.
 */
export class Interruption {
  signal: NodeJS.Signals | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly handler = (signal: NodeJS.Signals): void => {
    if (this.signal !== null) process.exit(130);
    this.signal = signal;
    for (const listener of this.listeners) listener();
  };

  constructor() {
    process.on("SIGINT", this.handler);
    process.on("SIGTERM", this.handler);
  }

  /** A promise that resolves at the first signal. */
  get stopped(): Promise<void> {
    if (this.signal !== null) return Promise.resolve();
    return new Promise((resolve) => this.listeners.add(resolve));
  }

  dispose(): void {
    process.off("SIGINT", this.handler);
    process.off("SIGTERM", this.handler);
    this.listeners.clear();
  }
}

/**
 * The command line that continues an interrupted run: this one, with
 * --resume added, quoted for a POSIX shell.
 */
export function resumeCommand(): string {
  const args = process.argv.slice(2);
  if (!args.includes("--resume")) args.push("--resume");
  const quote = (arg: string): string => (/^[\w.,:=@%+/-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
  return ["sudokulab", ...args.map(quote)].join(" ");
}
