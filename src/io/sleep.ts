/**
 * A synchronous sleep, for the few places that wait without an event loop
 * turn to spare: a lock's retry, a full pipe, a poll between claims.
 * `Atomics.wait` on a private word that nobody notifies blocks the thread
 * for the given time without spinning.
 */
const word = new Int32Array(new SharedArrayBuffer(4));

export function sleepSync(ms: number): void {
  Atomics.wait(word, 0, 0, ms);
}
