import { sql } from "drizzle-orm";
import type { Platform } from "#core/schemas/platform";
import type { Origin } from "#core/schemas/similar";
import type { Representation } from "#core/similar/represent";
import { signatureOf, signatureScope } from "#core/similar/signature";
import type { AppDb } from "../db/database";
import { rowsOf } from "../db/rows";

/**
 * The candidate stage of similar creators and lookalikes (docs/decisions/041-similar-speed.md): the
 * accounts sharing LSH band keys of their heaviest terms with the query, through a GIN index on
 * account_embeddings.signature, tight keys first; a bounded read whatever the index's size.
 */

/** Candidates read per similar query (accounts sharing a band key with the seed), scored exactly here. */
export const CANDIDATES = 600;
/** The same for a lookalike search (filters come after: more are read). */
export const LOOKALIKE_CANDIDATES = 1200;
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
  /** At most this many through the band keys. */
  limit: number;
  /** Fewer than this through the band keys: add accounts sharing a heavy word. */
  enough: number;
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

export const ACCOUNT_COLUMNS = sql`a.id, a.platform, a.username, a.name, a.bio, a.verified, a.followers, a.industry,
  a.countries, a.engagement_rate as "engagementRate", a.is_sample as "isSample",
  (a.last_analyzed_at is not null) as "hasReport", a.origin, a.last_fetched_at as "lastFetchedAt",
  a.last_analyzed_at as "lastAnalyzedAt", e.terms, e.weights, e.formats`;

export function normalise(r: AccountRow): AccountRow {
  return {
    ...r,
    id: Number(r.id),
    followers: Number(r.followers),
    engagementRate: r.engagementRate == null ? null : Number(r.engagementRate),
    weights: (r.weights ?? []).map(Number),
    terms: r.terms ?? [],
    formats: r.formats ?? [],
    countries: r.countries ?? [],
  };
}

/** The seed's heaviest terms (the topic term last: it alone would match a whole industry). */
function keyTerms(rep: Pick<Representation, "terms">): string[] {
  const words = rep.terms.filter((t) => !t.startsWith("topic:"));
  return words.length > 0 ? words.slice(0, KEY_TERMS) : rep.terms.slice(0, 1);
}

export function createCandidateSearch(db: AppDb) {
  /** Accounts of the scope (platform, samples or real) matching `match`, at most `limit`, unranked. */
  const scopeRows = (
    opts: CandidateQuery,
    match: ReturnType<typeof sql>,
    limit: number,
  ) => sql`(select ${ACCOUNT_COLUMNS} from account_embeddings e join accounts a on a.id = e.account_id
    where ${match} and e.platform = ${opts.platform} and e.is_sample = ${opts.isSample}
      and e.account_id <> all(${sql.param(opts.exclude)}::bigint[]) and not a.is_private ${opts.extra ?? sql``}
    limit ${limit})`;

  async function candidates(opts: CandidateQuery): Promise<AccountRow[]> {
    // The accounts sharing a tight band key with the query (near duplicates) first, then those sharing
    // a loose one, at most `limit` in all: GIN lookups on int4[] whose union the database stops reading
    // once it has enough. Their terms travel here for the exact score and the why. (Ranking a larger
    // read by keys shared in SQL measured slower on PGlite: decision 041.)
    const scope = signatureScope(opts.platform, opts.isSample);
    const sigs = [opts.query, ...(opts.also ?? [])].map((r) => signatureOf(r.terms, scope));
    const tightKeys = [...new Set(sigs.flatMap((x) => x.tight))];
    const tight = sql`e.signature && ${sql.param(tightKeys)}::int4[]`;
    const loose = sql`e.signature && ${sql.param([...new Set(sigs.flatMap((x) => x.loose))])}::int4[] and not (${tight})`;
    const found =
      tightKeys.length === 0
        ? []
        : rowsOf<AccountRow>(
            await db.execute(sql`select * from (${scopeRows(opts, tight, opts.limit)} union all
              ${scopeRows(opts, loose, opts.limit)}) c limit ${opts.limit}`),
          ).map(normalise);
    if (found.length >= opts.enough) return found;
    // Few accounts like it (a rare mix of words, or representations not rebuilt since 0019): the ones
    // sharing one of its heaviest words, through the GIN index on the terms.
    const keys = keyTerms(opts.query);
    if (keys.length === 0) return found;
    const more = rowsOf<AccountRow>(
      await db.execute(
        scopeRows(
          { ...opts, exclude: [...opts.exclude, ...found.map((r) => r.id)] },
          sql`e.terms && ${sql.param(keys)}::text[]`,
          FALLBACK_CANDIDATES,
        ),
      ),
    ).map(normalise);
    return [...found, ...more];
  }
  return candidates;
}
