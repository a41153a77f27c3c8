import { sql } from "drizzle-orm";
import {
  apportion,
  coversTarget,
  formatEngagementRate,
  resolveTargets,
  trimDescription,
} from "#core/discovery/match";
import { canonicalHandle } from "#core/handles";
import { figuresOf } from "#core/schemas/account-origin";
import type { DiscoveryResult, FollowerRange } from "#core/schemas/discovery";
import { canonicalTargetMarket, FOLLOWER_RANGES } from "#core/schemas/discovery";
import { PLATFORMS, type Platform } from "#core/schemas/platform";
import type { LookalikesRequest, LookalikesResponse, Origin, SimilarResponse } from "#core/schemas/similar";
import { type Representation, termCosine, termLabel, topicTerm } from "#core/similar/represent";
import type { AppDb, DbOrTx } from "../db/database";
import { NotFoundError, ValidationError } from "../errors";
import {
  ACCOUNT_COLUMNS,
  type AccountRow,
  accountRows,
  CANDIDATES,
  createCandidateSearch,
  KEYED,
  type KeyedRow,
  LOOKALIKE_CANDIDATES,
  LOOKALIKE_KEYED,
} from "./candidates";

/**
 * Similar creators and lookalikes (issue #36, docs/decisions/034-similar-creators.md, 041-similar-speed.md
 * and 045-similar-in-two-reads.md): candidates are the accounts sharing an LSH band key of their
 * heaviest terms with the seed (a GIN index on account_embeddings.signature), ranked by an estimate
 * of the score (the band keys shared and the exact non-text parts), the best CANDIDATES of them then
 * scored exactly here from their terms, which also give the why.
 */

/** Weights of the similarity (they add up to 1). */
const W_TEXT = 0.7;
const W_INDUSTRY = 0.1;
const W_MARKETS = 0.1;
const W_SIZE = 0.05;
const W_FORMATS = 0.05;

/** Where an account's row came from: the index's own `origin` column (issue #35). */
export function originOf(row: { origin: Origin }): Origin {
  return row.origin;
}

/** What a row's figures rest on and when they were read, as discovery rows say it. */
function figuresOfRow(row: AccountRow) {
  return figuresOf({
    is_sample: row.isSample,
    last_fetched_at: row.lastFetchedAt,
    last_analyzed_at: row.lastAnalyzedAt,
  });
}

const BAND_LABELS: Record<FollowerRange, string> = {
  less_than_10k: "under 10K followers",
  "10k_to_100k": "10K–100K followers",
  "100k_to_1mil": "100K–1M followers",
  "1mil_plus": "1M+ followers",
};

export function sizeBand(followers: number): FollowerRange {
  if (followers < 10_000) return "less_than_10k";
  if (followers < 100_000) return "10k_to_100k";
  if (followers < 1_000_000) return "100k_to_1mil";
  return "1mil_plus";
}

const FORMAT_PLURALS: Record<string, string> = {
  photo: "photos",
  carousel: "carousels",
  reel: "reels",
  video: "videos",
  short: "shorts",
  live: "lives",
};

export interface Scored {
  row: AccountRow;
  similarity: number;
  why: string[];
  text: number;
  industry: boolean;
  markets: string[];
  band: boolean;
  formats: string[];
  marketShare: number;
  formatShare: number;
}

const jaccard = (a: readonly string[], b: readonly string[]) => {
  if (a.length === 0 && b.length === 0) return 0;
  const both = a.filter((x) => b.includes(x)).length;
  return both / (a.length + b.length - both);
};

type SeedFigures = Pick<AccountRow, "formats" | "countries" | "followers" | "industry">;

/** The parts of the similarity not read from the text: industry, markets, size band, formats. */
function priorParts(
  seed: SeedFigures,
  c: Pick<AccountRow, "formats" | "countries" | "followers" | "industry">,
  seedIndustries: readonly string[],
) {
  const industry = seedIndustries.includes(c.industry) && c.industry !== "General";
  const band = sizeBand(seed.followers) === sizeBand(c.followers);
  const marketShare = jaccard(seed.countries, c.countries);
  const formatShare = jaccard(seed.formats, c.formats);
  const prior =
    W_INDUSTRY * (industry ? 1 : 0) +
    W_MARKETS * marketShare +
    W_SIZE * (band ? 1 : 0) +
    W_FORMATS * formatShare;
  return { industry, band, marketShare, formatShare, prior };
}

