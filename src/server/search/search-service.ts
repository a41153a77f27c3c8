import { sql } from "drizzle-orm";
import { stripAt } from "#core/handles";
import { isModelFigures } from "#core/model-figures";
import type { Platform } from "#core/schemas/platform";
import type { SiteSearchResponse, SiteSearchResult } from "#core/schemas/search";
import type { AppDb } from "../db/database";
import { queryRows } from "../discovery/sql";

/** At most this many words of a term take part in the full-text query. */
const MAX_TERMS = 8;
/** Each word is cut to this many characters (a lexeme longer than that matches nothing anyway). */
const MAX_TERM_LENGTH = 40;
/**
 * Matches are gathered up to this many before ranking, so a one-letter prefix that matches most of
 * a million rows still costs one bounded index scan, not a sort of everything.
 */
const CANDIDATE_CAP = 1000;

/**
 * The words of a search term as a prefix tsquery for the 'simple' configuration: every run of letters
 * and digits becomes a quoted lexeme with `:*`, joined by `&`. Everything else — tsquery operators
 * (& | ! <-> : * ( )), quotes, backslashes, emoji — is a separator, so the result always parses.
 * Returns null when the term has no letters or digits.
 */
export function toPrefixTsQuery(term: string): string | null {
  const words = term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
  if (unique.length === 0) return null;
  return unique.map((w) => `'${w}':*`).join(" & ");
}

/** A handle prefix for LIKE: lower case, no leading @, with LIKE's wildcards escaped. Null when empty. */
export function handlePrefix(term: string): string | null {
  const handle = stripAt(term.trim()).toLowerCase().replace(/\s+/g, "");
  if (!handle) return null;
  return handle.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface Row {
  platform: string;
  username: string;
  name: string;
  industry: string;
  grade: string | null;
  followers: number | string;
  engagementRate: number | null;
  verified: boolean;
  isSample: boolean;
  source: string;
  lastAnalyzedAt: string | Date;
}

/**
 * Site search (GET /api/search): accounts with a stored report whose username, name, industry or bio
 * matches the term. Full-text prefix match on the stored `site_search_tsv` (GIN) or a prefix of the
 * handle (btree text_pattern_ops); exact handle first, then handle prefix, then text rank, then reach.
 */
export function createSiteSearchService(deps: { db: AppDb }) {
  return {
    async search(query: { q: string; limit: number }): Promise<SiteSearchResponse> {
      const tsq = toPrefixTsQuery(query.q);
      const prefix = handlePrefix(query.q);
      if (!tsq && !prefix) return { query: query.q, results: [] };
      const exact = prefix ? prefix.replace(/\\(.)/g, "$1") : null;
      const like = prefix ? `${prefix}%` : null;
      const tsMatch = tsq ? sql`a.site_search_tsv @@ to_tsquery('simple', ${tsq})` : sql`false`;
      const likeMatch = like ? sql`a.username like ${like}` : sql`false`;
      const rows = await queryRows<Row>(
        deps.db,
        sql`
        with cand as (
          (select a.id from accounts a
            where a.last_analyzed_at is not null and (${tsMatch} or ${likeMatch})
            limit ${CANDIDATE_CAP})
          union
          (select a.id from accounts a
            where a.last_analyzed_at is not null and a.username = ${exact ?? ""})
        )
        select a.platform, a.username, a.name, a.industry, a.grade, a.followers,
               a.engagement_rate as "engagementRate", a.verified, a.is_sample as "isSample",
               a.source, a.last_analyzed_at as "lastAnalyzedAt"
        from cand join accounts a on a.id = cand.id
        order by (a.username = ${exact ?? ""}) desc,
                 (${likeMatch}) desc,
                 ${tsq ? sql`ts_rank_cd(a.site_search_tsv, to_tsquery('simple', ${tsq})) desc,` : sql``}
                 a.followers desc, a.id
        limit ${query.limit}`,
      );
      const results: SiteSearchResult[] = rows.map((r) => ({
        platform: r.platform as Platform,
        username: r.username,
        name: r.name,
        industry: r.industry,
        grade: r.grade,
        followers: Number(r.followers),
        engagementRate: r.engagementRate == null ? null : Number(r.engagementRate),
        verified: r.verified,
        isSample: r.isSample,
        modelFigures: isModelFigures(r.source),
        lastUpdated: new Date(r.lastAnalyzedAt).toISOString(),
      }));
      return { query: query.q, results };
    },
  };
}

export type SiteSearchService = ReturnType<typeof createSiteSearchService>;
