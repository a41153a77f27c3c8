import crypto from "node:crypto";
import { canonicalHandle } from "#core/handles";
import { costCoverageText, costTotalOf } from "#core/lists/cost-total";
import { FIGURES_SOURCE_HEADER, figuresSourceText } from "#core/model-figures";
import type { CompareResponse } from "#core/schemas/compare";
import {
  ACTIVE_SHARES_PER_LIST_MAX,
  type AddListItemRequest,
  type CreatedShare,
  ITEMS_PER_LIST_MAX,
  LIST_STATUS_LABELS,
  LISTS_PER_USER_MAX,
  type ListDetail,
  type ListItem,
  type ListSummary,
  type ListTotals,
  type SharedList,
  type ShareSummary,
  type UpdateListItemRequest,
} from "#core/schemas/lists";
import { PLATFORM_LABELS } from "#core/schemas/platform";
import { ConflictError, NotFoundError } from "../errors";
import type { ExportTable } from "./exports";
import type { ListsRepo } from "./lists-repo";
import { itemsForOwner, OWN_CAPTURE_SOURCE_TEXT, type SuppliedSource } from "./supplied-figures";

const DAY_MS = 86_400_000;

/** SHA-256 of a share token (hex): what the database keeps. */
export function hashShareToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function totalsOf(items: readonly ListItem[]): ListTotals {
  let followers = 0;
  for (const i of items) followers += i.followers ?? 0;
  return { creators: items.length, followers, ...costTotalOf(items) };
}

export const EXPORT_FOOTNOTE =
  "Figures come from each creator's newest stored report on the date shown; prices are estimates per sponsored post (USD), not quotes. Creators without a report show no figures.";

