import { type SQL, sql } from "drizzle-orm";
import { csvCell } from "#core/csv";
import type { RemoveSamplesResponse } from "#core/schemas/account-origin";
import type { DeleteAllResponse, ExportFormat } from "#core/schemas/settings";
import type { AppDb } from "../db/database";
import { rowsOf } from "../db/rows";

/**
 * The admin's data operations on stored accounts: 'Export' (CSV or JSON, streamed in keyset batches so
 * memory stays bounded whatever the table size) and 'Delete all' (one transaction).
 * docs/decisions/008-settings-server-side.md says what each keeps.
 */

/** One exported account: its stored row and the newest report's headline fields. */
export interface ExportedAccount {
  id: number;
  platform: string;
  username: string;
  name: string;
  industry: string;
  followers: number;
  following: number | null;
  postsCount: number | null;
  engagementRate: number | null;
  engagementLevel: string | null;
  grade: string | null;
  countries: string[];
  verified: boolean;
  isPrivate: boolean;
  estimatedPostValue: string | null;
  postFrequency: string | null;
  source: string;
  isSample: boolean;
  lastFetchedAt: string | null;
  lastAnalyzedAt: string | null;
  reportCreatedAt: string | null;
}

/** The CSV columns, in order (the JSON export has these fields plus the whole newest `report`). */
export const EXPORT_COLUMNS: (keyof ExportedAccount)[] = [
  "id",
  "platform",
  "username",
  "name",
  "industry",
  "followers",
  "following",
  "postsCount",
  "engagementRate",
  "engagementLevel",
  "grade",
  "countries",
  "verified",
  "isPrivate",
  "estimatedPostValue",
  "postFrequency",
  "source",
  "isSample",
  "lastFetchedAt",
  "lastAnalyzedAt",
  "reportCreatedAt",
];

export { csvCell };

export function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** The download's file name: accounts-YYYY-MM-DD.csv (UTC date). */
export function exportFileName(format: ExportFormat, at: Date): string {
  return `accounts-${at.toISOString().slice(0, 10)}.${format}`;
}

type RawRow = Record<string, unknown>;

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString();
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toExported(r: RawRow): ExportedAccount {
  return {
    id: Number(r.id),
    platform: String(r.platform),
    username: String(r.username),
    name: String(r.name ?? ""),
    industry: String(r.industry ?? ""),
    followers: Number(r.followers),
    following: num(r.following),
    postsCount: num(r.postsCount),
    engagementRate: r.engagementRate === null ? null : Math.round(Number(r.engagementRate) * 10000) / 10000,
    engagementLevel: (r.engagementLevel as string | null) ?? null,
    grade: (r.grade as string | null) ?? null,
    countries: Array.isArray(r.countries) ? r.countries.map(String) : [],
    verified: r.verified === true,
    isPrivate: r.isPrivate === true,
    estimatedPostValue: (r.estimatedPostValue as string | null) ?? null,
    postFrequency: (r.postFrequency as string | null) ?? null,
    source: String(r.source),
    isSample: r.isSample === true,
    lastFetchedAt: iso(r.lastFetchedAt),
    lastAnalyzedAt: iso(r.lastAnalyzedAt),
    reportCreatedAt: iso(r.reportCreatedAt),
  };
}

export interface AccountDataServiceDeps {
  db: AppDb;
  /** Accounts per query while exporting (bounded memory). */
  batchSize?: { csv: number; json: number };
}

