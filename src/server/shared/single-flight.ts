import { abortReason } from "../lib/abort";

/**
 * Single-flight: concurrent callers with the same key share one in-flight promise, so 50 visitors
 * asking for one cold account cause one upstream fetch. The entry is removed when the promise
 * settles, so failures are not cached here (negative caching is the NotFoundCache's job).
 *
 * This is the in-process version. With REDIS_URL, src/server/shared/single-flight.redis.ts
 * wraps it: the local flight additionally holds a Redis lock per `lockKey`, so two instances never
 * run the same flight at once, and a flight that waited on another instance's gets that instance's
 * `handoff` (docs/decisions/010-scale-out-locks-and-jobs.md).
 *
 * Two flights exist on purpose (docs/decisions/004-single-flight-and-caching.md): the report service
 * runs one per account (shared across instances with Redis), and the collector chain runs its own
 * in-process one around each upstream fetch. Both are this interface.
 */
export interface FlightContext {
  /**
   * Set when, while this flight waited, another instance ran a flight under the same lock key and
   * succeeded: what that flight's `handoff` encoded (e.g. where it stored its result). Never set by
   * the in-process version, whose followers receive the leader's value itself.
   */
  handoff?: string;
}

export interface FlightOptions<T> {
  /** Rejects just this caller when it aborts (the shared work goes on while others wait). */
  signal?: AbortSignal;
  /**
   * The key instances coordinate on (default: the flight key). Flights with different keys but the
   * same lock key never run at once across instances (e.g. an analysis and a refresh of one account).
   */
  lockKey?: string;
  /** Encodes a successful result for flights waiting on other instances (see FlightContext). */
  handoff?: (result: T) => string;
  /**
   * Called once with the shared work's own outcome, whether or not this caller is still waiting
   * for it: a caller that went away can still learn whether the work it started stored a result
   * (the quota keeps a unit for work that succeeded, docs/decisions/002-sessions-and-quotas.md).
   */
  onSettled?: (outcome: { ok: true } | { ok: false; error: unknown }) => void;
}

export interface SingleFlight {
  /**
   * Runs `fn` once per key at a time. `fn` receives a signal that aborts only when *every*
   * caller sharing the flight has aborted; each caller's own `signal` rejects just that caller.
   */
  run<T>(
    key: string,
    fn: (signal: AbortSignal, ctx: FlightContext) => Promise<T>,
    opts?: FlightOptions<T>,
  ): Promise<T>;
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
}

export function createSingleFlight(): SingleFlight & { readonly size: number } {
  const flights = new Map<string, Flight>();

  return {
    get size() {
      return flights.size;
    },
    run<T>(
      key: string,
      fn: (signal: AbortSignal, ctx: FlightContext) => Promise<T>,
      opts: FlightOptions<T> = {},
    ) {
      const callerSignal = opts.signal;
      if (callerSignal?.aborted) return Promise.reject(abortReason(callerSignal));

      let flight = flights.get(key);
      if (!flight) {
        const controller = new AbortController();
        const created: Flight = { promise: Promise.resolve(), controller, waiters: 0 };
        created.promise = (async () => {
          try {
            return await fn(controller.signal, {});
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
      const onSettled = opts.onSettled;
      if (onSettled)
        joined.promise.then(
          () => onSettled({ ok: true }),
          (error: unknown) => onSettled({ ok: false, error }),
        );
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
