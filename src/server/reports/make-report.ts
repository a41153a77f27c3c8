import type { InstallationBenchmark } from "#core/engine/benchmarks";
import { buildReport } from "#core/engine/build-report";
import type { PricingInput } from "#core/engine/pricing";
import type { DataNote, StoredReport } from "#core/schemas/account";
import type { AnalysisStage } from "#core/schemas/analysis-stream";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { AccountRepo } from "./account-repo";
import type { AccountView, ReportStore } from "./report-store";

/** What the installation gives every analysis besides the snapshot (issue #24). */
export interface EngineInputs {
  /** The admin's pricing assumptions, or the published defaults. */
  pricing?: PricingInput;
  /** This installation's engagement percentiles per platform × tier. */
  installationBenchmarks?: readonly InstallationBenchmark[];
}

/** The optional AI writer: rewrites qualitative texts; never numbers. Returns the report to store. */
export interface ReportWriter {
  write(
    report: StoredReport,
    snapshot: ProfileSnapshot,
    opts: { signal?: AbortSignal },
  ): Promise<StoredReport>;
}

export interface ReportMakerDeps {
  store: ReportStore;
  repo: Pick<AccountRepo, "followerHistory">;
  writer?: ReportWriter;
  engineInputs?: () => Promise<EngineInputs>;
  now: () => Date;
}

export interface MakeReportOptions {
  /** Cancels the work; an aborted analysis stores nothing. */
  signal: AbortSignal;
  /** What the report says about its data (stored, limited, captured): replaces the engine's notes. */
  notes?: readonly DataNote[];
  /** Whether the AI writer (when configured) rewrites the texts; measured-only analyses skip it. */
  write?: boolean;
  /** The signed-in user whose history gets the account. */
  userId?: string;
  onStage?: (stage: AnalysisStage, detail?: string) => void;
}

/** What the engine and the writer made of one snapshot, before it is stored anywhere. */
export interface ComposedReport {
  report: StoredReport;
  index: ReturnType<typeof buildReport>["index"];
  /** The time the report was made: its analyzedAt. */
  now: Date;
}

/**
 * The report of a snapshot, not yet stored: engine (with the account's public follower history and
 * the installation's pricing and benchmarks) → the data notes → the optional AI writer. Browser
 * captures that stay private to their supplier (capture-service.ts) store this elsewhere.
 */
export async function composeReport(
  deps: Omit<ReportMakerDeps, "store">,
  snapshot: ProfileSnapshot,
  opts: Omit<MakeReportOptions, "userId">,
): Promise<ComposedReport> {
  const notes = opts.notes ?? [];
  opts.onStage?.("analyzing", `${snapshot.posts.length} posts`);
  const now = deps.now();
  const history = await deps.repo.followerHistory(snapshot.platform, snapshot.username);
  const inputs = (await deps.engineInputs?.()) ?? {};
  const { report: engineReport, index } = buildReport(snapshot, { now, history, ...inputs });
  let report: StoredReport = notes.length > 0 ? { ...engineReport, dataNotes: [...notes] } : engineReport;
  if (deps.writer && opts.write !== false) {
    opts.onStage?.("writing");
    // The writer changes texts only: what the report says about its data (stored, limited) stays.
    const written = await deps.writer.write(report, snapshot, { signal: opts.signal });
    report = notes.length > 0 ? { ...written, dataNotes: [...notes] } : written;
  }
  // Nobody waits for this flight any more: store nothing (and the callers' units are given back).
  opts.signal.throwIfAborted();
  return { report, index, now };
}

/**
 * A snapshot → the stored report, written once (docs/decisions/032) for analyses, refreshes,
 * discovery's web candidates and browser captures: composeReport (engine → notes → AI writer) →
 * ReportStore.save (which records the view and invalidates the cached body) → the API's view.
 */
export async function makeReport(
  deps: ReportMakerDeps,
  snapshot: ProfileSnapshot,
  opts: MakeReportOptions,
): Promise<AccountView> {
  const { report, index, now } = await composeReport(deps, snapshot, opts);
  opts.onStage?.("saving");
  return deps.store.save({ snapshot, report, index, analyzedAt: now, userId: opts.userId });
}