/** Shortlists of one workspace each (issue #37), their share links, and the tables their exports print. */
export function createListsService(deps: {
  repo: ListsRepo;
  now: () => Date;
  appUrl: string;
  /** Trust III (#33): the owner's own captures, shown on their lists in place of older public figures. */
  supplied?: SuppliedSource;
}) {
  const { repo } = deps;

  async function owned(listId: number, workspaceId: string) {
    const list = await repo.findOwned(listId, workspaceId);
    // Another user's list is indistinguishable from one that does not exist.
    if (!list) throw new NotFoundError(`No list ${listId} was found.`);
    return list;
  }

  async function detail(listId: number, workspaceId: string): Promise<ListDetail> {
    const list = await owned(listId, workspaceId);
    const items = await itemsForOwner(
      deps.supplied,
      { userId: list.userId, workspaceId: list.workspaceId },
      await repo.items(list.id),
    );
    return { id: list.id, name: list.name, items, totals: totalsOf(items) };
  }

  return {
    async create(
      owner: { userId: string; workspaceId: string },
      name: string,
    ): Promise<{ id: number; name: string }> {
      const list = await repo.create(owner, name, LISTS_PER_USER_MAX, deps.now());
      if (!list)
        throw new ConflictError(
          `This workspace already has ${LISTS_PER_USER_MAX} lists; delete one to start another.`,
        );
      return { id: list.id, name: list.name };
    },

    async all(workspaceId: string): Promise<ListSummary[]> {
      return (await repo.listForWorkspace(workspaceId)).map((l) => ({
        ...l,
        createdAt: l.createdAt.toISOString(),
        updatedAt: l.updatedAt.toISOString(),
      }));
    },

    detail,

    async remove(listId: number, workspaceId: string): Promise<void> {
      if (!(await repo.deleteOwned(listId, workspaceId)))
        throw new NotFoundError(`No list ${listId} was found.`);
    },

    async addItem(listId: number, workspaceId: string, input: AddListItemRequest): Promise<ListItem> {
      const list = await owned(listId, workspaceId);
      const username = canonicalHandle(input.platform, input.username);
      const now = deps.now();
      const id = await repo.addItem(
        list.id,
        { platform: input.platform, username, note: input.note ?? "", status: input.status ?? "prospect" },
        ITEMS_PER_LIST_MAX,
        now,
      );
      if (id === "duplicate") {
        throw new ConflictError(
          `@${username} on ${PLATFORM_LABELS[input.platform]} is already on "${list.name}".`,
        );
      }
      if (id === null) throw new ConflictError(`"${list.name}" already has ${ITEMS_PER_LIST_MAX} creators.`);
      await repo.touch(list.id, now);
      const item = (await repo.items(list.id)).find((i) => i.id === id);
      return item!;
    },

    async updateItem(
      listId: number,
      workspaceId: string,
      itemId: number,
      patch: UpdateListItemRequest,
    ): Promise<ListItem> {
      const list = await owned(listId, workspaceId);
      const now = deps.now();
      if (!(await repo.updateItem(list.id, itemId, patch, now))) {
        throw new NotFoundError(`No item ${itemId} on list ${listId} was found.`);
      }
      await repo.touch(list.id, now);
      return (await repo.items(list.id)).find((i) => i.id === itemId)!;
    },

    async removeItem(listId: number, workspaceId: string, itemId: number): Promise<void> {
      const list = await owned(listId, workspaceId);
      if (!(await repo.deleteItem(list.id, itemId))) {
        throw new NotFoundError(`No item ${itemId} on list ${listId} was found.`);
      }
      await repo.touch(list.id, deps.now());
    },

    /** A new read-only link: 256 random bits, only their SHA-256 stored. */
    async share(
      listId: number,
      workspaceId: string,
      input: { expiresInDays: number; includeNotes: boolean },
    ): Promise<CreatedShare> {
      const list = await owned(listId, workspaceId);
      const now = deps.now();
      const token = crypto.randomBytes(32).toString("base64url");
      const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
      const id = await repo.createShare(
        {
          listId: list.id,
          tokenHash: hashShareToken(token),
          hint: token.slice(0, 6),
          includeNotes: input.includeNotes,
          expiresAt,
        },
        ACTIVE_SHARES_PER_LIST_MAX,
        now,
      );
      if (id === null) {
        throw new ConflictError(
          `"${list.name}" already has ${ACTIVE_SHARES_PER_LIST_MAX} live share links; revoke one first.`,
        );
      }
      return {
        id,
        token,
        url: `${deps.appUrl}/shared/lists/${token}`,
        expiresAt: expiresAt.toISOString(),
        includeNotes: input.includeNotes,
      };
    },

    async shares(listId: number, workspaceId: string): Promise<ShareSummary[]> {
      const list = await owned(listId, workspaceId);
      return (await repo.liveShares(list.id, deps.now())).map((s) => ({
        id: s.id,
        hint: s.hint,
        createdAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        includeNotes: s.includeNotes,
      }));
    },

    async revoke(listId: number, workspaceId: string, by: { token: string } | { id: number }): Promise<void> {
      const list = await owned(listId, workspaceId);
      const ok = await repo.revokeShare(
        list.id,
        "token" in by ? { tokenHash: hashShareToken(by.token) } : { id: by.id },
        deps.now(),
      );
      if (!ok) throw new NotFoundError("This share link was not found or is already revoked.");
    },

    /** The list behind a live link; expired, revoked and unknown links are all a 404 that says which it may be. */
    async shared(token: string, brand: { name: string; logoUrl: string | null }): Promise<SharedList> {
      const share = await repo.findShareByHash(hashShareToken(token));
      const now = deps.now();
      if (!share) throw new NotFoundError("This share link does not exist.");
      if (share.revokedAt) throw new NotFoundError("This share link was revoked by its owner.");
      if (share.expiresAt.getTime() <= now.getTime()) throw new NotFoundError("This share link has expired.");
      const list = await repo.findById(share.listId);
      if (!list) throw new NotFoundError("This share link does not exist.");
      // The owner chose to share their list as they see it, their own captures included (and said so).
      const items = await itemsForOwner(
        deps.supplied,
        { userId: list.userId, workspaceId: list.workspaceId },
        await repo.items(list.id),
      );
      return {
        name: list.name,
        items: items.map(({ id: _id, note, ...rest }) => (share.includeNotes ? { ...rest, note } : rest)),
        totals: totalsOf(items),
        expiresAt: share.expiresAt.toISOString(),
        includeNotes: share.includeNotes,
        brand,
      };
    },
  };
}

export type ListsService = ReturnType<typeof createListsService>;

