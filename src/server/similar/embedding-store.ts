import { sql } from "drizzle-orm";
import { createSampleCatalog, type SampleCatalog } from "#core/sample/index";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import { REPRESENTATION_MODEL, type Representation, represent } from "#core/similar/represent";
import { signatureOf, signatureScope } from "#core/similar/signature";
import type { AppDb, DbOrTx } from "../db/database";
import { rowsOf } from "../db/rows";

/**
 * Storage of account representations (table account_embeddings, decision 034). Two ways in:
 * `saveRepresentationOf` when one account is saved from a snapshot (reports, captures), and
 * `syncEmbeddings` after bulk writes (seeds, imports) and for `cli embeddings --rebuild`: it (re)builds
 * every account whose representation is missing, older than the account row, or of another model.
 */

/** Recent captions read per account (the collectors fetch about this many). */
const POSTS_PER_ACCOUNT = 30;

export async function saveRepresentation(
  tx: DbOrTx,
  rows: { accountId: number; platform: string; isSample: boolean; rep: Representation }[],
): Promise<void> {
  if (rows.length === 0) return;
  // Arrays of arrays do not pass through unnest() as rows; terms and formats travel joined by \u001f.
  const col = <T>(f: (r: (typeof rows)[number]) => T) => sql.param(rows.map(f));
  // The LSH band keys of the heaviest terms, tight then loose (the candidate lookup, decision 041).
  const keysOf = (r: (typeof rows)[number]) => {
    const sig = signatureOf(r.rep.terms, signatureScope(r.platform, r.isSample));
    return [...sig.tight, ...sig.loose].join(",");
  };
  await tx.execute(sql`
    insert into account_embeddings (account_id, platform, is_sample, model, terms, weights, formats, signature,
      updated_at)
    select u.id, u.platform, u.is_sample, ${REPRESENTATION_MODEL},
      case when u.terms = '' then '{}'::text[] else string_to_array(u.terms, ${"\u001f"}) end,
      case when u.weights = '' then '{}'::real[] else string_to_array(u.weights, ',')::real[] end,
      case when u.formats = '' then '{}'::text[] else string_to_array(u.formats, ${"\u001f"}) end,
      case when u.signature = '' then '{}'::int4[] else string_to_array(u.signature, ',')::int4[] end,
      now()
    from unnest(${col((r) => r.accountId)}::bigint[], ${col((r) => r.platform)}::text[],
      ${col((r) => r.isSample)}::boolean[], ${col((r) => r.rep.terms.join("\u001f"))}::text[],
      ${col((r) => r.rep.weights.join(","))}::text[], ${col((r) => r.rep.formats.join("\u001f"))}::text[],
      ${col(keysOf)}::text[])
      as u(id, platform, is_sample, terms, weights, formats, signature)
    on conflict (account_id) do update set platform = excluded.platform, is_sample = excluded.is_sample,
      model = excluded.model, terms = excluded.terms, weights = excluded.weights, formats = excluded.formats,
      signature = excluded.signature, updated_at = excluded.updated_at`);
}

/** The hook of a saved analysis: the account's representation from the snapshot just stored. */
export async function saveRepresentationOf(
  tx: DbOrTx,
  accountId: number,
  snapshot: ProfileSnapshot,
  industry: string,
): Promise<void> {
  const rep = represent({ ...snapshot, industry });
  await saveRepresentation(tx, [
    { accountId, platform: snapshot.platform, isSample: snapshot.source === "sample", rep },
  ]);
}

interface StaleRow {
  id: number | string;
  platform: string;
  name: string;
  bio: string;
  category: string | null;
  industry: string;
  is_sample: boolean;
  sample_index: number | null;
  seed: number | null;
}

