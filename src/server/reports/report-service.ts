import { indexFieldsOf } from "#core/engine/build-report";
import { canonicalHandle } from "#core/handles";
import type { DataNote, StoredReportJson } from "#core/schemas/account";
import type { AnalysisStage } from "#core/schemas/analysis-stream";
import { isPlatform, type Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { CollectorChain } from "../collectors/chain";
import type { QuotaIdentity, QuotaService } from "../quota/quota-service";
import type { SingleFlight } from "../shared/single-flight";
import type { AccountRepo, StoredReportRow } from "./account-repo";
import { type EngineInputs, makeReport, type ReportWriter } from "./make-report";
import { type AccountView, type ReportStore, toAccountView } from "./report-store";
import type { ResolvedInput } from "./resolved-input";
import { revisitSample } from "./sample-revisit";
import { storedMayAnswer, storedNote, webSearchMayAnswer } from "./stand-ins";

export type { EngineInputs, ReportWriter } from "./make-report";
export { type AccountView, toAccountView } from "./report-store";
/** What the input resolves to (resolved-input.ts, apart so sample-revisit.ts needs no import of this file). */
export type { ResolvedInput } from "./resolved-input";
export { storedNote, webSearchMayAnswer } from "./stand-ins";

/**
 * Web-search mode (issue #5): a search model estimates the whole report from web sources when no
 * collector can fetch the account. Every figure it gives is provenance "ai" with citations.
 */
export interface WebSearchFallback {
  readonly enabled: boolean;
  /** The estimate as it is stored (no recent posts: none were fetched). */
  report(
    platform: Platform,
    handle: string,
    opts: { signal?: AbortSignal },
  ): Promise<StoredReportJson | null>;
}

export interface AnalyzeOptions {
  signal?: AbortSignal;
  onStage?: (stage: AnalysisStage, detail?: string) => void;
  /** Admin refresh: ignore the cache and the not-found cache. */
  refresh?: boolean;
  /**
   * Measured data only (discovery's web candidates): no web-search estimate stands in when fetching
   * fails, and the AI writer is not run (the engine's texts; bounded cost).
   */
  measuredOnly?: boolean;
  /** A sample creator reached as such (discovery row, its link, the demo): the sample answers first. */
  sample?: boolean;
  /** Told once the analysis answered: whether it spent one of the caller's daily units. */
  onQuota?: (outcome: { spent: boolean }) => void;
  /** A background job's refresh: half of each source's pace is left to interactive reports (issue #33). */
  background?: boolean;
  /** A snapshot already fetched for this analysis (see sample-revisit.ts): not fetched again. */
  prefetched?: ProfileSnapshot;
}

/** Counters the service reports to (Prometheus in the app; absent in unit tests). */
export interface ReportObserver {
  cache(result: "hit" | "miss"): void;
  upstream(platform: Platform, outcome: string): void;
  quotaRefused(who: "anonymous" | "user"): void;
}

export interface ReportServiceDeps {
  observer?: ReportObserver;
  repo: AccountRepo;
  /** Where reports are saved and read (saving invalidates the cached body). */
  store: ReportStore;
  collectors: CollectorChain;
  quota: QuotaService;
  singleFlight: SingleFlight;
  writer?: ReportWriter;
  webSearch?: WebSearchFallback;
  resolveInput: (username: string, platform: Platform) => ResolvedInput;
  now: () => Date;
  /** How old stored data (imports, captures, earlier fetches) may be to stand in for a live source. */
  storedMaxAgeDays?: number;
  /** How old a stored report may be and still be served as is (the admin's cache settings: 0 = cache off). */
  cacheMs: () => number | Promise<number>;
  /** The current pricing assumptions and installation benchmarks, read before each analysis. */
  engineInputs?: () => Promise<EngineInputs>;
}

/**
 * One account's single-flight (and cross-instance lock) key: analyses, candidate checks and
 * refreshes of the same account never fetch it at once.
 */
function flightKey(input: ResolvedInput): string {
  return `${input.platform}:${input.linkKind ?? "handle"}:${canonicalHandle(input.platform, input.handle)}`;
}

/** A flight's result: the report, and whether this flight made it (false: a stored one answered). */
interface FlightResult {
  view: AccountView;
  fresh: boolean;
}

/**
 * Makes and serves reports: parse → quota → single-flight per account → cached report, or
 * collectors → the one report pipeline (make-report.ts: engine → AI writer → ReportStore.save).
 * This class keeps only the cache, quota and single-flight orchestration. A failed analysis gives
 * its quota unit back. No network call runs inside a transaction.
 */
export class ReportService {
  constructor(private readonly deps: ReportServiceDeps) {}

  /** The one pipeline's dependencies (docs/decisions/032). */
  private get maker() {
    const { store, repo, writer, engineInputs, now } = this.deps;
    return { store, repo, writer, engineInputs, now };
  }

  /** One unit of the caller's quota, counted as refused when there is none left. */
  private async charge(identity: QuotaIdentity) {
    return this.deps.quota.consume(identity).catch((err) => {
      this.deps.observer?.quotaRefused(identity.kind === "user" ? "user" : "anonymous");
      throw err;
    });
  }

  /** A stored report answered: the viewer's history gets it, and the cache counts a hit. */
  private async servedStored(stored: StoredReportRow, userId?: string): Promise<FlightResult> {
    await this.deps.store.recordView(userId, stored.accountId);
    this.deps.observer?.cache("hit");
    return { view: toAccountView(stored), fresh: false };
  }

  private async produce(
    input: ResolvedInput,
    opts: AnalyzeOptions,
    signal: AbortSignal,
    userId?: string,
    handoff?: string,
  ): Promise<FlightResult> {
    const { deps } = this;
    const { platform } = input;
    // Another instance analysed this account while this flight waited for it: serve what it stored.
    const shared = handoff ? await this.storedByHandoff(handoff) : null;
    if (shared) return this.servedStored(shared, userId);
    const cached = await this.freshStoredReport(input, opts);
    if (cached) return this.servedStored(cached, userId);
    deps.observer?.cache("miss");
    opts.onStage?.("fetching");
    let snapshot: ProfileSnapshot;
    const notes: DataNote[] = [];
    try {
      snapshot =
        opts.prefetched ??
        (await deps.collectors.fetchSnapshot(platform, input.handle, {
          signal,
          linkKind: input.linkKind,
          bypassNotFoundCache: opts.refresh,
          preferSample: opts.sample === true,
          background: opts.background,
        }));
      deps.observer?.upstream(platform, "ok");
    } catch (err) {
      deps.observer?.upstream(platform, (err as { code?: string }).code ?? "error");
      // Stored data is a source (measured, with its date) before any estimate is.
      const stored = storedMayAnswer(err) ? await this.usableStoredSnapshot(input) : null;
      if (stored) {
        snapshot = stored;
        notes.push(storedNote(stored, err));
      } else {
        if (deps.webSearch?.enabled && !opts.measuredOnly && webSearchMayAnswer(err)) {
          const estimated = await this.estimateFromWeb(input, opts, signal, userId);
          if (estimated) return estimated;
        }
        throw err;
      }
    }
    if (snapshot.source === "youtube-innertube")
      notes.push({
        kind: "limited-source",
        source: snapshot.source,
        message:
          "YouTube's public pages show no likes or comments, so engagement is not measured: the operator can set YOUTUBE_API_KEY (the YouTube Data API) to measure it. Subscribers and views are measured.",
      });
    const view = await makeReport(this.maker, snapshot, {
      signal,
      notes,
      write: !opts.measuredOnly,
      userId,
      onStage: opts.onStage,
    });
    return { view, fresh: true };
  }

  /**
   * The stored report that may be served as is (fresh enough under the admin's cache setting), or
   * null when answering needs a fresh analysis: a refresh, a video/short link, no stored report, a
   * stale one, or a stored sample for a typed handle a live source could look up (the real account
   * may exist; with no live source for the platform, the sample is the answer).
   */
  private async freshStoredReport(
    input: ResolvedInput,
    opts: AnalyzeOptions,
  ): Promise<StoredReportRow | null> {
    if (opts.refresh || input.linkKind?.match(/video|short/)) return null;
    const cached = await this.deps.repo.latestReport(input.platform, input.handle);
    const usable =
      cached && (!cached.isSample || opts.sample === true || !this.liveSourceFor(input.platform));
    if (!usable) return null;
    return this.deps.now().getTime() - cached.createdAt.getTime() < (await this.deps.cacheMs())
      ? cached
      : null;
  }

  /** Whether any live (non-sample) collector serves the platform. */
  private liveSourceFor(platform: Platform): boolean {
    return this.deps.collectors.collectors.some((c) => c.kind !== "sample" && c.platforms.includes(platform));
  }

  /** The stored snapshot a report may fall back to: not a sample, and no older than the admin's limit. */
  private async usableStoredSnapshot(input: ResolvedInput): Promise<ProfileSnapshot | null> {
    if (input.linkKind?.match(/video|short/)) return null;
    const stored = await this.deps.repo.storedSnapshot(input.platform, input.handle).catch(() => null);
    if (!stored) return null;
    const maxMs = (this.deps.storedMaxAgeDays ?? 90) * 24 * 3600 * 1000;
    return this.deps.now().getTime() - Date.parse(stored.fetchedAt) <= maxMs ? stored : null;
  }

  /** The report a flight on another instance stored (its handoff), if it is still the newest. */
  private async storedByHandoff(handoff: string): Promise<StoredReportRow | null> {
    let note: { platform?: unknown; username?: unknown; createdAtMs?: unknown };
    try {
      note = JSON.parse(handoff);
    } catch {
      return null;
    }
    if (typeof note.username !== "string" || typeof note.createdAtMs !== "number") return null;
    const platform = note.platform;
    if (!isPlatform(platform)) return null;
    const stored = await this.deps.repo.latestReport(platform, note.username);
    return stored && stored.createdAt.getTime() >= note.createdAtMs ? stored : null;
  }

  /** The search model's estimate, stored as a report that is never measured; null when it found nothing. */
  private async estimateFromWeb(
    input: ResolvedInput,
    opts: AnalyzeOptions,
    signal: AbortSignal,
    userId?: string,
  ): Promise<FlightResult | null> {
    const { platform } = input;
    opts.onStage?.("writing", "searching the web");
    const report = await this.deps.webSearch!.report(platform, input.handle, { signal });
    if (!report) return null;
    const now = this.deps.now();
    const username = canonicalHandle(platform, input.handle);
    opts.onStage?.("saving");
    const view = await this.deps.store.save({
      snapshot: {
        platform,
        username,
        name: report.name,
        bio: report.bio,
        verified: report.verified === true,
        isPrivate: false,
        followers: report.followers,
        fetchedAt: now.toISOString(),
        source: "web-search",
        posts: [],
      },
      report,
      index: indexFieldsOf(report),
      analyzedAt: now,
      userId,
      measured: false,
    });
    return { view, fresh: true };
  }

  /**
   * POST /api/analyze and the stream. Only a fresh analysis spends a unit of the caller's daily
   * quota: a stored report that is fresh enough is served free, whoever asks and however (the
   * analyser, a discovery or finder row, a direct link), even when the caller's units are used up
   * (docs/decisions/024-fair-quotas-and-model-figures.md). `opts.refresh` (a forced re-analysis)
   * never takes the stored report and always spends. `opts.onQuota` learns whether a unit was spent.
   */
  async analyze(
    request: { username: string; platform: Platform; sample?: boolean },
    who: { identity: QuotaIdentity; userId?: string },
    opts: AnalyzeOptions = {},
  ): Promise<AccountView> {
    const { deps } = this;
    opts.onStage?.("parsing");
    if (request.sample) opts = { ...opts, sample: true };
    const input = deps.resolveInput(request.username, request.platform);
    let stored = await this.freshStoredReport(input, opts);
    // A typed sample handle: free when the sources answer with the same sample (issue #39 item 6).
    if (!stored && !opts.refresh && !opts.sample) {
      const latest = await deps.repo.latestReport(input.platform, input.handle);
      const revisit = await revisitSample(deps, input, latest, opts.signal);
      if (revisit && "stored" in revisit) stored = revisit.stored;
      else if (revisit) opts = { ...opts, prefetched: revisit.snapshot };
    }
    if (stored) {
      const served = await this.servedStored(stored, who.userId);
      opts.onQuota?.({ spent: false });
      return served.view;
    }
    const charge = await this.charge(who.identity);
    // The unit is spent once the work that may store a report has started: it is given back
    // only when that work itself fails, never because this caller went away (a client that
    // dropped the connection during "saving" used to get its unit back and read the stored
    // report for free). A caller that leaves learns the outcome later, through onSettled.
    let flightOutcome: { ok: boolean } | undefined;
    let callerLeft = false;
    const settle = (outcome: { ok: boolean }) => {
      flightOutcome = outcome;
      if (callerLeft && !outcome.ok) void charge.refund().catch(() => undefined);
    };
    try {
      const key = `${flightKey(input)}${opts.sample ? ":sample" : ""}`;
      const result = await deps.singleFlight.run(
        key,
        (signal, flight) => this.produce(input, opts, signal, who.userId, flight.handoff),
        { signal: opts.signal, handoff: handoffOf, onSettled: settle },
      );
      // A caller that joined someone else's flight still gets the account in its history.
      await deps.store.recordView(who.userId, result.view.id);
      // The flight served a stored report after all (stored meanwhile, here or by another
      // instance): nothing new was made for this caller, so the unit comes back.
      if (!result.fresh) await charge.refund();
      opts.onQuota?.({ spent: result.fresh });
      return result.view;
    } catch (err) {
      if (opts.signal?.aborted && flightOutcome === undefined) {
        callerLeft = true; // refunded by `settle` if the analysis fails after all
      } else if (!flightOutcome?.ok) {
        await charge.refund();
      }
      throw err;
    }
  }

  /**
   * Discovery's web candidates (docs/decisions/009-discovery-web-candidates.md): fetched through the
   * collectors and analysed like an analysis, in the same single flight (a candidate someone is
   * analysing is not fetched twice) and served from the cache when fresh, but measured data only
   * (see `measuredOnly`), with no quota unit and no history entry. A flight it joins may still
   * return a web-search estimate: the caller checks `source`.
   */
  async analyzeCandidate(
    platform: Platform,
    handle: string,
    opts: { signal?: AbortSignal } = {},
  ): Promise<AccountView> {
    const input = this.deps.resolveInput(handle, platform);
    const result = await this.deps.singleFlight.run(
      flightKey(input),
      (signal, flight) =>
        this.produce(input, { signal: opts.signal, measuredOnly: true }, signal, undefined, flight.handoff),
      { signal: opts.signal, handoff: handoffOf },
    );
    return result.view;
  }

  /** Admin refresh: no quota, no cache. */
  async refresh(platform: Platform, username: string, opts: AnalyzeOptions = {}): Promise<AccountView> {
    const input = this.deps.resolveInput(username, platform);
    const key = `${input.platform}:refresh:${canonicalHandle(input.platform, input.handle)}`;
    const result = await this.deps.singleFlight.run(
      key,
      (signal, flight) => this.produce(input, { ...opts, refresh: true }, signal, undefined, flight.handoff),
      {
        signal: opts.signal,
        handoff: handoffOf,
        // Across instances a refresh and an analysis of one account never fetch at once.
        lockKey: flightKey(input),
      },
    );
    return result.view;
  }
}

/** What flights waiting on other instances need to find this flight's report (see storedByHandoff). */
function handoffOf(result: { view: AccountView }): string {
  return JSON.stringify({
    platform: result.view.platform,
    username: result.view.username,
    createdAtMs: Date.parse(result.view.lastUpdated),
  });
}

export function createReportService(deps: ReportServiceDeps): ReportService {
  return new ReportService(deps);
}