export function createAccountDataService(deps: AccountDataServiceDeps) {
  const { db } = deps;
  const batch = deps.batchSize ?? { csv: 1000, json: 100 };

  async function page(afterId: number, limit: number, withReport: boolean): Promise<RawRow[]> {
    const report: SQL = withReport ? sql`, r.report` : sql``;
    const result = await db.execute(sql`
      select a.id::float8 as id, a.platform, a.username, a.name, a.industry, a.followers::float8 as followers,
             a.following::float8 as following, a.posts_count::float8 as "postsCount",
             a.engagement_rate as "engagementRate", a.grade, a.countries, a.verified, a.is_private as "isPrivate",
             a.source, a.is_sample as "isSample", a.last_fetched_at as "lastFetchedAt",
             a.last_analyzed_at as "lastAnalyzedAt", r.created_at as "reportCreatedAt",
             r.report->>'engagementLevel' as "engagementLevel",
             r.report->>'estimatedPostValue' as "estimatedPostValue",
             r.report->>'postFrequency' as "postFrequency"${report}
      from accounts a
      left join lateral (
        select report, created_at from reports where account_id = a.id order by created_at desc limit 1
      ) r on true
      where a.id > ${afterId}
      order by a.id
      limit ${limit}`);
    return rowsOf<RawRow>(result);
  }

  /** Every stored account, id order, one batch at a time. */
  async function* accounts(
    withReport: boolean,
  ): AsyncGenerator<{ account: ExportedAccount; report: unknown }> {
    let after = 0;
    const size = withReport ? batch.json : batch.csv;
    for (;;) {
      const rows = await page(after, size, withReport);
      for (const row of rows) yield { account: toExported(row), report: row.report ?? null };
      if (rows.length < size) return;
      after = Number(rows.at(-1)!.id);
    }
  }

  return {
    /** CSV text, a header line then one line per account (UTF-8 with a byte-order mark for spreadsheets). */
    async *exportCsv(): AsyncGenerator<string> {
      yield `\uFEFF${csvLine(EXPORT_COLUMNS)}`;
      let chunk = "";
      for await (const { account } of accounts(false)) {
        chunk += csvLine(EXPORT_COLUMNS.map((c) => account[c]));
        if (chunk.length > 64 * 1024) {
          yield chunk;
          chunk = "";
        }
      }
      if (chunk) yield chunk;
    },

    /** One JSON document: {exportedAt, accounts: [{...account, report}]}, written piece by piece. */
    async *exportJson(at: Date): AsyncGenerator<string> {
      yield `{"exportedAt":${JSON.stringify(at.toISOString())},"accounts":[`;
      let first = true;
      for await (const { account, report } of accounts(true)) {
        yield `${first ? "\n" : ",\n"}${JSON.stringify({ ...account, report })}`;
        first = false;
      }
      yield "\n]}\n";
    },

    /**
     * 'Delete all', in one transaction: every report, post, snapshot and history row, and every account
     * except the generated sample creators, which stay listed as never analysed (their generator rows
     * are untouched). Imported accounts are deleted like analysed ones. Users, sessions, quotas and
     * settings stay.
     */
    async deleteAll(): Promise<DeleteAllResponse> {
      return db.transaction(async (tx) => {
        const count = async (statement: SQL): Promise<number> => {
          const res = await tx.execute(
            sql`with d as (${statement} returning 1) select count(*)::int as n from d`,
          );
          return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
        };
        const history = await count(sql`delete from history`);
        const reports = await count(sql`delete from reports`);
        const posts = await count(sql`delete from posts`);
        const snapshots = await count(sql`delete from account_snapshots`);
        // Growth points go with the snapshots (issue #21), those of the sample creators kept below too.
        await tx.execute(sql`delete from growth_points`);
        // Users' private captures are stored reports too (Trust III, #33): they go with the rest.
        await tx.execute(sql`delete from supplied_reports`);
        const accounts = await count(sql`delete from accounts where not is_sample`);
        await tx.execute(sql`
          update accounts set last_analyzed_at = null where is_sample and last_analyzed_at is not null`);
        const kept = await tx.execute(sql`select count(*)::int as n from accounts where is_sample`);
        const sampleCreatorsKept = Number(rowsOf<{ n: number }>(kept)[0]?.n ?? 0);
        return { deleted: { accounts, reports, posts, snapshots, history }, sampleCreatorsKept };
      });
    },

    /**
     * Removes every sample creator from the index (issue #35): their rows and what hangs on them
     * (reports, posts, snapshots, list and watchlist entries, by cascade). Their generator rows
     * (sample_accounts) stay, so a restart does not seed them again; analysing a sample handle
     * offline still makes its report (and lists it again).
     */
    async removeSamples(): Promise<RemoveSamplesResponse> {
      const res = await db.execute(
        sql`with d as (delete from accounts where is_sample = true returning 1) select count(*)::int as n from d`,
      );
      return { removed: Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0) };
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