/** The export of a list: one row per creator, the date of each report, totals. */
export function listExportTable(
  list: ListDetail,
  base: Pick<ExportTable, "brandName" | "generatedAt" | "logo">,
): ExportTable {
  return {
    ...base,
    title: list.name,
    subtitle: `${list.totals.creators} creator${list.totals.creators === 1 ? "" : "s"}`,
    footnote: EXPORT_FOOTNOTE,
    columns: [
      { header: "Platform", kind: "text", width: 0.8 },
      { header: "Username", kind: "text", width: 1.2 },
      { header: "Name", kind: "text", width: 1.3 },
      { header: "Followers", kind: "integer", width: 0.9 },
      { header: "Engagement rate (%)", kind: "decimal", width: 0.9 },
      { header: "Grade", kind: "text", width: 0.5 },
      { header: "Est. cost low (USD)", kind: "money", width: 0.9 },
      { header: "Est. cost high (USD)", kind: "money", width: 0.9 },
      { header: "Status", kind: "text", width: 0.8 },
      { header: "Note", kind: "text", width: 2.2 },
      { header: "Report date", kind: "date", width: 0.8 },
      { header: FIGURES_SOURCE_HEADER, kind: "text", width: 1.4 },
    ],
    rows: list.items.map((i) => [
      PLATFORM_LABELS[i.platform],
      i.username,
      i.name,
      i.followers,
      i.engagementRate,
      i.grade,
      i.estimatedCostLow,
      i.estimatedCostHigh,
      LIST_STATUS_LABELS[i.status],
      i.note,
      i.reportDate ? new Date(i.reportDate) : null,
      i.privateTo
        ? OWN_CAPTURE_SOURCE_TEXT
        : figuresSourceText({
            modelFigures: i.modelFigures,
            isSample: i.isSample,
            hasFigures: i.reportDate !== null || i.followers !== null,
          }),
    ]),
    totals: [
      "Total",
      `${list.totals.creators} creators`,
      null,
      list.totals.followers,
      null,
      null,
      list.totals.estimatedCostLow,
      list.totals.estimatedCostHigh,
      null,
      costCoverageText(list.totals.costEstimatedFor, list.totals.creators),
      null,
      null,
    ],
  };
}

/** The export of a comparison: one row per creator with the compared figures. */
export function compareExportTable(
  result: CompareResponse,
  base: Pick<ExportTable, "brandName" | "generatedAt" | "logo">,
): ExportTable {
  const found = result.accounts.filter((a) => a.figures);
  return {
    ...base,
    title: "Creator comparison",
    subtitle: result.accounts.map((a) => `@${a.username}`).join(", "),
    footnote: `${EXPORT_FOOTNOTE}${
      found.length < result.accounts.length
        ? ` Without a stored report: ${result.accounts
            .filter((a) => !a.figures)
            .map((a) => `@${a.username}`)
            .join(", ")}.`
        : ""
    }`,
    columns: [
      { header: "Platform", kind: "text", width: 0.8 },
      { header: "Username", kind: "text", width: 1.2 },
      { header: "Name", kind: "text", width: 1.3 },
      { header: "Followers", kind: "integer" },
      { header: "Grade", kind: "text", width: 0.5 },
      { header: "Grade score", kind: "decimal", width: 0.7 },
      { header: "Engagement rate (%)", kind: "decimal" },
      { header: "Tier", kind: "text", width: 0.8 },
      { header: "Tier percentile", kind: "decimal", width: 0.8 },
      { header: "Posts per week", kind: "decimal", width: 0.8 },
      { header: "Est. cost low (USD)", kind: "money" },
      { header: "Est. cost high (USD)", kind: "money" },
      { header: "Report date", kind: "date", width: 0.8 },
      { header: FIGURES_SOURCE_HEADER, kind: "text", width: 1.4 },
    ],
    rows: found.map((a) => {
      const f = a.figures!;
      return [
        PLATFORM_LABELS[a.platform],
        a.username,
        f.name,
        f.followers,
        f.grade,
        f.gradeScore,
        f.engagementRate,
        f.benchmark?.tier ?? null,
        f.benchmark?.percentile ?? null,
        f.postsPerWeek,
        f.priceLow,
        f.priceHigh,
        new Date(f.lastUpdated),
        a.privateTo ? OWN_CAPTURE_SOURCE_TEXT : figuresSourceText(f),
      ];
    }),
    totals: compareTotals(result),
  };
}

/** The comparison's total cost for one post each: over the creators with an estimate, saying how many. */
function compareTotals(result: CompareResponse): ExportTable["totals"] {
  const cost = costTotalOf(
    result.accounts.map((a) => ({
      estimatedCostLow: a.figures?.priceLow ?? null,
      estimatedCostHigh: a.figures?.priceHigh ?? null,
    })),
  );
  const n = result.accounts.length;
  return [
    "Total",
    `${n} creator${n === 1 ? "" : "s"}`,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    cost.estimatedCostLow,
    cost.estimatedCostHigh,
    null,
    costCoverageText(cost.costEstimatedFor, n),
  ];
}