export interface SyncOptions {
  /** Rebuild every representation, not only missing or stale ones. */
  all?: boolean;
  batchSize?: number;
  now?: Date;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/** The start of the UTC day, as the sample store rebuilds sample creators (samples/sample-service.ts). */
function sampleDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The GIN indexes every representation write adds entries to (terms: 32, signature: 24 a row). */
const GIN_INDEXES = ["account_embeddings_terms_idx", "account_embeddings_signature_idx"] as const;
/**
 * Their pending list in kB (migrations 0014 and 0019): small, because PGlite runs no autovacuum and
 * every query reads the whole pending list until something flushes it.
 */
const GIN_PENDING_KB = 128;
/**
 * While a build writes this many representations or more, the pending lists may grow to 4 MB
 * (PostgreSQL's default) and are merged into the indexes in bulk: at 100k sample creators on PGlite a
 * rebuild wrote at 596 µs a row with 128 kB and 229 µs with 4 MB (decision 048). Queries meanwhile read
 * a longer pending list; the lists are flushed and the limit put back when the build ends.
 */
const BULK_BUILD_ROWS = 1000;
const BULK_PENDING_KB = 4096;

/**
 * Sets the GIN indexes' pending-list limit to `kb` where it is not already (one catalog read when it
 * is). Every build calls it, so a bulk build stopped half-way (a crash, a kill) is put right by the
 * next one, the housekeeping's included. Only the indexes' owner may: where the app's role is not
 * (migrations run by another role), the build runs with the limits it finds, as before 048.
 */
async function setGinPendingLimit(db: AppDb, kb: number): Promise<void> {
  try {
    await setGinPendingLimitAsOwner(db, kb);
  } catch (err) {
    if (!isNotOwner(err)) throw err;
  }
}

/** PostgreSQL's "must be owner" (42501, insufficient privilege). */
function isNotOwner(err: unknown): boolean {
  const code =
    (err as { code?: unknown; cause?: { code?: unknown } }).code ??
    (err as { cause?: { code?: unknown } }).cause?.code;
  return code === "42501";
}

async function setGinPendingLimitAsOwner(db: AppDb, kb: number): Promise<void> {
  const current = rowsOf<{ name: string; options: string[] | null }>(
    await db.execute(sql`select relname as name, reloptions as options from pg_class
      where relname in (${sql.join(
        GIN_INDEXES.map((n) => sql`${n}`),
        sql`, `,
      )}) and relnamespace = current_schema()::regnamespace`),
  );
  for (const row of current) {
    if ((row.options ?? []).includes(`gin_pending_list_limit=${kb}`)) continue;
    await db.execute(sql.raw(`alter index "${row.name}" set (gin_pending_list_limit = ${kb})`));
  }
}

/** Merges the GIN pending lists into the indexes, then puts the small limit back. */
async function endBulkBuild(db: AppDb): Promise<void> {
  try {
    for (const name of GIN_INDEXES) await db.execute(sql`select gin_clean_pending_list(${name}::regclass)`);
  } catch (err) {
    // Not the owner: the next vacuum (refreshAccountsIndex, autovacuum) merges them.
    if (!isNotOwner(err)) throw err;
  }
  await setGinPendingLimit(db, GIN_PENDING_KB);
}

/**
 * Builds the representations that are missing or stale (all of them with `all`), in batches by
 * account id. Sample creators store no posts: their captions are regenerated from the sample catalog,
 * as their reports are. Returns how many were written.
 */
export async function syncEmbeddings(db: AppDb, opts: SyncOptions = {}): Promise<{ built: number }> {
  const staleWhere = opts.all
    ? sql`true`
    : sql`(e.account_id is null or e.updated_at < a.updated_at or e.model <> ${REPRESENTATION_MODEL})`;
  const [countRow] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from accounts a left join account_embeddings e on e.account_id = a.id
      where ${staleWhere}`),
  );
  const total = Number(countRow?.n ?? 0);
  const bulk = total >= BULK_BUILD_ROWS;
  await setGinPendingLimit(db, bulk ? BULK_PENDING_KB : GIN_PENDING_KB);
  if (total === 0) return { built: 0 };
  try {
    return await buildStale(db, opts, staleWhere, total);
  } finally {
    if (bulk) await endBulkBuild(db);
  }
}

async function buildStale(
  db: AppDb,
  opts: SyncOptions,
  staleWhere: ReturnType<typeof sql>,
  total: number,
): Promise<{ built: number }> {
  const batchSize = opts.batchSize ?? 2000;
  const now = opts.now ?? new Date();
  const catalogs = new Map<number, SampleCatalog>();
  const catalogFor = (seed: number, index: number) => {
    let c = catalogs.get(seed);
    if (!c || c.size <= index) {
      c = createSampleCatalog(Math.max(index + 1, (c?.size ?? 0) * 2), { seed, now: sampleDay(now) });
      catalogs.set(seed, c);
    }
    return c;
  };
  let built = 0;
  let after = 0;
  for (;;) {
    if (opts.signal?.aborted) throw opts.signal.reason ?? new Error("aborted");
    const rows = rowsOf<StaleRow>(
      await db.execute(sql`
        select a.id, a.platform, a.name, a.bio, a.category, a.industry, a.is_sample, s.sample_index, s.seed
        from accounts a
        left join account_embeddings e on e.account_id = a.id
        left join sample_accounts s on a.is_sample and s.platform = a.platform and s.username = a.username
        where a.id > ${after} and ${staleWhere}
        order by a.id limit ${batchSize}`),
    );
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1]!.id);
    const realIds = rows.filter((r) => r.sample_index == null).map((r) => Number(r.id));
    const postsById = new Map<number, { type: string; caption: string | null }[]>();
    if (realIds.length > 0) {
      const postRows = rowsOf<{ account_id: number | string; type: string; caption: string | null }>(
        await db.execute(sql`
          select p.account_id, p.type, p.caption from unnest(${sql.param(realIds)}::bigint[]) as ids(id)
          cross join lateral (select account_id, type, caption from posts where account_id = ids.id
            order by posted_at desc limit ${POSTS_PER_ACCOUNT}) p`),
      );
      for (const p of postRows) {
        const id = Number(p.account_id);
        const list = postsById.get(id) ?? [];
        list.push(p);
        postsById.set(id, list);
      }
    }
    const out = rows.map((r) => {
      const id = Number(r.id);
      const posts =
        r.sample_index != null && r.seed != null
          ? catalogFor(r.seed, r.sample_index).snapshotAt(r.sample_index).posts.slice(0, POSTS_PER_ACCOUNT)
          : (postsById.get(id) ?? []);
      const rep = represent({ name: r.name, bio: r.bio, category: r.category, industry: r.industry, posts });
      return { accountId: id, platform: r.platform, isSample: r.is_sample, rep };
    });
    await saveRepresentation(db, out);
    built += out.length;
    opts.onProgress?.(built, total);
    await yieldToEventLoop();
  }
  return { built };
}
