/**
 * Single-flight: concurrent callers with the same key share one in-flight promise, so 50 visitors
 * asking for one cold account cause one upstream fetch. The entry is removed when the promise
 * settles, so failures are not cached here (negative caching is the NotFoundCache's job).
 *
 * The interface is async-only so a Redis implementation (SET NX PX lock + followers polling the
 * store, reliability.md §4) can replace the in-process one without touching callers.
 */
export interface SingleFlight {
  /**
   * Runs `fn` once per key at a time. `fn` receives a signal that aborts only when *every*
   * caller sharing the flight has aborted; each caller's own `signal` rejects just that caller.
   */
  run<T>(key: string, fn: (signal: AbortSignal) => Promise<T>, opts?: { signal?: AbortSignal }): Promise<T>;
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted", "AbortError");
}

export function createSingleFlight(): SingleFlight & { readonly size: number } {
  const flights = new Map<string, Flight>();

  return {
    get size() {
      return flights.size;
    },
    run<T>(key: string, fn: (signal: AbortSignal) => Promise<T>, opts: { signal?: AbortSignal } = {}) {
      const callerSignal = opts.signal;
      if (callerSignal?.aborted) return Promise.reject(abortReason(callerSignal));

      let flight = flights.get(key);
      if (!flight) {
        const controller = new AbortController();
        const created: Flight = { promise: Promise.resolve(), controller, waiters: 0 };
        created.promise = (async () => {
          try {
            return await fn(controller.signal);
          } finally {
            if (flights.get(key) === created) flights.delete(key);
          }
        })();
        // The shared promise may settle after every caller left; never leave it unhandled.
        created.promise.catch(() => undefined);
        flights.set(key, created);
        flight = created;
      }
      const joined = flight;
      joined.waiters++;
      if (!callerSignal) return joined.promise as Promise<T>;

      return new Promise<T>((resolve, reject) => {
        let left = false;
        const leave = () => {
          if (left) return;
          left = true;
          callerSignal.removeEventListener("abort", onAbort);
          joined.waiters--;
        };
        const onAbort = () => {
          leave();
          if (joined.waiters === 0) {
            // Nobody wants this result any more: cancel it, and let the next caller start afresh.
            if (flights.get(key) === joined) flights.delete(key);
            joined.controller.abort(abortReason(callerSignal));
          }
          reject(abortReason(callerSignal));
        };
        callerSignal.addEventListener("abort", onAbort, { once: true });
        joined.promise.then(
          (v) => {
            leave();
            resolve(v as T);
          },
          (e) => {
            leave();
            reject(e);
          },
        );
      });
    },
  };
}
