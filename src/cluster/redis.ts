/**
 * The cluster's Redis: where it is (--redis URL, $SUDOKULAB_REDIS, or
 * redis://127.0.0.1:6379), the key prefix of everything sudokulab keeps
 * there ($SUDOKULAB_REDIS_PREFIX, default "sudokulab", so tests and
 * separate searches can share one server), and a connection that fails
 * fast: a Redis that does not answer at the start is one clear sentence and
 * exit code 2, not an endless reconnect loop.
 */
import { Redis, type RedisOptions } from "ioredis";

export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

/** Redis could not be reached: exit code 2. */
export class ClusterUnreachable extends Error {
  readonly exitCode = 2;
}

export function redisUrl(option: string | undefined): string {
  return option ?? process.env.SUDOKULAB_REDIS ?? DEFAULT_REDIS_URL;
}

export function keyPrefix(): string {
  return process.env.SUDOKULAB_REDIS_PREFIX ?? "sudokulab";
}

/** How long the first connection may take before Redis counts as unreachable. */
const CONNECT_TIMEOUT_MS = 3000;

/**
 * A connected client. `blocking` clients (BullMQ's workers) wait for Redis
 * forever once started (maxRetriesPerRequest null, as BullMQ requires);
 * others give up on a command after a few tries.
 */
export async function connect(url: string, blocking = false): Promise<Redis> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ClusterUnreachable(`--redis ${url}: not a URL (expected redis://HOST:PORT)`);
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:") throw new ClusterUnreachable(`--redis ${url}: not a redis:// URL`);
  // A refused first connection is an answer: no retry until the first connection succeeded; then back off up to 5 s.
  let started = false;
  const options: RedisOptions = {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: blocking ? null : 3,
    enableOfflineQueue: true,
    retryStrategy: (times) => (started ? Math.min(times * 200, 5000) : null),
  };
  const client = new Redis(url, options);
  // Errors after the start are retried by ioredis; they must not crash the process meanwhile. The first says why a start failed.
  let firstError: NodeJS.ErrnoException | null = null;
  client.on("error", (error: NodeJS.ErrnoException) => {
    firstError ??= error;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
      }),
    ]);
    await client.ping();
    started = true;
  } catch (error) {
    // A client that has ended already would only arm ioredis's 2-second disconnect timer, and keep the process alive.
    if (client.status !== "end") client.disconnect();
    const cause = (firstError ?? error) as NodeJS.ErrnoException;
    const reason = cause.code ?? (cause instanceof Error ? cause.message : String(cause));
    throw new ClusterUnreachable(
      `cannot reach Redis at ${url} (${reason}); start one (redis-server, Debian package redis-server) or give --redis URL / SUDOKULAB_REDIS`,
    );
  } finally {
    // A pending timer would keep the process alive for its 3 s after the answer.
    clearTimeout(timer);
  }
  return client;
}
