import { sql } from "drizzle-orm";
import type { Platform } from "#core/schemas/platform";
import type { Origin } from "#core/schemas/similar";
import type { Representation } from "#core/similar/represent";
import { signatureOf, signatureScope } from "#core/similar/signature";
import type { DbOrTx } from "../db/database";
import { rowsOf } from "../db/rows";

/**
 * The candidate stage of similar creators and lookalikes (docs/decisions/041-similar-speed.md and
 * 045-similar-in-two-reads.md): the accounts sharing LSH band keys of their heaviest terms with the
 * query, through a GIN index on account_embeddings.signature, tight keys first, read narrow (keys and
 * a few figures), ranked here by an estimate of the score, and only the best read whole: two bounded
 * reads whatever the index's size.
 */

/** Accounts read by their band keys per similar query (keys and a few figures: ranked here by an estimate). */
export const KEYED = 600;
/** The best of those by the estimate, read whole and scored exactly. */
export const CANDIDATES = 100;
/** The same for a lookalike search (filters come after: more are kept). */
export const LOOKALIKE_KEYED = 1500;
export const LOOKALIKE_CANDIDATES = 300;
/** Candidates by shared words when the band keys find too few. */
const FALLBACK_CANDIDATES = 400;
/** The seed's heaviest terms the fallback looks for. */
const KEY_TERMS = 12;

export interface CandidateQuery {
  platform: Platform;
  isSample: boolean;
  query: Pick<Representation, "terms" | "weights">;
  exclude: number[];
  /** Further representations whose band keys are asked too (each seed of a lookalike search). */
  also?: Pick<Representation, "terms">[];
  extra?: ReturnType<typeof sql>;
  /** At most this many read by their band keys (keys and the prior's figures only)… */
  keyed: number;
  /** …of which the `limit` with the best estimated score (see `rank`) are read whole. */
  limit: number;
  /** Fewer than this through the band keys: add accounts sharing a heavy word. */
  enough: number;
  /**
   * The parts of the similarity that do not come from the text (industry, markets, size, formats) for
   * a keyed row, and the weight of the text part: the keyed rows are ranked by
   * textWeight · (estimated overlap of terms) + prior(row) before the best `limit` are read whole.
   */
  rank: { textWeight: number; prior: (row: KeyedRow) => number };
}

/** What step 1 reads of each keyed account: its band keys and the figures the rest of the score needs. */
export interface KeyedRow {
  id: number;
  sig: number[];
  followers: number;
  industry: string;
  countries: string[];
  formats: string[];
}

export interface AccountRow {
  id: number;
  platform: Platform;
  username: string;
  name: string;
  bio: string;
  verified: boolean;
  followers: number;
  industry: string;
  countries: string[];
  engagementRate: number | null;
  isSample: boolean;
  hasReport: boolean;
  origin: Origin;
  lastFetchedAt: Date | string | null;
  lastAnalyzedAt: Date | string | null;
  terms: string[];
  weights: number[];
  formats: string[];
}

/**
 * The columns a candidate is scored and shown with. Arrays travel as delimited text and are split in
 * normalise(): parsing a few hundred text[] and real[] values costs more than the query on PGlite
 * (decision 045).
 */
export const ACCOUNT_COLUMNS = sql`a.id, a.platform, a.username, a.name, a.bio, a.verified, a.followers, a.industry,
  array_to_string(a.countries, chr(31)) as countries, a.engagement_rate as "engagementRate", a.is_sample as "isSample",
  (a.last_analyzed_at is not null) as "hasReport", a.origin, a.last_fetched_at as "lastFetchedAt",
  a.last_analyzed_at as "lastAnalyzedAt", array_to_string(e.terms, chr(31)) as terms,
  array_to_string(e.weights, ',') as weights, array_to_string(e.formats, chr(31)) as formats`;

/** A delimited list as ACCOUNT_COLUMNS sends it (null for an account without a representation). */
function split(value: string | null | undefined, by: string): string[] {
  return value ? value.split(by) : [];
}

type RawAccountRow = Omit<AccountRow, "terms" | "weights" | "formats" | "countries"> & {
  terms: string | null;
  weights: string | null;
  formats: string | null;
  countries: string | null;
};

function normalise(r: RawAccountRow): AccountRow {
  return {
    ...r,
    id: Number(r.id),
    followers: Number(r.followers),
    engagementRate: r.engagementRate == null ? null : Number(r.engagementRate),
    weights: split(r.weights, ",").map(Number),
    terms: split(r.terms, "\u001f"),
    formats: split(r.formats, "\u001f"),
    countries: split(r.countries, "\u001f"),
  };
}

/** Rows of ACCOUNT_COLUMNS, normalised. */
export async function accountRows(db: DbOrTx, query: ReturnType<typeof sql>): Promise<AccountRow[]> {
  return rowsOf<RawAccountRow>(await db.execute(query)).map(normalise);
}

/** The seed's heaviest terms (the topic term last: it alone would match a whole industry). */
function keyTerms(rep: Pick<Representation, "terms">): string[] {
  const words = rep.terms.filter((t) => !t.startsWith("topic:"));
  return words.length > 0 ? words.slice(0, KEY_TERMS) : rep.terms.slice(0, 1);
}

/**
 * The Jaccard overlap of two accounts' heaviest terms as their band keys estimate it: a loose band (two
 * minima) agrees with probability J², so J ≈ √(share of the query's loose bands the account shares).
 */
