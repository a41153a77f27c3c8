import { accountSchema } from "#core/schemas/account";
import type { Platform } from "#core/schemas/platform";
import { NotFoundError } from "../errors";
import type { BodyCacheEntry } from "../shared/body-cache";
import type { ReportStore } from "./report-store";
import type { DataOwner, SuppliedReportRepo } from "./supplied-repo";

/**
 * Which report a reader gets (Trust III, #33): the public record (live sources or an admin), or —
 * for the one user who supplied it — their own capture while it is newer than the public report.
 * A live fetch or an admin's capture after it confirms the account and the public report shows again.
 * The public body cache only ever holds public reports; a supplied report is never cached.
 */
export type ReportForReader =
  | { shows: "public"; entry: BodyCacheEntry }
  | { shows: "supplied"; body: string; accountId: number };

export async function reportForReader(
  deps: { store: ReportStore; supplied: SuppliedReportRepo },
  reader: DataOwner | null,
  platform: Platform | undefined,
  username: string,
): Promise<ReportForReader> {
  const mine = reader ? await deps.supplied.latest(reader, username, platform) : null;
  let entry: BodyCacheEntry | null = null;
  try {
    entry = await deps.store.read(platform, username);
  } catch (err) {
    if (!(mine && err instanceof NotFoundError)) throw err;
  }
  if (mine && (!entry || mine.createdAt.getTime() >= entry.createdAtMs)) {
    const accountId = entry?.accountId ?? 0;
    const body = JSON.stringify(
      accountSchema.parse({
        ...mine.report,
        id: accountId,
        platform: mine.platform,
        username: mine.username,
        isSample: false,
        source: mine.source,
        lastUpdated: mine.createdAt.toISOString(),
        privateTo: "you",
      }),
    );
    return { shows: "supplied", body, accountId };
  }
  return { shows: "public", entry: entry! };
}

/**
 * The public report's body for an admin reader, with the capture note naming who made it (Trust III,
 * #33, item 8); null when the newest report is not a capture. Built per request, never cached: the
 * public body, the server-rendered page and every other reader keep "Captured in a user's browser".
 */
export async function withCapturerName(
  supplied: Pick<SuppliedReportRepo, "publicCapturerName">,
  entry: BodyCacheEntry,
): Promise<string | null> {
  const name = await supplied.publicCapturerName(entry.accountId);
  if (!name) return null;
  const body = JSON.parse(entry.body) as { dataNotes?: { kind: string; message: string }[] };
  if (!body.dataNotes?.some((n) => n.kind === "captured")) return null;
  body.dataNotes = body.dataNotes.map((n) =>
    n.kind === "captured"
      ? { ...n, message: `${n.message} Captured by ${name.slice(0, 200)} (shown to admins only).` }
      : n,
  );
  return JSON.stringify(body);
}
