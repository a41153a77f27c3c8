import { AppError, type ErrorCode } from "../errors";
import { abortReason } from "../lib/abort";
import type { LockNotices } from "./lock-notices";
import { type ScaleLogger, silentLogger } from "./redis";
import type { RedisLocks } from "./redis-lock";
import {
  createSingleFlight,
  type FlightContext,
  type FlightOptions,
  type SingleFlight,
} from "./single-flight";

/**
 * Single-flight across instances (docs/decisions/010-scale-out-locks-and-jobs.md).
 *
 * Callers on one instance share the in-process flight as before; that flight then takes the Redis
 * lock of its `lockKey` before running, so two instances never run it at once:
 *
 * 1. `SET NX PX ttl` wins → run, renewing the lock every ttl/3; release it (token compared in Lua)
 *    with a handoff note: the result's `handoff` encoding, or the typed error it failed with.
 * 2. Lost → wait for the release notice (pub/sub) or the next poll, then try again. Once it holds
 *    the lock, a flight that waited reads the note left by a holder it saw: a shared error is
 *    re-thrown; a success runs `fn` with `ctx.handoff` (the report service then serves what the
 *    other instance stored instead of fetching again).
 * 3. A holder that dies stops renewing; its lock expires after `ttl` and a waiter takes over.
 *
 * If Redis cannot be reached the flight runs without the lock (logged and counted): availability
 * over strictness, at the cost of a possible duplicate fetch during the outage.
 */

export type FlightEvent =
  /** Took the lock at the first try. */
  | "leader"
  /** Took the lock after waiting; nothing usable was handed over (the holder failed oddly or died). */
  | "waited"
  /** Waited and received the holder's result. */
  | "handoff"
  /** Waited and received the holder's error. */
  | "shared_error"
  /** Gave up waiting (LockWaitTimeoutError). */
  | "timeout"
  /** Redis failed: ran without the lock. */
  | "redis_error"
  /** A renewal found the lock gone (held past its ttl without renewing, e.g. a stalled event loop). */
  | "lock_lost";

export interface DistributedSingleFlightOptions {
  locks: RedisLocks;
  notices: LockNotices;
  /** Lock time-to-live; renewed every third of it while the holder works. */
  ttlMs: number;
  /** How often a waiter retries without a notice (a lost notice or an expired lock). Default min(1 s, ttl/4). */
  pollMs?: number;
  /** Longest wait for another instance's flight. Default 2 minutes. */
  maxWaitMs?: number;
  /** How long a handoff note is kept for waiters. Default 60 s. */
  handoffTtlMs?: number;
  observer?: (event: FlightEvent) => void;
  logger?: ScaleLogger;
}

/** Waiting for another instance's flight took longer than `maxWaitMs`. */
export class LockWaitTimeoutError extends AppError {
  readonly code = "BUSY";
  override name = "LockWaitTimeoutError";
  constructor() {
    super("Another analysis of this account is still running. Please try again in a minute.");
    this.headers["retry-after"] = "60";
  }
}

interface SharedErrorBody {
  name: string;
  message: string;
  status: number;
  code: string;
  requiresAuth: boolean;
  headers: Record<string, string>;
}

/** A typed error another instance's flight failed with, re-thrown to the flights that waited on it. */
export class SharedFlightError extends AppError {
  readonly #status: number;
  readonly code: ErrorCode;
  override readonly requiresAuth: boolean;
  constructor(body: SharedErrorBody) {
    super(body.message);
    this.name = body.name;
    this.#status = body.status;
    // Another instance of this app threw it: its code is one of ERROR_CODES.
    this.code = body.code as ErrorCode;
    this.requiresAuth = body.requiresAuth;
    this.headers = { ...body.headers };
  }
  /** The status the other instance answered with (kept as it was, not looked up again). */
  override get status(): number {
    return this.#status;
  }
}

/**
 * The note a holder leaves. `ts` are the tokens of the flights whose outcome it is: the holder's
 * own, plus those of the flight it received a handoff from (so a waiter that saw only the first
 * holder still recognises the result when a second one passed it on).
 */
type Handoff = { ts: string[]; ok: true; v?: string } | { ts: string[]; ok: false; e: SharedErrorBody };

const MAX_HANDOFF_TOKENS = 16;

function parseHandoff(raw: string | null): Handoff | null {
  if (!raw) return null;
  try {
    const h = JSON.parse(raw) as Handoff;
    return Array.isArray(h?.ts) && typeof h.ok === "boolean" ? h : null;
  } catch {
    return null;
  }
}

