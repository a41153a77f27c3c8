import { isChannelId, stripAt } from "#core/handles";
import type { Platform } from "#core/schemas/platform";
import { formatZodError, type ProfileSnapshot, profileSnapshotSchema } from "#core/schemas/snapshot";
import {
  AccountNotFoundError,
  AppError,
  LoginWallOrBlockedError,
  NotConfiguredError,
  RateLimitedError,
  SourceAuthError,
  UpstreamChangedError,
} from "../errors";
import type { NotFoundCache } from "../shared/not-found-cache";
import { createSingleFlight, type SingleFlight } from "../shared/single-flight";
import { at, label, truncateSample } from "./messages";
import { createMemorySourceHealth, type SourceHealthStore, type SourceState } from "./source-health";
import type { Collector, CollectorFetchOptions, CollectorLogger } from "./types";

export interface ChainFetchOptions extends CollectorFetchOptions {
  /** Ask the platform even if the handle was recently not found (admin refresh). */
  bypassNotFoundCache?: boolean;
  /** The caller reached a sample creator as such: the sample store answers first. */
  preferSample?: boolean;
  /**
   * A background refresh (watchlists, auto-refresh): it may use only half of a source's pace, the
   * other half stays for interactive reports (issue #33).
   */
  background?: boolean;
}

/**
 * Live failures after which a sample creator of the same handle may answer: the real sources do not
 * know the account, are not set up, cannot be reached (offline), or our own pace held them back. A
 * platform that limits, walls or refuses us says nothing about the account, so then the user gets
 * that error (or stored data), never a generated creator (docs/decisions/013).
 */
const SAMPLE_MAY_ANSWER: ReadonlySet<SourceOutcome> = new Set([
  "not_found",
  "not_configured",
  "unreachable",
  "paced",
  "skipped",
]);

export interface CollectorChain {
  readonly collectors: readonly Collector[];
  /** The first collector's snapshot; throws a typed error when none can serve the account. */
  fetchSnapshot(platform: Platform, handle: string, opts?: ChainFetchOptions): Promise<ProfileSnapshot>;
}

export interface CollectorChainOptions {
  singleFlight?: SingleFlight;
  notFoundCache?: NotFoundCache;
  logger?: CollectorLogger;
  /** Quiet states, last success/failure and pace per source (shared through Redis when configured). */
  health?: SourceHealthStore;
  now?: () => Date;
  /** Requests a minute an unofficial source may make (token bucket); 0 turns pacing off. */
  unofficialPerMinute?: number;
  /** Counts each source's outcome (Prometheus `source_fetches_total`). */
  onOutcome?: (source: string, outcome: SourceOutcome) => void;
}

export type SourceOutcome =
  | "ok"
  | "skipped"
  | "not_found"
  | "quiet"
  | "paced"
  | "rate_limited"
  | "blocked"
  | "auth_failed"
  | "unreachable"
  | "changed"
  | "not_configured"
  | "error";

/** A source resting after the platform limited us: fail fast and say until when. */
export class SourceQuietError extends RateLimitedError {
  constructor(
    readonly source: string,
    platform: Platform,
    until: Date,
    now: Date,
  ) {
    super(
      `${label(platform)} is limiting this server until ${hhmm(until)} UTC (source ${source}); reports from it resume then.`,
      Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
    );
  }
}

/**
 * This server's own pace held a source back (the platform was never asked): a rate limit to the
 * user, but classified "paced", so a sample creator of the handle may still answer.
 */
export class SourcePacedError extends RateLimitedError {}

const hhmm = (d: Date) => d.toISOString().slice(11, 16);

/** How a failure counts for the source: quiet periods for limits and walls, "failing" for the rest. */
function outcomeOf(err: unknown): SourceOutcome {
  if (err instanceof AccountNotFoundError) return "not_found";
  if (err instanceof SourceQuietError) return "quiet";
  if (err instanceof SourcePacedError) return "paced";
  if (err instanceof RateLimitedError) return "rate_limited";
  if (err instanceof LoginWallOrBlockedError) return "blocked";
  if (err instanceof SourceAuthError) return "auth_failed";
  if (err instanceof UpstreamChangedError) return "changed";
  if (err instanceof NotConfiguredError) return "not_configured";
  if (err instanceof AppError && err.status >= 500) return "unreachable";
  return "error";
}