/** How the candidate stage ranks keyed rows before reading the best whole (the same weights). */
function rankFor(seed: SeedFigures, seedIndustries: readonly string[] = [seed.industry]) {
  return { textWeight: W_TEXT, prior: (c: KeyedRow) => priorParts(seed, c, seedIndustries).prior };
}

/** Scores a candidate against a seed (one account, or the merged seeds of a lookalike search). */
export function scoreAgainst(
  seed: Pick<AccountRow, "terms" | "weights" | "formats" | "countries" | "followers" | "industry">,
  c: AccountRow,
  seedIndustries: readonly string[] = [seed.industry],
): Scored {
  const { cosine, shared } = termCosine(seed, c);
  const { industry, band, marketShare, formatShare, prior } = priorParts(seed, c, seedIndustries);
  const markets = seed.countries.filter((x) => c.countries.includes(x));
  const formats = seed.formats.filter((f) => c.formats.includes(f));
  const similarity = W_TEXT * cosine + prior;

  const why: string[] = [];
  const topicShared = shared.filter((s) => s.term.startsWith("~") || !/^(#|topic:)/.test(s.term));
  const tagsShared = shared.filter((s) => s.term.startsWith("#"));
  if (topicShared.length > 0)
    why.push(
      `both post about ${topicShared
        .slice(0, 3)
        .map((s) => termLabel(s.term))
        .join(", ")}`,
    );
  if (tagsShared.length > 0)
    why.push(
      `both use ${tagsShared
        .slice(0, 3)
        .map((s) => s.term)
        .join(", ")}`,
    );
  if (industry) why.push(`both in ${c.industry}`);
  if (markets.length > 0) why.push(`both in ${markets.slice(0, 3).join(", ")}`);
  if (band) why.push(`both ${BAND_LABELS[sizeBand(c.followers)]}`);
  if (formats.length > 0) why.push(`both post ${formats.map((f) => FORMAT_PLURALS[f] ?? f).join(" and ")}`);
  return {
    row: c,
    similarity: Math.max(0, Math.min(1, Math.round(similarity * 1000) / 1000)),
    why,
    text: cosine,
    industry,
    markets,
    band,
    formats,
    marketShare,
    formatShare,
  };
}

/** Merges seeds' representations: summed weights, renormalised, the heaviest terms kept. */
function centroid(seeds: readonly AccountRow[]): Pick<Representation, "terms" | "weights"> {
  const sum = new Map<string, number>();
  for (const s of seeds) {
    for (let i = 0; i < s.terms.length; i++)
      sum.set(s.terms[i]!, (sum.get(s.terms[i]!) ?? 0) + (s.weights[i] ?? 0));
  }
  const kept = [...sum].sort((a, b) => b[1] - a[1]).slice(0, 64);
  const norm = Math.sqrt(kept.reduce((s, [, w]) => s + w * w, 0)) || 1;
  return { terms: kept.map(([t]) => t), weights: kept.map(([, w]) => w / norm) };
}

/**
 * Runs one request's reads. On PostgreSQL they run in one read-only transaction that forbids parallel
 * workers: the planner sends the keyed read (a GIN bitmap scan, a few hundred rows) to two workers, and
 * starting them cost more than the whole read — at 1M accounts the similar p50 went from 36 to 13 ms
 * without them (decision 048). PGlite has no parallel workers, and a transaction there would hold the
 * only connection for the whole request: its reads run as they are.
 */
export function requestReads(db: AppDb, kind: "pglite" | "postgres") {
  return <T>(fn: (q: DbOrTx) => Promise<T>): Promise<T> =>
    kind === "postgres"
      ? db.transaction(
          async (tx) => {
            await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
            return fn(tx);
          },
          { accessMode: "read only" },
        )
      : fn(db);
}

export function createSimilarService(deps: { db: AppDb; kind: "pglite" | "postgres" }) {
  const reads = requestReads(deps.db, deps.kind);

  async function findAccount(
    db: DbOrTx,
    platform: Platform | undefined,
    username: string,
  ): Promise<AccountRow | null> {
    const where = platform
      ? sql`a.platform = ${platform} and a.username = ${canonicalHandle(platform, username)}`
      : // Every platform's spelling of the handle, so the (platform, username) index answers.
        sql`(${sql.join(
          PLATFORMS.map((p) => sql`(a.platform = ${p} and a.username = ${canonicalHandle(p, username)})`),
          sql` or `,
        )})`;
    const [row] = await accountRows(
      db,
      sql`select ${ACCOUNT_COLUMNS} from accounts a
        left join account_embeddings e on e.account_id = a.id
        where ${where}
        order by a.last_analyzed_at desc nulls last, a.followers desc limit 1`,
    );
    return row ?? null;
  }

  async function similarIn(
    db: DbOrTx,
    platform: Platform | undefined,
    username: string,
    limit: number,
  ): Promise<SimilarResponse> {
    const seed = await findAccount(db, platform, username);
    if (!seed) {
      const on = platform ? ` on ${platform}` : "";
      throw new NotFoundError(`No stored report or profile for @${username}${on}: analyze it first.`);
    }
    const rep = seed.terms.length > 0 ? seed : { ...seed, terms: [topicTerm(seed.industry)], weights: [1] };
    const found = await createCandidateSearch(db)({
      platform: seed.platform,
      isSample: seed.isSample,
      query: rep,
      exclude: [seed.id],
      keyed: KEYED,
      limit: CANDIDATES,
      enough: limit,
      rank: rankFor(rep),
    });
    const scored = found
      .map((c) => scoreAgainst(rep, c))
      .filter((s) => s.similarity > 0 && s.why.length > 0)
      .sort((a, b) => b.similarity - a.similarity || b.row.followers - a.row.followers)
      .slice(0, limit);
    return {
      results: scored.map((s) => ({
        platform: s.row.platform,
        username: s.row.username,
        name: s.row.name,
        followers: s.row.followers,
        similarity: s.similarity,
        why: s.why,
        isSample: s.row.isSample,
        origin: originOf(s.row),
        industry: s.row.industry,
      })),
    };
  }

  /** Lookalikes of a set of seeds (1–10), filtered like discovery, minus a list's members. */
  async function lookalikesIn(
    db: DbOrTx,
    req: LookalikesRequest,
    excludeMembers: { platform: string; username: string }[],
  ): Promise<LookalikesResponse> {
    const seeds: AccountRow[] = [];
    for (const s of req.seeds) {
      const row = await findAccount(db, s.platform, s.username);
      if (!row) throw new NotFoundError(`No stored report or profile for @${s.username} on ${s.platform}.`);
      seeds.push(row);
    }
    const markets: string[] = [];
    for (const m of req.targetMarkets) {
      const canonical = canonicalTargetMarket(m);
      if (!canonical)
        throw new ValidationError(
          `targetMarkets: "${m}" is not a market or a country we know`,
          "targetMarkets",
        );
      markets.push(canonical);
    }
    const platform = req.platform ?? seeds[0]!.platform;
    const isSample = seeds.every((s) => s.isSample);
    const merged = centroid(seeds);
    const seedIndustries = [...new Set(seeds.map((s) => s.industry))];
    const countries = [...new Set(seeds.flatMap((s) => s.countries))];
    const formats = [...new Set(seeds.flatMap((s) => s.formats))];
    const followers = seeds.map((s) => s.followers).sort((a, b) => a - b)[Math.floor(seeds.length / 2)]!;
    const range = req.followerRange ? FOLLOWER_RANGES.indexOf(req.followerRange) : -1;
    const bounds = [0, 10_000, 100_000, 1_000_000, Number.MAX_SAFE_INTEGER];
    const followerFilter =
      range >= 0 ? sql` and a.followers >= ${bounds[range]} and a.followers < ${bounds[range + 1]}` : sql``;
    const memberKeys = new Set(excludeMembers.map((m) => `${m.platform}:${m.username.toLowerCase()}`));
    const seedLike = { ...merged, formats, countries, followers, industry: seedIndustries[0]! };
    const found = await createCandidateSearch(db)({
      platform,
      isSample,
      query: merged,
      also: seeds,
      exclude: seeds.map((s) => s.id),
      extra: followerFilter,
      keyed: LOOKALIKE_KEYED,
      limit: LOOKALIKE_CANDIDATES,
      rank: rankFor(seedLike, seedIndustries),
      enough: req.page * req.pageSize,
    });
    const targets = resolveTargets(markets);
    const ranked = found
      .filter((c) => !memberKeys.has(`${c.platform}:${c.username.toLowerCase()}`))
      .filter((c) => targets.every((t) => coversTarget(c.countries, t)))
      .map((c) => scoreAgainst(seedLike, c, seedIndustries))
      .filter((s) => s.similarity > 0)
      .sort((a, b) => b.similarity - a.similarity || b.row.followers - a.row.followers);
    const offset = (req.page - 1) * req.pageSize;
    const results: DiscoveryResult[] = ranked.slice(offset, offset + req.pageSize).map((s) => {
      const match = Math.round(s.similarity * 100);
      const [textPts, industryPts, marketPts, sizePts] = apportion(
        [
          W_TEXT * s.text + W_FORMATS * s.formatShare,
          s.industry ? W_INDUSTRY : 0,
          W_MARKETS * s.marketShare,
          s.band ? W_SIZE : 0,
        ],
        match,
      ) as [number, number, number, number];
      return {
        username: s.row.username,
        platform: s.row.platform,
        name: s.row.name,
        verified: s.row.verified,
        followers: s.row.followers,
        matchPercentage: match,
        industry: s.row.industry,
        description: trimDescription(s.row.bio),
        engagementRate: formatEngagementRate(s.row.engagementRate),
        countries: s.row.countries,
        isSample: s.row.isSample,
        origin: s.row.origin,
        figures: figuresOfRow(s.row),
        matchBreakdown: [
          {
            criterion: "similarity" as const,
            label: "Similar content",
            points: textPts,
            max: Math.round((W_TEXT + W_FORMATS) * 100),
            detail:
              s.why.find((w) => w.startsWith("both post about")) ?? "few words in common with the seeds",
          },
          {
            criterion: "industry" as const,
            label: "Industry",
            points: industryPts,
            max: Math.round(W_INDUSTRY * 100),
            detail: s.industry ? `${s.row.industry}, like the seeds` : `${s.row.industry}, unlike the seeds`,
          },
          {
            criterion: "markets" as const,
            label: "Markets",
            points: marketPts,
            max: Math.round(W_MARKETS * 100),
            detail:
              s.markets.length > 0 ? `shares ${s.markets.slice(0, 3).join(", ")}` : "no market in common",
          },
          {
            criterion: "followers" as const,
            label: "Size",
            points: sizePts,
            max: Math.round(W_SIZE * 100),
            detail: s.band ? BAND_LABELS[sizeBand(s.row.followers)] : "another size band than the seeds'",
          },
        ],
      };
    });
    return { results, total: ranked.length, page: req.page, pageSize: req.pageSize };
  }

  return {
    /** Similar creators of one stored account: real accounts for a real one, samples for a sample. */
    similar(platform: Platform | undefined, username: string, limit: number): Promise<SimilarResponse> {
      return reads((db) => similarIn(db, platform, username, limit));
    },

    /** Lookalikes of a set of seeds (1–10), filtered like discovery, minus a list's members. */
    lookalikes(
      req: LookalikesRequest,
      excludeMembers: { platform: string; username: string }[] = [],
    ): Promise<LookalikesResponse> {
      return reads((db) => lookalikesIn(db, req, excludeMembers));
    },
  };
}

export type SimilarService = ReturnType<typeof createSimilarService>;