export function createDistributedSingleFlight(options: DistributedSingleFlightOptions): SingleFlight {
  const { locks, notices, ttlMs } = options;
  const pollMs = options.pollMs ?? Math.max(50, Math.min(1000, Math.floor(ttlMs / 4)));
  const maxWaitMs = options.maxWaitMs ?? 120_000;
  const handoffTtlMs = options.handoffTtlMs ?? 60_000;
  const logger = options.logger ?? silentLogger;
  const observe = options.observer ?? (() => {});
  const local = createSingleFlight();

  async function release(name: string, token: string, note?: Handoff): Promise<void> {
    try {
      const released = await locks.release(
        name,
        token,
        note ? { value: JSON.stringify(note), ttlMs: handoffTtlMs } : undefined,
      );
      if (!released) {
        observe("lock_lost");
        logger.warn({ lock: name }, "single-flight lock had expired before its release");
      }
    } catch (err) {
      // The lock expires by itself; waiters poll.
      logger.warn({ lock: name, err: (err as Error).message }, "could not release single-flight lock");
    }
  }

  async function runHolding<T>(
    name: string,
    token: string,
    received: Handoff | null,
    fn: (signal: AbortSignal, ctx: FlightContext) => Promise<T>,
    signal: AbortSignal,
    encode: ((result: T) => string) | undefined,
  ): Promise<T> {
    const ctx: FlightContext = received?.ok ? { handoff: received.v } : {};
    const tokens = [token, ...(received?.ts ?? [])].slice(0, MAX_HANDOFF_TOKENS);
    const heartbeat = setInterval(
      () => {
        locks.extend(name, token, ttlMs).then(
          (ok) => {
            if (!ok) {
              observe("lock_lost");
              logger.warn({ lock: name }, "single-flight lock was lost while its flight ran");
            }
          },
          () => undefined, // Redis away: the next beat tries again; the lock may expire meanwhile.
        );
      },
      Math.max(50, Math.floor(ttlMs / 3)),
    );
    heartbeat.unref();
    let result: T;
    try {
      result = await fn(signal, ctx);
    } catch (err) {
      clearInterval(heartbeat);
      const note: Handoff | undefined =
        err instanceof AppError
          ? {
              ts: [token],
              ok: false,
              e: {
                name: err.name,
                message: err.message,
                status: err.status,
                code: err.code,
                requiresAuth: err.requiresAuth,
                headers: err.headers,
              },
            }
          : undefined; // aborts and unexpected failures: the next flight tries for itself
      await release(name, token, note);
      throw err;
    }
    clearInterval(heartbeat);
    let encoded: string | undefined;
    if (encode) {
      try {
        encoded = encode(result);
      } catch (err) {
        logger.warn({ lock: name, err: (err as Error).message }, "could not encode a single-flight handoff");
      }
    }
    await release(name, token, encode ? { ts: tokens, ok: true, v: encoded } : undefined);
    return result;
  }

  async function runLocked<T>(
    name: string,
    fn: (signal: AbortSignal, ctx: FlightContext) => Promise<T>,
    signal: AbortSignal,
    encode: ((result: T) => string) | undefined,
  ): Promise<T> {
    const seenHolders = new Set<string>();
    const deadline = Date.now() + maxWaitMs;
    let notified = false;
    let wake: (() => void) | undefined;
    const unsubscribe = notices.subscribe(name, () => {
      notified = true;
      wake?.();
    });
    try {
      for (;;) {
        if (signal.aborted) throw abortReason(signal);
        notified = false;
        let attempt: Awaited<ReturnType<RedisLocks["acquire"]>>;
        try {
          attempt = await locks.acquire(name, ttlMs);
        } catch (err) {
          observe("redis_error");
          logger.warn(
            { lock: name, err: (err as Error).message },
            "Redis unreachable: running the flight without the shared lock",
          );
          return await fn(signal, {});
        }
        if (attempt.acquired) {
          const note = seenHolders.size > 0 ? parseHandoff(attempt.handoff) : null;
          if (note?.ts.some((t) => seenHolders.has(t))) {
            if (!note.ok) {
              observe("shared_error");
              await release(name, attempt.token);
              throw new SharedFlightError(note.e);
            }
            observe(note.v === undefined ? "waited" : "handoff");
            return await runHolding(name, attempt.token, note, fn, signal, encode);
          }
          observe(seenHolders.size > 0 ? "waited" : "leader");
          return await runHolding(name, attempt.token, null, fn, signal, encode);
        }
        if (attempt.holder) seenHolders.add(attempt.holder);
        const left = deadline - Date.now();
        if (left <= 0) {
          observe("timeout");
          throw new LockWaitTimeoutError();
        }
        if (!notified) await sleepUntilWoken(Math.min(pollMs, left), signal, (fn) => (wake = fn));
        wake = undefined;
      }
    } finally {
      unsubscribe();
    }
  }

  return {
    run<T>(
      key: string,
      fn: (signal: AbortSignal, ctx: FlightContext) => Promise<T>,
      opts: FlightOptions<T> = {},
    ): Promise<T> {
      const name = opts.lockKey ?? key;
      return local.run(key, (signal) => runLocked(name, fn, signal, opts.handoff), {
        signal: opts.signal,
        onSettled: opts.onSettled,
      });
    },
  };
}

/** Resolves after `ms`, or as soon as the registered wake-up is called; rejects when `signal` aborts. */
function sleepUntilWoken(
  ms: number,
  signal: AbortSignal,
  register: (wake: () => void) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve();
    };
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", onAbort, { once: true });
    register(done);
  });
}