/** Health bookkeeping must never break a report: a store that fails or hangs is skipped. */
async function safely<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(fallback), 1000);
        timer.unref();
      }),
    ]);
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

const CASE_SENSITIVE_KINDS = new Set(["channel", "video", "short", "short_link", "shorts"]);

/** Normalised key for single-flight and negative caching: platform, link kind, handle. */
export function collectorKey(platform: Platform, handle: string, linkKind?: string): string {
  const h = stripAt(handle.trim());
  // YouTube channel and video ids are case-sensitive; handles are not.
  const keepCase = platform === "youtube" && (CASE_SENSITIVE_KINDS.has(linkKind ?? "") || isChannelId(h));
  return `${platform}:${linkKind ?? "handle"}:${keepCase ? h : h.toLowerCase()}`;
}

/**
 * Tries the collectors that serve the platform, in order; the first snapshot wins, a thrown error
 * is final. Concurrent identical requests share one fetch; handles the platform reported missing
 * are remembered (NotFoundCache) and answered without asking again.
 */
export function createCollectorChain(
  collectors: Collector[],
  options: CollectorChainOptions = {},
): CollectorChain {
  const singleFlight = options.singleFlight ?? createSingleFlight();
  const notFound = options.notFoundCache;

  const health = options.health ?? createMemorySourceHealth();
  const now = options.now ?? (() => new Date());
  const perMinute = options.unofficialPerMinute ?? 6;
  const count = (source: string, outcome: SourceOutcome) => options.onOutcome?.(source, outcome);

  /** Records a failure: limits and walls quiet the source; the state feeds /api/admin/sources. */
  async function noteFailure(collector: Collector, err: unknown): Promise<void> {
    const outcome = outcomeOf(err);
    count(collector.id, outcome);
    if (outcome === "not_found" || outcome === "quiet") return;
    const at = now();
    const failure = {
      at: at.toISOString(),
      code: err instanceof AppError ? err.code : "ERROR",
      message: (err as Error).message?.slice(0, 500) ?? String(err),
    };
    const quiet =
      outcome === "rate_limited" || outcome === "blocked"
        ? { now: at, retryAfterSec: err instanceof RateLimitedError ? err.retryAfterSec : undefined }
        : undefined;
    await safely(health.failure(collector.id, failure, quiet), undefined as unknown as SourceState);
  }

  async function runChain(
    platform: Platform,
    handle: string,
    key: string,
    opts: CollectorFetchOptions & { preferSample?: boolean; knownMissing?: boolean; background?: boolean },
  ): Promise<ProfileSnapshot> {
    const serving = collectors.filter((c) => c.platforms.includes(platform));
    const samples = serving.filter((c) => c.kind === "sample");
    const live = serving.filter((c) => c.kind !== "sample");
    // A typed handle is answered by the real sources; the sample store comes last (first only for
    // a sample reached as such). A handle the platform recently said is missing skips them.
    const candidates = opts.preferSample
      ? [...samples, ...live]
      : opts.knownMissing
        ? samples
        : [...live, ...samples];
    // Failures of sources that could not answer now; the next source is tried after each.
    const failures: { collector: Collector; error: unknown }[] = [];
    let missing: AccountNotFoundError | null = null;
    for (const collector of candidates) {
      if (collector.kind === "sample" && !opts.preferSample) {
        const allowed = failures.every((f) => SAMPLE_MAY_ANSWER.has(outcomeOf(f.error)));
        if (!allowed) continue;
      }
      if (collector.kind !== "sample") {
        const state = await safely(health.get(collector.id), null);
        const until = state?.quietUntil ? new Date(state.quietUntil) : null;
        if (until && until.getTime() > now().getTime()) {
          count(collector.id, "quiet");
          failures.push({ collector, error: new SourceQuietError(collector.id, platform, until, now()) });
          continue;
        }
        if ((collector.paced ?? collector.official === false) && perMinute > 0) {
          const reserve = opts.background ? Math.floor(perMinute / 2) : 0;
          const paced = await safely(health.pace(collector.id, perMinute, now(), reserve), {
            ok: true,
            retryInMs: 0,
          });
          if (!paced.ok) {
            count(collector.id, "paced");
            const wait = Math.ceil(paced.retryInMs / 1000);
            failures.push({
              collector,
              error: new SourcePacedError(
                `This server paces its requests to ${label(platform)} (${perMinute} a minute through ${collector.id}); try again in ${wait} s.`,
                wait,
              ),
            });
            continue;
          }
        }
      }
      let snapshot: ProfileSnapshot | null;
      try {
        snapshot = await collector.fetchSnapshot(platform, handle, opts);
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        await noteFailure(collector, e);
        // Authoritative answers and broken credentials are final: the next source would only
        // hide them (a silent fallback from an expired Graph token, docs/decisions/013).
        if (e instanceof AccountNotFoundError) {
          if (notFound) await notFound.add(key);
          // Final for live sources; a sample creator of that handle may still answer below.
          if (samples.length === 0 || opts.preferSample) throw e;
          missing = e;
          failures.push({ collector, error: e });
          continue;
        }
        if (e instanceof SourceAuthError || !(e instanceof AppError)) throw e;
        failures.push({ collector, error: e });
        continue;
      }
      if (snapshot === null) {
        count(collector.id, "skipped");
        continue;
      }
      const parsed = profileSnapshotSchema.safeParse(snapshot);
      if (!parsed.success) {
        const detail = formatZodError(parsed.error);
        options.logger?.warn(
          { collector: collector.id, platform, handle, detail: truncateSample(detail) },
          "collector produced an invalid snapshot",
        );
        const err = new UpstreamChangedError(
          `We couldn't read ${label(platform)} data for ${at(handle)} (source ${collector.id})`,
          truncateSample(detail),
        );
        await noteFailure(collector, err);
        throw err;
      }
      if (collector.kind !== "sample") {
        count(collector.id, "ok");
        await safely(health.success(collector.id, now()), undefined);
      }
      return parsed.data;
    }
    if (missing) throw missing;
    if (opts.knownMissing)
      throw new AccountNotFoundError(`No ${label(platform)} account ${at(handle)} was found`);
    if (failures.length > 0) {
      const [first, ...rest] = failures;
      const error = first!.error as AppError;
      if (rest.length > 0)
        error.message = `${error.message} Also tried: ${rest
          .map((f) => `${f.collector.id} (${(f.error as Error).message})`)
          .join("; ")}`.slice(0, 2000);
      throw error;
    }
    const prefix = `No data source could analyse ${at(handle)} on ${label(platform)}`;
    if (candidates.length === 0)
      throw new NotConfiguredError(`${prefix}: no ${label(platform)} source is enabled (see COLLECTORS)`);
    if (candidates.every((c) => c.kind === "sample"))
      throw new AccountNotFoundError(
        `${prefix}: it is not one of the sample creators, and live ${label(platform)} collection is not enabled`,
      );
    throw new NotConfiguredError(
      `${prefix}: none of the enabled sources (${candidates.map((c) => c.id).join(", ")}) could serve it; check COLLECTORS and the API keys`,
    );
  }

  return {
    collectors,
    async fetchSnapshot(platform, rawHandle, opts = {}) {
      const handle = stripAt(rawHandle.trim());
      const key = collectorKey(platform, handle, opts.linkKind);
      const knownMissing = Boolean(notFound && !opts.bypassNotFoundCache && (await notFound.has(key)));
      const preferSample = opts.preferSample === true;
      return singleFlight.run(
        `${key}${preferSample ? ":sample" : ""}`,
        (signal) =>
          runChain(platform, handle, key, {
            linkKind: opts.linkKind,
            signal,
            preferSample,
            knownMissing,
            background: opts.background,
          }),
        { signal: opts.signal },
      );
    },
  };
}
