import { canonicalHandle } from "#core/handles";
import type { ComparedAccount } from "#core/schemas/compare";
import { figuresFromReport } from "#core/schemas/compare";
import type { ListItem } from "#core/schemas/lists";
import type { DataOwner, SuppliedReportRepo, SuppliedReportRow } from "../reports/supplied-repo";

/**
 * Trust III (issue #33, item 4): a list's owner sees the figures of their own browser captures on
 * their own lists, exports, shared lists and comparisons, while a capture is newer than the public
 * report (as `reportForReader` does for the report itself). Everyone else reads the public record.
 */
export type SuppliedSource = Pick<SuppliedReportRepo, "newestByAccount">;

/** Text for an export's "figures" column when a row shows the reader's own capture. */
export const OWN_CAPTURE_SOURCE_TEXT = "Your browser capture (only you see it)";

const keyOf = (platform: string, username: string) => `${platform}:${username}`;

function newerThanPublic(mine: SuppliedReportRow, publicDate: string | Date | null | undefined): boolean {
  if (!publicDate) return true;
  return mine.createdAt.getTime() >= new Date(publicDate).getTime();
}

/** The list's items with the owner's own captures in place of older public figures. */
export async function itemsForOwner(
  supplied: SuppliedSource | undefined,
  owner: DataOwner,
  items: ListItem[],
): Promise<ListItem[]> {
  if (!supplied || items.length === 0) return items;
  const mine = await supplied.newestByAccount(owner);
  if (mine.size === 0) return items;
  return items.map((item) => {
    const own = mine.get(keyOf(item.platform, item.username));
    if (!own || !newerThanPublic(own, item.reportDate)) return item;
    const r = own.report;
    const rate = r.metrics.engagement.ratePct;
    return {
      ...item,
      name: r.name,
      followers: r.followers,
      engagementRate: rate === null || rate === undefined ? null : Math.round(rate * 100) / 100,
      grade: r.grade ?? null,
      estimatedPostValue: r.estimatedPostValue,
      estimatedCostLow: r.metrics.value?.low ?? null,
      estimatedCostHigh: r.metrics.value?.high ?? null,
      reportDate: own.createdAt.toISOString(),
      isSample: false,
      modelFigures: false,
      privateTo: "you" as const,
    };
  });
}

/** The comparison's accounts with the reader's own captures in place of older (or missing) public reports. */
export async function comparedForReader(
  supplied: SuppliedSource | undefined,
  reader: DataOwner | null,
  accounts: ComparedAccount[],
): Promise<ComparedAccount[]> {
  if (!supplied || !reader) return accounts;
  const mine = await supplied.newestByAccount(reader);
  if (mine.size === 0) return accounts;
  return accounts.map((a) => {
    const own = mine.get(keyOf(a.platform, canonicalHandle(a.platform, a.username)));
    if (!own || !newerThanPublic(own, a.figures?.lastUpdated)) return a;
    return {
      key: a.key,
      platform: a.platform,
      username: own.username,
      found: true,
      figures: figuresFromReport(own.report as Parameters<typeof figuresFromReport>[0], {
        isSample: false,
        createdAt: own.createdAt,
        source: own.source,
      }),
      privateTo: "you" as const,
    };
  });
}
