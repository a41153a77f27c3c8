import fs from "node:fs";
import readline from "node:readline";
import { parse as parseCsv } from "csv-parse";
import { sql } from "drizzle-orm";
import { type ImportRow, importRowSchema } from "#core/schemas/import-row";
import { formatZodError } from "#core/schemas/snapshot";
import type { AppDb } from "../db/database";
import { refreshAccountsIndex } from "../discovery/maintenance";

export interface ImportProblem {
  line: number;
  reason: string;
}

export interface ImportResult {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Accounts that exist from live analysis: an import never overwrites measured data. */
  skippedLive: number;
  posts: number;
  bad: ImportProblem[];
}

export interface ImportOptions {
  batchSize?: number;
  /** Called after each batch with rows read so far (progress bar). */
  onProgress?: (rowsRead: number) => void;
  /** Stop collecting problems past this many (they are still counted). */
  maxProblems?: number;
}

const SEP = "\u001f";

type Numbered = { line: number; row: ImportRow };

/** Reads records with their line numbers from CSV (header row) or NDJSON. */
async function* readRecords(file: string): AsyncGenerator<{ line: number; record: unknown } | ImportProblem> {
  if (/\.(ndjson|jsonl)$/i.test(file)) {
    const rl = readline.createInterface({
      input: fs.createReadStream(file, "utf8"),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    let line = 0;
    for await (const text of rl) {
      line++;
      if (text.trim() === "") continue;
      if (text.length > 2_000_000) {
        yield { line, reason: "line is longer than 2 MB" };
        continue;
      }
      try {
        yield { line, record: JSON.parse(text) };
      } catch {
        yield { line, reason: "not valid JSON" };
      }
    }
    return;
  }
  if (!/\.csv$/i.test(file)) throw new Error(`Unsupported file type: ${file} (use .csv or .ndjson)`);
  const parser = fs.createReadStream(file).pipe(
    parseCsv({
      columns: (header: string[]) => header.map((h) => h.trim()),
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 1_000_000,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      yield { line: info.lines, record };
    }
  } catch (err) {
    const e = err as { lines?: number; message: string };
    yield { line: e.lines ?? 0, reason: `CSV could not be read further: ${e.message}` };
  }
}

/**
 * Upserts accounts (and posts, when NDJSON rows carry them) from an agency's creator list.
 * Each row is validated; bad rows are reported with their line number and skipped; good rows are
 * written in batches, one transaction each; a row identical to what is stored changes nothing, so
 * importing the same file twice is a no-op.
 */
export async function importFile(db: AppDb, file: string, opts: ImportOptions = {}): Promise<ImportResult> {
  if (!fs.existsSync(file)) throw new Error(`No file at ${file}`);
  const batchSize = opts.batchSize ?? 5000;
  const maxProblems = opts.maxProblems ?? 1000;
  const result: ImportResult = {
    rows: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skippedLive: 0,
    posts: 0,
    bad: [],
  };
  let badCount = 0;
  let batch: Numbered[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    // Within one statement a key may appear once: the later row wins.
    const byKey = new Map<string, Numbered>();
    for (const n of batch) byKey.set(`${n.row.platform}:${n.row.username}`, n);
    const rows = [...byKey.values()];
    result.unchanged += batch.length - rows.length;
    batch = [];
    const counts = await writeBatch(db, rows);
    result.inserted += counts.inserted;
    result.updated += counts.updated;
    result.unchanged += counts.unchanged;
    result.skippedLive += counts.skippedLive;
    result.posts += counts.posts;
    opts.onProgress?.(result.rows);
  };

  for await (const item of readRecords(file)) {
    if ("reason" in item) {
      badCount++;
      if (result.bad.length < maxProblems) result.bad.push(item);
      continue;
    }
    result.rows++;
    const parsed = importRowSchema.safeParse(item.record);
    if (!parsed.success) {
      badCount++;
      if (result.bad.length < maxProblems)
        result.bad.push({ line: item.line, reason: formatZodError(parsed.error) });
      continue;
    }
    batch.push({ line: item.line, row: parsed.data });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (result.inserted + result.updated > 0) await refreshAccountsIndex(db);
  if (badCount > result.bad.length) {
    result.bad.push({ line: 0, reason: `… and ${badCount - result.bad.length} more bad rows` });
  }
  return result;
}

async function writeBatch(
  db: AppDb,
  rows: Numbered[],
): Promise<{ inserted: number; updated: number; unchanged: number; skippedLive: number; posts: number }> {
  // sql.param passes the whole array as one PostgreSQL array parameter (not a list).
  const col = <T>(f: (r: ImportRow) => T) => sql.param(rows.map((n) => f(n.row)));
  return db.transaction(async (tx) => {
    const res = await tx.execute(sql`
      insert into accounts as a (platform, username, name, bio, verified, is_private, category, avatar_url,
        external_url, followers, following, posts_count, industry, engagement_rate, countries, source, is_sample, origin, updated_at)
      select u.platform, u.username, u.name, u.bio, u.verified, u.is_private, u.category, u.avatar_url, u.external_url,
        u.followers, u.following, u.posts_count, u.industry, u.engagement_rate,
        case when u.countries = '' then '{}'::text[] else string_to_array(u.countries, ${SEP}) end,
        'import', false, 'import', now()
      from unnest(
        ${col((r) => r.platform)}::text[], ${col((r) => r.username)}::text[], ${col((r) => r.name ?? "")}::text[],
        ${col((r) => r.bio ?? "")}::text[], ${col((r) => r.verified ?? false)}::boolean[],
        ${col((r) => r.isPrivate ?? false)}::boolean[], ${col((r) => r.category ?? null)}::text[],
        ${col((r) => r.avatarUrl ?? null)}::text[], ${col((r) => r.externalUrl ?? null)}::text[],
        ${col((r) => r.followers)}::bigint[], ${col((r) => r.following ?? null)}::bigint[],
        ${col((r) => r.postsCount ?? null)}::bigint[], ${col((r) => r.industry ?? "General")}::text[],
        ${col((r) => (r.engagementRate === undefined ? null : r.engagementRate))}::real[],
        ${col((r) => (r.countries ?? []).join(SEP))}::text[]
      ) as u(platform, username, name, bio, verified, is_private, category, avatar_url, external_url, followers,
             following, posts_count, industry, engagement_rate, countries)
      on conflict (platform, username) do update set
        name = excluded.name, bio = excluded.bio, verified = excluded.verified, is_private = excluded.is_private,
        category = excluded.category, avatar_url = excluded.avatar_url, external_url = excluded.external_url,
        followers = excluded.followers, following = excluded.following, posts_count = excluded.posts_count,
        industry = excluded.industry, engagement_rate = excluded.engagement_rate, countries = excluded.countries,
        updated_at = now()
      where a.source = 'import' and (a.name, a.bio, a.verified, a.is_private, a.category, a.avatar_url, a.external_url,
        a.followers, a.following, a.posts_count, a.industry, a.engagement_rate, a.countries)
        is distinct from (excluded.name, excluded.bio, excluded.verified, excluded.is_private, excluded.category,
        excluded.avatar_url, excluded.external_url, excluded.followers, excluded.following, excluded.posts_count,
        excluded.industry, excluded.engagement_rate, excluded.countries)
      returning a.id, a.platform, a.username, (a.xmax = 0) as inserted`);
    const written = (
      res as unknown as {
        rows: { id: number | string; platform: string; username: string; inserted: boolean }[];
      }
    ).rows;
    const inserted = written.filter((w) => w.inserted).length;
    const updated = written.length - inserted;
    // Rows not returned were either identical (unchanged) or belong to live-analysed accounts.
    const notWritten = rows.length - written.length;
    let skippedLive = 0;
    if (notWritten > 0) {
      const live = await tx.execute(sql`
        select count(*)::int as n from accounts a
        join unnest(${col((r) => r.platform)}::text[], ${col((r) => r.username)}::text[]) as u(platform, username)
          on a.platform = u.platform and a.username = u.username
        where a.source <> 'import'`);
      skippedLive = Number((live as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    }
    // Posts of rows that were written and carry them.
    const idByKey = new Map(written.map((w) => [`${w.platform}:${w.username}`, Number(w.id)]));
    const postRows = rows.flatMap((n) => {
      const id = idByKey.get(`${n.row.platform}:${n.row.username}`);
      return id === undefined ? [] : (n.row.posts ?? []).map((p) => ({ id, p }));
    });
    if (postRows.length > 0) {
      const pc = <T>(f: (x: (typeof postRows)[number]) => T) => sql.param(postRows.map(f));
      await tx.execute(sql`
        insert into posts (account_id, external_id, type, caption, posted_at, likes, comments, views, shares, duration_sec)
        select * from unnest(${pc((x) => x.id)}::bigint[], ${pc((x) => x.p.id)}::text[], ${pc((x) => x.p.type)}::text[],
          ${pc((x) => x.p.caption ?? null)}::text[], ${pc((x) => x.p.postedAt)}::timestamptz[],
          ${pc((x) => x.p.likes ?? null)}::bigint[], ${pc((x) => x.p.comments ?? null)}::bigint[],
          ${pc((x) => x.p.views ?? null)}::bigint[], ${pc((x) => x.p.shares ?? null)}::bigint[],
          ${pc((x) => (x.p.durationSec == null ? null : Math.round(x.p.durationSec)))}::int[])
        on conflict (account_id, external_id) do update set caption = excluded.caption, likes = excluded.likes,
          comments = excluded.comments, views = excluded.views, shares = excluded.shares`);
    }
    return { inserted, updated, unchanged: notWritten - skippedLive, skippedLive, posts: postRows.length };
  });
}
