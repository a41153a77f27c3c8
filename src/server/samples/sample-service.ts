import { and, eq, sql } from "drizzle-orm";
import { canonicalHandle } from "#core/handles";
import { createSampleCatalog, type SampleCatalog, sampleHandleFor } from "#core/sample/index";
import type { Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { SampleStore } from "../collectors/types";
import type { AppDb } from "../db/database";
import { sampleAccounts } from "../db/schema";
import { refreshAccountsIndex } from "../discovery/maintenance";
import type { AccountIndexFields } from "../reports/account-repo";

/** The seed of this installation's sample creators; fixed so handles are stable across restarts. */
export const SAMPLE_SEED = 2016;

/** Sample snapshots are rebuilt "as of" the start of the current UTC day, so their posts stay recent. */
export function sampleEpoch(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The sample collector's store: looks the handle up in sample_accounts and rebuilds the snapshot.
 * The generator places accounts sequentially, so it keeps one catalog (headers only, no posts)
 * for the current day, grown to the largest index asked for.
 */
export function createDbSampleStore(db: AppDb, now: () => Date): SampleStore {
  let cached: { key: string; catalog: SampleCatalog } | null = null;
  function sampleSnapshot(index: number, seed: number, at: Date): ProfileSnapshot {
    const epoch = sampleEpoch(at);
    const key = `${seed}:${epoch.toISOString()}`;
    if (!cached || cached.key !== key || cached.catalog.size <= index) {
      const size = Math.max(index + 1, cached?.key === key ? cached.catalog.size : 0);
      cached = { key, catalog: createSampleCatalog(size, { seed, now: epoch }) };
    }
    return cached.catalog.snapshotAt(index);
  }
  return {
    async getSampleSnapshot(platform: Platform, handle: string) {
      const rows = await db
        .select({ index: sampleAccounts.sampleIndex, seed: sampleAccounts.seed })
        .from(sampleAccounts)
        .where(
          and(
            eq(sampleAccounts.platform, platform),
            eq(sampleAccounts.username, canonicalHandle(platform, handle)),
          ),
        )
        .limit(1);
      const row = rows[0];
      return row ? sampleSnapshot(row.index, row.seed, now()) : null;
    },
  };
}

export interface SeedOptions {
  /** How many sample creators should exist in total (existing ones are kept). */
  count: number;
  seed?: number;
  now: Date;
  /** Engine-derived listing fields (industry, engagement rate, grade, countries). */
  indexFields: (snapshot: ProfileSnapshot) => AccountIndexFields;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Seeds sample creators up to `count`: each is an ordinary account row with source "sample"
 * (so discovery and search see it, always labelled), and a sample_accounts row to rebuild it.
 * Idempotent: indexes already present are skipped.
 */
/** Creators indexed between two turns of the event loop while seeding. */
const YIELD_EVERY = 250;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function seedSampleAccounts(
  db: AppDb,
  opts: SeedOptions,
): Promise<{ added: number; total: number }> {
  const seed = opts.seed ?? SAMPLE_SEED;
  const existing = await db.execute(
    sql`select coalesce(max(sample_index) + 1, 0)::int as n from sample_accounts where seed = ${seed}`,
  );
  const start = Number((existing as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (start >= opts.count) return { added: 0, total: start };
  const batchSize = opts.batchSize ?? 2000;
  const epoch = sampleEpoch(opts.now);
  const catalog = createSampleCatalog(opts.count, { seed, now: epoch });
  let added = 0;
  for (let from = start; from < opts.count; from += batchSize) {
    const to = Math.min(opts.count, from + batchSize);
    const snaps: ProfileSnapshot[] = [];
    const idx: AccountIndexFields[] = [];
    for (let i = from; i < to; i++) {
      const snap = catalog.snapshotAt(i);
      snaps.push(snap);
      idx.push(opts.indexFields(snap));
      // Indexing runs the engine on each creator (about 0.3 ms, several on a busy machine): let the
      // event loop turn every few hundred, so requests, timers and stop signals are not held a batch long.
      if ((i - from) % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
    }
    const col = <T>(f: (s: ProfileSnapshot, i: number) => T) => sql.param(snaps.map(f));
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into accounts (platform, username, name, bio, verified, is_private, category, external_url, followers,
          following, posts_count, industry, engagement_rate, grade, countries, market_basis, located_countries,
          source, is_sample, origin, last_fetched_at)
        select u.platform, u.username, u.name, u.bio, u.verified, u.is_private, u.category, u.external_url, u.followers,
          u.following, u.posts_count, u.industry, u.engagement_rate, u.grade,
          case when u.countries = '' then '{}'::text[] else string_to_array(u.countries, ${"\u001f"}) end,
          u.market_basis::jsonb,
          case when u.located = '' then '{}'::text[] else string_to_array(u.located, ${"\u001f"}) end,
          'sample', true, 'sample', ${epoch.toISOString()}::timestamptz
        from unnest(${col((s) => s.platform)}::text[], ${col((s) => canonicalHandle(s.platform, s.username))}::text[],
          ${col((s) => s.name)}::text[], ${col((s) => s.bio)}::text[], ${col((s) => s.verified)}::boolean[],
          ${col((s) => s.isPrivate)}::boolean[], ${col((s) => s.category ?? null)}::text[],
          ${col((s) => s.externalUrl ?? null)}::text[], ${col((s) => Math.round(s.followers))}::bigint[],
          ${col((s) => s.following ?? null)}::bigint[], ${col((s) => s.postsCount ?? null)}::bigint[],
          ${col((_s, i) => idx[i]!.industry)}::text[], ${col((_s, i) => idx[i]!.engagementRate)}::real[],
          ${col((_s, i) => idx[i]!.grade)}::text[], ${col((_s, i) => idx[i]!.countries.join("\u001f"))}::text[],
          ${col((_s, i) => JSON.stringify(idx[i]!.marketBasis ?? []))}::text[],
          ${col((_s, i) => (idx[i]!.locatedCountries ?? []).join("\u001f"))}::text[])
          as u(platform, username, name, bio, verified, is_private, category, external_url, followers, following,
               posts_count, industry, engagement_rate, grade, countries, market_basis, located)
        on conflict (platform, username) do nothing`);
      await tx.execute(sql`
        insert into sample_accounts (platform, username, sample_index, seed)
        select * from unnest(${col((s) => s.platform)}::text[], ${col((s) => canonicalHandle(s.platform, s.username))}::text[],
          ${sql.param(snaps.map((_s, i) => from + i))}::int[], ${sql.param(snaps.map(() => seed))}::int[])
        on conflict do nothing`);
    });
    added += to - from;
    opts.onProgress?.(to - start, opts.count - start);
    // The embedded database answers in microtasks: without a real turn of the event loop between
    // batches, a long seed starved timers, requests and the SIGTERM/SIGINT handlers (issue #27).
    await yieldToEventLoop();
  }
  if (added > 0) await refreshAccountsIndex(db);
  return { added, total: opts.count };
}

export { sampleHandleFor };
