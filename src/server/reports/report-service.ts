import { canonicalHandle } from "../../core/handles";
import type { Platform } from "../../core/schemas/platform";
import type { ProfileSnapshot } from "../../core/schemas/snapshot";
import type { CollectorChain } from "../collectors/chain";
import type { SingleFlight } from "../collectors/single-flight";
import type { QuotaIdentity, QuotaService } from "../quota/quota-service";
import type { AccountIndexFields, AccountRepo, StoredReport } from "./account-repo";

export const ANALYSIS_STAGES = ["parsing", "fetching", "analyzing", "writing", "saving"] as const;
export type AnalysisStage = (typeof ANALYSIS_STAGES)[number];

/** What the input resolves to: the platform (a URL names its own) and the handle to fetch. */
export interface ResolvedInput {
  platform: Platform;
  handle: string;
  linkKind?: string;
}

/** The engine, behind a small interface so the service stays testable. */
export interface ReportEngine {
  version: string;
  run(
    snapshot: ProfileSnapshot,
    ctx: { now: Date; history: { fetchedAt: string; followers: number }[] },
  ): { report: Record<string, unknown>; index: AccountIndexFields };
}

/** The optional AI writer: rewrites qualitative texts; never numbers. Returns the report to store. */
export interface ReportWriter {
  write(
    report: Record<string, unknown>,
    snapshot: ProfileSnapshot,
    opts: { signal?: AbortSignal },
  ): Promise<Record<string, unknown>>;
}

export interface AnalyzeOptions {
  signal?: AbortSignal;
  onStage?: (stage: AnalysisStage, detail?: string) => void;
  /** Admin refresh: ignore the cache and the not-found cache. */
  refresh?: boolean;
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
  collectors: CollectorChain;
  quota: QuotaService;
  singleFlight: SingleFlight;
  engine: ReportEngine;
  writer?: ReportWriter;
  resolveInput: (username: string, platform: Platform) => ResolvedInput;
  now: () => Date;
  /** How long a stored report is served as is. */
  cacheMs: () => number;
}

/** The stored report as the API returns it (spec §3 account + metrics, provenance, recentPosts). */
export type AccountView = Record<string, unknown> & {
  id: number;
  platform: Platform;
  username: string;
  lastUpdated: string;
};

export function toAccountView(stored: StoredReport): AccountView {
  return {
    ...(stored.report as Record<string, unknown>),
    id: stored.accountId,
    platform: stored.platform,
    username: stored.username,
    isSample: stored.isSample,
    source: stored.source,
    lastUpdated: stored.createdAt.toISOString(),
  };
}

/**
 * Makes and serves reports: parse → quota → single-flight per account → cached report, or
 * collectors → engine → AI writer → one transaction that stores everything. A failed analysis
 * gives its quota unit back. No network call runs inside a transaction.
 */
export function createReportService(deps: ReportServiceDeps) {
  const { repo } = deps;

  async function produce(input: ResolvedInput, opts: AnalyzeOptions, signal: AbortSignal, userId?: string) {
    const { platform } = input;
    if (!opts.refresh && !input.linkKind?.match(/video|short/)) {
      const cached = await repo.latestReport(platform, input.handle);
      if (cached && deps.now().getTime() - cached.createdAt.getTime() < deps.cacheMs()) {
        if (userId) await repo.recordView(userId, cached.accountId, deps.now());
        deps.observer?.cache("hit");
        return { view: toAccountView(cached), fresh: false };
      }
    }
    deps.observer?.cache("miss");
    opts.onStage?.("fetching");
    let snapshot: ProfileSnapshot;
    try {
      snapshot = await deps.collectors.fetchSnapshot(platform, input.handle, {
        signal,
        linkKind: input.linkKind,
        bypassNotFoundCache: opts.refresh,
      });
      deps.observer?.upstream(platform, "ok");
    } catch (err) {
      deps.observer?.upstream(platform, (err as { code?: string }).code ?? "error");
      throw err;
    }
    opts.onStage?.("analyzing", `${snapshot.posts.length} posts`);
    const now = deps.now();
    const history = await repo.followerHistory(platform, snapshot.username);
    const { report: engineReport, index } = deps.engine.run(snapshot, { now, history });
    let report = engineReport;
    if (deps.writer) {
      opts.onStage?.("writing");
      report = await deps.writer.write(engineReport, snapshot, { signal });
    }
    opts.onStage?.("saving");
    const saved = await repo.saveAnalysis({
      snapshot,
      report,
      index,
      engineVersion: deps.engine.version,
      analyzedAt: now,
      userId,
    });
    return {
      view: toAccountView({
        accountId: saved.accountId,
        platform,
        username: canonicalHandle(platform, snapshot.username),
        isSample: snapshot.source === "sample",
        source: snapshot.source,
        report,
        createdAt: now,
      }),
      fresh: true,
    };
  }

  return {
    /** POST /api/analyze and the stream: counts against the caller's daily quota. */
    async analyze(
      request: { username: string; platform: Platform },
      who: { identity: QuotaIdentity; userId?: string },
      opts: AnalyzeOptions = {},
    ): Promise<AccountView> {
      opts.onStage?.("parsing");
      const input = deps.resolveInput(request.username, request.platform);
      const charge = await deps.quota.consume(who.identity).catch((err) => {
        deps.observer?.quotaRefused(who.identity.kind === "user" ? "user" : "anonymous");
        throw err;
      });
      try {
        const key = `${input.platform}:${input.linkKind ?? "handle"}:${canonicalHandle(input.platform, input.handle)}`;
        const result = await deps.singleFlight.run(
          key,
          (signal) => produce(input, opts, signal, who.userId),
          {
            signal: opts.signal,
          },
        );
        // A caller that joined someone else's flight still gets the account in its history.
        if (who.userId) await repo.recordView(who.userId, result.view.id, deps.now());
        return result.view;
      } catch (err) {
        await charge.refund();
        throw err;
      }
    },

    /** Admin refresh: no quota, no cache. */
    async refresh(platform: Platform, username: string, opts: AnalyzeOptions = {}): Promise<AccountView> {
      const input = deps.resolveInput(username, platform);
      const key = `${input.platform}:refresh:${canonicalHandle(input.platform, input.handle)}`;
      const result = await deps.singleFlight.run(key, (signal) =>
        produce(input, { ...opts, refresh: true }, signal),
      );
      return result.view;
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
