/**
 * `sudokulab cluster ...`: the subcommands that run a job on many machines
 * through BullMQ and Redis (design notes cluster.md). `submit` takes any job
 * command with its usual options and parses it with the same declarations
 * as the local command line (given as `build`), so a job submitted is the
 * job a local run would run.
 */
import { availableParallelism } from "node:os";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import type { Deliver } from "../runner/plan.js";
import { cancelJob, retryFailed } from "./admin.js";
import { collect } from "./collect.js";
import { connect, keyPrefix, redisUrl } from "./redis.js";
import { printStatus } from "./status.js";
import { JobStore } from "./store.js";
import { submit } from "./submit.js";
import { runWorker } from "./worker.js";

/** Declares the local commands; the cluster re-parses a submitted command with them. */
export type ProgramBuilder = (deliver: Deliver, name?: string) => Command;

const HELP = `
The cluster (a BullMQ queue per job, on one Redis):
  sudokulab cluster submit scan17 --rank 190 --slices 0..99999 --pass 2a
      prints the job's id; submitting the same job again adds nothing
  sudokulab cluster worker --threads 8       on each machine, as long as wanted
  sudokulab cluster status [JOB]             units, throughput, ETA, workers, failures
  sudokulab cluster collect JOB --out FILE   the local command's output, and FILE.record.json
  sudokulab cluster retry JOB | cancel JOB

Redis: --redis URL, or SUDOKULAB_REDIS, default redis://127.0.0.1:6379. An
unreachable Redis is exit code 2. Every result is stored under its unit's
index, so a unit that ran twice (a worker killed, a unit retried) counts
once; collect pulls results into FILE.checkpoint on disk as it goes.`;

export async function runClusterCommand(args: readonly string[], build: ProgramBuilder): Promise<number> {
  let code = 0;
  const program = new Command("sudokulab cluster").description("Run a job on many machines through BullMQ and Redis.").addHelpText("after", HELP).enablePositionalOptions()
    .configureOutput({ outputError: (text, write) => write(`sudokulab: ${text.replace(/^error: /, "")}`) });
  const redisOption = (command: Command): Command => command.option("--redis <url>", "the Redis server (default: $SUDOKULAB_REDIS, or redis://127.0.0.1:6379)");
  const store = async (url: string | undefined): Promise<JobStore> => new JobStore(await connect(redisUrl(url)), keyPrefix());
  const withStore = async <T>(url: string | undefined, act: (s: JobStore) => Promise<T>): Promise<T> => {
    const s = await store(url);
    try {
      return await act(s);
    } finally {
      s.redis.disconnect();
    }
  };

  redisOption(
    program
      .command("submit")
      .description("Submit a job command (scan, scan17, entries, rate, solve, ...) with its usual options; prints the job's id.")
      .argument("<command>", "the command, e.g. scan17")
      .argument("[options...]", "its options, as for a local run")
      .option("--skip <journal>", "do not queue the units whose results this collect journal (OUT.checkpoint) holds")
      .allowUnknownOption()
      .passThroughOptions()
      .helpOption("--submit-help", "this help"),
  ).action(async (command: string, rest: string[], flags: { redis?: string; skip?: string }) => {
    const url = redisUrl(flags.redis);
    const deliver: Deliver = (plan) => submit(plan, { redis: url, skip: flags.skip });
    const inner = build(deliver, "sudokulab cluster submit");
    await inner.parseAsync([command, ...rest], { from: "user" });
    code = Number(process.exitCode ?? 0);
  });

  redisOption(
    program
      .command("worker")
      .description("Run units of the cluster's jobs on this machine until stopped (SIGINT/SIGTERM hand the units in progress back).")
      .addOption(new Option("--threads <n>", "threads, at most one per core").argParser(positive).default(availableParallelism(), `all cores, ${availableParallelism()} here`))
      .option("--queue-only <job>", "work on this job only")
      .option("--until-done", "exit once no job has units left to run"),
  ).action(async (flags: { redis?: string; threads: number; queueOnly?: string; untilDone?: boolean }) => {
    const threads = Math.min(flags.threads, availableParallelism());
    code = await runWorker({ redis: redisUrl(flags.redis), threads, queueOnly: flags.queueOnly, untilDone: flags.untilDone });
  });

  redisOption(program.command("status").description("Show the jobs, or one job in full.").argument("[job]", "the job's id")).action(
    async (job: string | undefined, flags: { redis?: string }) => {
      code = await withStore(flags.redis, (s) => printStatus(s, job));
    },
  );

  redisOption(
    program
      .command("collect")
      .description("Write a job's output, exactly as the local command writes it, and its record.")
      .argument("<job>", "the job's id")
      .requiredOption("--out <file>", "the output file (and FILE.record.json, FILE.checkpoint)")
      .option("--partial", "write what is done so far, and say what is missing")
      .option("--stats", "print the job's totals on stderr"),
  ).action(async (job: string, flags: { redis?: string; out: string; partial?: boolean; stats?: boolean }) => {
    code = await withStore(flags.redis, (s) => collect(s, job, { out: flags.out, partial: flags.partial === true, stats: flags.stats === true }));
  });

  redisOption(program.command("retry").description("Put a job's failed units back in its queue.").argument("<job>", "the job's id")).action(
    async (job: string, flags: { redis?: string }) => {
      code = await withStore(flags.redis, (s) => retryFailed(s, job));
    },
  );

  redisOption(
    program.command("cancel").description("Remove a job's units not run yet; workers leave it.").argument("<job>", "the job's id").option("--purge", "also delete its results"),
  ).action(async (job: string, flags: { redis?: string; purge?: boolean }) => {
    code = await withStore(flags.redis, (s) => cancelJob(s, job, flags.purge === true));
  });

  program.exitOverride();
  for (const command of program.commands) command.exitOverride();
  try {
    await program.parseAsync([...args], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  return code;
}

function positive(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1) throw new InvalidArgumentError("expected a positive integer.");
  return n;
}
