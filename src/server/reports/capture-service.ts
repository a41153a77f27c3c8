import crypto from "node:crypto";
import { canonicalHandle, stripAt } from "#core/handles";
import type { DataNote, StoredReport } from "#core/schemas/account";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import { ValidationError } from "../errors";
import type { QuotaIdentity, QuotaService } from "../quota/quota-service";
import type { SingleFlight } from "../shared/single-flight";
import type { AccountRepo } from "./account-repo";
import { composeReport, type EngineInputs, type ReportWriter } from "./make-report";
import type { ReportObserver, ResolvedInput } from "./report-service";
import type { AccountView, ReportStore } from "./report-store";
import type { DataOwner, SuppliedReportRepo } from "./supplied-repo";

/**
 * How far ahead of the server's clock a capture may claim to have been made (clocks drift): beyond
 * this the capture is refused. Whatever it claims, the report and its growth point carry the time
 * the capture arrived (issue #33 item 3).
 */
export const CAPTURE_CLOCK_SKEW_MS = 5 * 60_000;

/** A report as a caller sees it, saying whose data it shows: absent = the public record. */
export type CaptureView = AccountView & { privateTo?: "you" };

export interface CaptureServiceDeps {
  repo: AccountRepo;
  /** Where an admin's capture is saved as the public report (the view recorded, the cache cleared). */
  store: ReportStore;
  supplied: SuppliedReportRepo;
  quota: QuotaService;
  singleFlight: SingleFlight;
  writer?: ReportWriter;
  observer?: ReportObserver;
  resolveInput: (username: string, platform: Platform) => ResolvedInput;
  now: () => Date;
  engineInputs?: () => Promise<EngineInputs>;
}

export interface CaptureCaller {
  identity: QuotaIdentity;
  /** Whose capture this is: a non-admin's stays private to them (their data, their view). */
  owner: DataOwner;
  /** An admin's capture confirms the account: it becomes the public report. */
  isAdmin: boolean;
  /** Shown only to the capturer, in their private report's note. */
  displayName: string;
}

const dayAndTime = (d: Date) =>
  `${d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })} at ${d.toISOString().slice(11, 16)} UTC`;

/** The capture's username as the analyser would read it (its handle rules), or a 400 naming it. */
export function captureHandle(
  platform: Platform,
  username: string,
  resolveInput: CaptureServiceDeps["resolveInput"],
): string {
  const bare = stripAt(username.trim());
  const refused = () =>
    new ValidationError(
      `username: "${username.slice(0, 100)}" is not a valid ${PLATFORM_LABELS[platform]} username.`,
      "username",
    );
  let resolved: ResolvedInput;
  try {
    resolved = resolveInput(bare, platform);
  } catch {
    throw refused();
  }
  // Only a plain handle: not a link, not another platform's, not a name the parser had to rewrite.
  if (
    resolved.platform !== platform ||
    canonicalHandle(platform, resolved.handle) !== canonicalHandle(platform, bare)
  )
    throw refused();
  return canonicalHandle(platform, bare);
}

/**
 * Reports from snapshots captured in a user's browser (POST /api/v1/snapshots). The capture carries
 * the server's time, never the one it claims. A non-admin's capture is stored for them alone
 * (supplied_reports): the public report, discovery, lists and alerts keep the live or admin data.
 * It spends one quota unit like an analysis does: given back only when the work itself fails, never
 * because the caller went away (docs/decisions/031-trust-iii-user-supplied-data.md).
 */
export function createCaptureService(deps: CaptureServiceDeps) {
  const { repo } = deps;

  async function produce(
    snapshot: ProfileSnapshot,
    username: string,
    who: CaptureCaller,
    signal: AbortSignal,
  ) {
    const platform = snapshot.platform;
    const now = deps.now();
    const captured: ProfileSnapshot = {
      ...snapshot,
      username,
      source: "capture",
      fetchedAt: now.toISOString(),
    };
    const note: DataNote = who.isAdmin
      ? {
          kind: "captured",
          source: "capture",
          fetchedAt: captured.fetchedAt,
          message: `Captured in a user's browser on ${dayAndTime(now)}; figures are what the platform showed then.`,
        }
      : {
          kind: "captured",
          source: "capture",
          fetchedAt: captured.fetchedAt,
          message: `Your capture (${who.displayName.slice(0, 200)}), made in your browser on ${dayAndTime(now)}: only you see this report. Everyone else sees the public report from live data.`,
        };
    // The one pipeline (make-report.ts); its history is the public one: a capture never reads
    // another user's supplied points.
    const { report, index } = await composeReport(
      { repo, writer: deps.writer, engineInputs: deps.engineInputs, now: () => now },
      captured,
      { signal, notes: [note] },
    );
    if (who.isAdmin) {
      return deps.store.save({
        snapshot: captured,
        report,
        index,
        analyzedAt: now,
        userId: who.owner.userId,
      });
    }
    const publicRow = await repo.latestReport(platform, username);
    await deps.supplied.save(who.owner, {
      snapshot: captured,
      report,
      createdAt: now,
      growth: publicRow
        ? { accountId: publicRow.accountId, engagementRate: index.engagementRate }
        : undefined,
    });
    return { ...view(publicRow?.accountId ?? 0, platform, username, report, now), privateTo: "you" as const };
  }

  function view(
    accountId: number,
    platform: Platform,
    username: string,
    report: StoredReport,
    at: Date,
  ): CaptureView {
    return {
      ...report,
      id: accountId,
      platform,
      username,
      isSample: false,
      source: "capture",
      lastUpdated: at.toISOString(),
    };
  }

  return {
    async capture(
      snapshot: ProfileSnapshot,
      who: CaptureCaller,
      opts: { signal?: AbortSignal } = {},
    ): Promise<CaptureView> {
      const platform = snapshot.platform;
      const username = captureHandle(platform, snapshot.username, deps.resolveInput);
      const claimed = Date.parse(snapshot.fetchedAt);
      const now = deps.now();
      if (claimed > now.getTime() + CAPTURE_CLOCK_SKEW_MS)
        throw new ValidationError(
          `fetchedAt: ${snapshot.fetchedAt} is more than ${CAPTURE_CLOCK_SKEW_MS / 60_000} minutes after the server's time (${now.toISOString()}); check the computer's clock.`,
          "fetchedAt",
        );
      const charge = await deps.quota.consume(who.identity).catch((err) => {
        deps.observer?.quotaRefused(who.identity.kind === "user" ? "user" : "anonymous");
        throw err;
      });
      // As in analyze(): the unit is given back only when the work itself fails. A caller that left
      // learns the outcome through onSettled (a save that committed after it left keeps the unit).
      let flightOutcome: { ok: boolean } | undefined;
      let callerLeft = false;
      const settle = (outcome: { ok: boolean }) => {
        flightOutcome = outcome;
        if (callerLeft && !outcome.ok) void charge.refund().catch(() => undefined);
      };
      const lockKey = `${platform}:handle:${username}`;
      try {
        return await deps.singleFlight.run(
          `${lockKey}:capture:${crypto.randomUUID()}`,
          (signal) => produce(snapshot, username, who, signal),
          { signal: opts.signal, lockKey, onSettled: settle },
        );
      } catch (err) {
        if (opts.signal?.aborted && flightOutcome === undefined) {
          callerLeft = true; // refunded by `settle` if the capture fails after all
        } else if (!flightOutcome?.ok) {
          await charge.refund();
        }
        throw err;
      }
    },
  };
}

export type CaptureService = ReturnType<typeof createCaptureService>;