export function keyedOverlap(sig: readonly number[], loose: ReadonlySet<number>, bands: number): number {
  if (bands === 0) return 0;
  let shared = 0;
  for (const k of sig) if (loose.has(k)) shared++;
  return Math.sqrt(Math.min(1, shared / bands));
}

/**
 * The `limit` keyed accounts most likely to score highest: the text part estimated from the loose
 * band keys shared with the query (keyedOverlap), the rest (industry, markets, size, formats) exact.
 * Ties keep the read order (near duplicates first).
 */
export function bestByKeys(
  rows: readonly KeyedRow[],
  loose: readonly number[],
  rank: CandidateQuery["rank"],
  limit: number,
): number[] {
  const keys = new Set(loose);
  const scored = rows.map((r, i) => ({
    id: r.id,
    score: rank.textWeight * keyedOverlap(r.sig, keys, keys.size) + rank.prior(r),
    i,
  }));
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  return scored.slice(0, limit).map((r) => r.id);
}

export function createCandidateSearch(db: DbOrTx) {
  /** The accounts of the scope (platform, samples or real) matching `match`, at most `limit`, unranked. */
  const inScope = (opts: CandidateQuery, match: ReturnType<typeof sql>, limit: number) =>
    sql`from account_embeddings e join accounts a on a.id = e.account_id
      where ${match} and e.platform = ${opts.platform} and e.is_sample = ${opts.isSample}
        and e.account_id <> all(${sql.param(opts.exclude)}::bigint[]) and not a.is_private ${opts.extra ?? sql``}
      limit ${limit}`;

  /** Those accounts whole. */
  const scopeRows = (opts: CandidateQuery, match: ReturnType<typeof sql>, limit: number) =>
    sql`(select ${ACCOUNT_COLUMNS} ${inScope(opts, match, limit)})`;

  /** The same, the keys and the figures of the prior only (step 1). */
  const keyRows = (opts: CandidateQuery, match: ReturnType<typeof sql>, limit: number) =>
    sql`select e.account_id as id, array_to_string(e.signature, ',') as sig, a.followers, a.industry,
        array_to_string(a.countries, chr(31)) as countries, array_to_string(e.formats, chr(31)) as formats
      ${inScope(opts, match, limit)}`;
  const readKeyed = async (opts: CandidateQuery, match: ReturnType<typeof sql>, limit: number) =>
    rowsOf<{
      id: number | string;
      sig: string | null;
      followers: number | string;
      industry: string;
      countries: string | null;
      formats: string | null;
    }>(await db.execute(keyRows(opts, match, limit))).map(
      (r): KeyedRow => ({
        id: Number(r.id),
        sig: split(r.sig, ",").map(Number),
        followers: Number(r.followers),
        industry: r.industry,
        countries: split(r.countries, "\u001f"),
        formats: split(r.formats, "\u001f"),
      }),
    );

  async function candidates(opts: CandidateQuery): Promise<AccountRow[]> {
    // 1. The accounts sharing a tight band key with the query (near duplicates), and only when they
    //    are fewer than `limit` those sharing a loose one, at most `keyed` in all: GIN lookups on
    //    int4[] returning the keys and the figures of the prior, not the terms.
    // 2. Ranked here by the estimate (bestByKeys), the best `limit` are read whole and go to the exact
    //    score. Ranking in SQL (unnest per row) measured slower on PGlite (decision 041); moving every
    //    candidate's terms cost twice the time for a score ratio 0.006 higher (decision 045).
    const scope = signatureScope(opts.platform, opts.isSample);
    const sigs = [opts.query, ...(opts.also ?? [])].map((r) => signatureOf(r.terms, scope));
    const tightKeys = [...new Set(sigs.flatMap((x) => x.tight))];
    const looseKeys = [...new Set(sigs.flatMap((x) => x.loose))];
    const tight = sql`e.signature && ${sql.param(tightKeys)}::int4[]`;
    const loose = sql`e.signature && ${sql.param(looseKeys)}::int4[] and not (${tight})`;
    let found: AccountRow[] = [];
    if (tightKeys.length > 0) {
      const keyed = await readKeyed(opts, tight, opts.keyed);
      if (keyed.length < opts.limit) keyed.push(...(await readKeyed(opts, loose, opts.keyed - keyed.length)));
      const best = bestByKeys(keyed, sigs[0]!.loose, opts.rank, opts.limit);
      if (best.length > 0)
        found = await accountRows(
          db,
          sql`select ${ACCOUNT_COLUMNS} from account_embeddings e join accounts a on a.id = e.account_id
            where e.account_id = any(${sql.param(best)}::bigint[]) and not a.is_private ${opts.extra ?? sql``}`,
        );
    }
    if (found.length >= opts.enough) return found;
    // Few accounts like it (a rare mix of words, or representations not rebuilt since 0019): the ones
    // sharing one of its heaviest words, through the GIN index on the terms.
    const keys = keyTerms(opts.query);
    if (keys.length === 0) return found;
    const more = await accountRows(
      db,
      scopeRows(
        { ...opts, exclude: [...opts.exclude, ...found.map((r) => r.id)] },
        sql`e.terms && ${sql.param(keys)}::text[]`,
        FALLBACK_CANDIDATES,
      ),
    );
    return [...found, ...more];
  }
  return candidates;
}
