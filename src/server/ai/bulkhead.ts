import { abortReason } from "../lib/abort";

/** A counting semaphore with a bounded, abortable queue. */
export function createBulkhead(limit: number, maxQueued: number, whenFull: () => Error) {
  let active = 0;
  const queue: { grant: () => void }[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next.grant();
    else active--;
  };
  return {
    get active() {
      return active;
    },
    get queued() {
      return queue.length;
    },
    /** Resolves with a release function once a slot is free. */
    acquire(signal: AbortSignal): Promise<() => void> {
      if (signal.aborted) return Promise.reject(abortReason(signal));
      if (active < limit) {
        active++;
        return Promise.resolve(once(release));
      }
      if (queue.length >= maxQueued) {
        return Promise.reject(whenFull());
      }
      return new Promise((resolve, reject) => {
        const entry = {
          grant: () => {
            signal.removeEventListener("abort", onAbort);
            resolve(once(release));
          },
        };
        const onAbort = () => {
          const i = queue.indexOf(entry);
          if (i >= 0) queue.splice(i, 1);
          reject(abortReason(signal));
        };
        signal.addEventListener("abort", onAbort, { once: true });
        queue.push(entry);
      });
    },
  };
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      fn();
    }
  };
}
