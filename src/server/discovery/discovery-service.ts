/**
 * Influencer discovery (spec §2 "Discovery page"): hard filters on platform, follower range,
 * industry (the chosen one or a related one) and target markets (at least one covered); every
 * candidate is scored in SQL and the best `limit` come back with their match breakdown.
 * docs/decisions/003-discovery-matching.md explains the weights.
 */
import { type SQL, sql } from "drizzle-orm";
import { FOLLOWER_RANGE_FILTER, NEUTRAL_FACTOR, type ResolvedTarget } from "#core/discovery/match";
import { ESTIMATE_FACTOR } from "#core/markets/basis";
import { isModelFigures } from "#core/model-figures";
import { figuresOf } from "#core/schemas/account-origin";
import {
  type DiscoveryResult,
  type DiscoverySearchRequest,
  type DiscoverySearchResponse,
  FOLLOWER_RANGES,
  pageWindow,
} from "#core/schemas/discovery";
import type { Platform } from "#core/schemas/platform";
import type { DbOrTx } from "../db/database";
import { type DiscoveryCriteria, discoveryCriteria, discoveryResultOf } from "./discovery-result";
import { withIdentities } from "./growth/identities";
import { INDEX_COLUMNS, type IndexRow } from "./rows";
import {
  BOUND_EPS as EPS,
  engagementQualitySql,
  followerFitSql,
  globalSql,
  int8,
  maskStrengthSql,
  queryRows,
  targetMask,
  targetStrengthSql,
  textArray,
  w,
} from "./sql";

export interface DiscoveryService {
  search(request: DiscoverySearchRequest): Promise<DiscoverySearchResponse>;
}

interface Row extends IndexRow {
  id: number | string;
  fi: number;
  fm: number;
  ff: number;
  fe: number;
  match: number;
  total: number | string;
}

export {
  type DiscoveryAccount,
  type DiscoveryCriteria,
  discoveryCriteria,
  discoveryResultOf,
} from "./discovery-result";

export function createDiscoveryService(deps: { db: DbOrTx }): DiscoveryService {
  return {
    async search(request) {
      const held = await platformHolds(deps.db, request.platform);
      const mode = request.samples ?? (held.real ? "exclude" : "include");
      // Leaving samples out costs a hash probe per candidate: skipped when the platform has none.
      const resolved = {
        ...request,
        samples: mode === "exclude" && held.samples ? mode : ("include" as const),
      };
      const response =
        (await searchIndexed(deps.db, resolved)) ?? (await searchExhaustive(deps.db, resolved));
      return {
        ...response,
        // Issue #35: "Also on TikTok @x (linked from their YouTube About page)" on each row.
        results: await withIdentities(deps.db, response.results),
        samples: { mode, defaulted: request.samples === undefined },
      };
    },
  };
}

/**
 * Sample creators step aside once the index holds real ones (issue #35): excluded by default when
 * the platform has a real public creator, included while it has only samples. Two probes of partial
 * indexes (accounts_real_platform_idx, accounts_sample_platform_idx).
 */
export async function platformHolds(
  db: DbOrTx,
  platform: Platform,
): Promise<{ real: boolean; samples: boolean }> {
  const [row] = await queryRows<{ real: boolean; samples: boolean }>(
    db,
    sql`select exists (select 1 from accounts a where a.platform = ${platform} and a.is_sample = false
          and a.is_private = false) as real,
        exists (select 1 from accounts a where a.platform = ${platform} and a.is_sample = true) as samples`,
  );
  return { real: row?.real === true, samples: row?.samples === true };
}

/** The hard filters of a request (see the decision record), for the row aliased `a`. */
function hardFilters(
  request: DiscoverySearchRequest,
  criteria: DiscoveryCriteria,
  markets: "arrays" | "bits",
): SQL[] {
  const { industry, related, targets } = criteria;
  const where: SQL[] = [sql`a.platform = ${request.platform}`, sql`a.is_private = false`];
  // The discovery indexes carry is_sample (migration 0020), so leaving samples out keeps the scans
  // index-only and costs a column test per row.
  if (request.samples === "exclude") where.push(sql`a.is_sample = false`);
  if (markets === "bits") {
    where.push(sql`a.follower_bucket = ${w(FOLLOWER_RANGES.indexOf(request.followerRange))}`);
  } else {
    const range = FOLLOWER_RANGE_FILTER[request.followerRange];
    if (range.min !== null) where.push(sql`a.followers >= ${range.min}`);
    if (range.max !== null) where.push(sql`a.followers < ${range.max}`);
  }
  if (industry) where.push(sql`a.industry = any(${textArray([industry, ...related])})`);
  if (targets.length > 0) {
    if (markets === "bits") {
      where.push(sql`(a.country_bits & ${int8(anyMask(targets)!)}) <> 0`);
    } else {
      const countries = [...new Set(targets.flatMap((t) => t.countries))];
      const any: SQL[] = [];
      // With an industry the (platform, industry, followers) btree already narrows the rows: the
      // market is then checked per row (coalesce hides it from the countries GIN).
      const column = industry ? sql`coalesce(a.countries, '{}'::text[])` : sql`a.countries`;
      if (countries.length > 0) any.push(sql`${column} && ${textArray(countries)}`);
      if (targets.some((t) => t.global)) any.push(globalSql());
      where.push(sql`(${sql.join(any, sql` or `)})`);
    }
  }
  return where;
}

/** The match % of factors fi, fm, ff, fe (columns of `s`), the same arithmetic on every path. */
function matchSql(criteria: DiscoveryCriteria): SQL {
  const { weights, totalWeight } = criteria;
  return sql`floor((${w(weights.industry)} * s.fi + ${w(weights.markets)} * s.fm + ${w(weights.followers)} * s.ff + ${w(weights.engagement)} * s.fe) * 100 / ${w(totalWeight)} + 0.5)::int`;
}

/** The industry factor of the row aliased `a`. */
function industryFactorSql(criteria: DiscoveryCriteria): SQL {
  const { industry, related } = criteria;
  return industry
    ? sql`(case when a.industry = ${industry} then 1 when a.industry = any(${textArray(related)}) then 0.5 else 0 end)::float8`
    : sql`${w(NEUTRAL_FACTOR)}::float8`;
}

function toResults(
  rows: Row[],
  request: DiscoverySearchRequest,
  criteria: DiscoveryCriteria,
): DiscoveryResult[] {
  return rows.map((r) =>
    discoveryResultOf(
      {
        username: r.username,
        platform: r.platform as Platform,
        name: r.name,
        verified: r.verified,
        followers: Number(r.followers),
        industry: r.industry,
        bio: r.bio,
        engagementRate: r.engagement_rate,
        countries: r.countries ?? [],
        isSample: r.is_sample,
        modelFigures: isModelFigures(r.source),
        marketBasis: r.market_basis ?? [],
        origin: r.origin,
        figures: figuresOf(r),
      },
      { fi: Number(r.fi), fm: Number(r.fm), ff: Number(r.ff), fe: Number(r.fe) },
      r.match,
      request,
      criteria,
    ),
  );
}

/**
 * The reference: every candidate scored from the raw columns, the best `limit` kept, `total` counted
 * in the same scan. Exact by construction; the indexed search must answer exactly the same (tests
 * compare them on generated data) and the benchmark measures it with index scans off as the baseline.
 */
export async function searchExhaustive(
  db: DbOrTx,
  request: DiscoverySearchRequest,
): Promise<DiscoverySearchResponse> {
  const criteria = discoveryCriteria(request);
  const { targets } = criteria;
  const range = FOLLOWER_RANGE_FILTER[request.followerRange];
  const fm =
    targets.length > 0
      ? sql`((${sql.join(
          targets.map((t) => targetStrengthSql(t)),
          sql` + `,
        )}) / ${w(targets.length)})`
      : sql`${w(NEUTRAL_FACTOR)}::float8`;
  const window = pageWindow(request);

  const rows = await queryRows<Row>(
    db,
    sql`
    select t.id, t.fi, t.fm, t.ff, t.fe, t.match, t.total, ${INDEX_COLUMNS}
    from (
      select s.*, ${matchSql(criteria)} as match, count(*) over () as total
      from (
        select a.id, a.engagement_rate as er, a.followers as fol,
               ${industryFactorSql(criteria)} as fi, ${fm} as fm,
               ${followerFitSql(request.followerRange)} as ff,
               ${engagementQualitySql(request.platform, range.min ?? 0, (range.max ?? Infinity) - 1)} as fe
        from accounts a
        where ${sql.join(hardFilters(request, criteria, "arrays"), sql` and `)}
        offset 0 -- a fence: each factor is computed once per row, not again inside the score
      ) s
      order by match desc, s.er desc nulls last, s.fol desc, s.id
      limit ${window.size} offset ${window.offset}
    ) t
    join accounts a on a.id = t.id
    order by t.match desc, t.er desc nulls last, t.fol desc, t.id`,
  );
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : Number(
          (
            await queryRows<{ n: number | string }>(
              db,
              sql`select count(*) as n from accounts a where ${sql.join(hardFilters(request, criteria, "arrays"), sql` and `)}`,
            )
          )[0]!.n,
        );
  return {
    results: toResults(rows, request, criteria),
    total,
    page: window.page,
    pageSize: window.size,
  };
}

/** The chosen markets a row with these bits covers, each 1 when located and ESTIMATE_FACTOR when estimated. */
function coveredOf(masks: readonly bigint[], countryBits: bigint, locatedBits: bigint): number {
  let covered = 0;
  for (const mask of masks) {
    if ((locatedBits & mask) !== 0n) covered += 1;
    else if ((countryBits & mask) !== 0n) covered += ESTIMATE_FACTOR;
  }
  return covered;
}

function anyMask(targets: readonly ResolvedTarget[]): bigint | null {
  let mask = 0n;
  for (const t of targets) {
    const m = targetMask(t);
    if (m === null) return null;
    mask |= m;
  }
  return mask;
}

/**
 * When a search on a large table estimates its `total` instead of counting it (decisions 046, 047).
 * Tests pass smaller figures to take the estimated path on a small table.
 */
export interface TotalEstimation {
  /** Up to this many candidates `total` is counted exactly; above it, estimated. */
  exactUpTo: number;
  /** Rows of the whole table the estimate's block sample reads, whatever the table's size. */
  sampleRows: number;
  /** Tables with fewer rows are always counted: no slice of them is worth estimating. */
  minTableRows: number;
  /** Candidates an estimated search reads in ranking order to bound the rest. */
  rankedRead: number;
}

export const TOTAL_ESTIMATION: TotalEstimation = {
  exactUpTo: 5_000,
  sampleRows: 10_000,
  minTableRows: 200_000,
  rankedRead: 1_000,
};

/**
 * How many rows pass `where`, estimated from a block sample of about `sampleRows` rows of the
 * table (the same blocks every time while the table is unchanged, so pages agree), to two
 * significant figures; null when the estimate is `exactUpTo` or less (then the slice is counted
 * exactly).
 */
async function estimateCandidates(
  db: DbOrTx,
  where: SQL[],
  tuning: TotalEstimation,
  rows: number,
): Promise<number | null> {
  const percent = Math.min(100, (100 * tuning.sampleRows) / rows);
  const [sample] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from accounts a tablesample system (${sql.raw(percent.toFixed(4))}) repeatable (0)
        where ${sql.join(where, sql` and `)}`,
  );
  const estimate = (Number(sample?.n ?? 0) * 100) / percent;
  if (estimate <= tuning.exactUpTo) return null;
  return twoFigures(estimate);
}

/**
 * The table's row count as the planner's statistics hold it, when it is large enough for estimated
 * totals; null when it is small or was never analysed (reltuples −1): every slice is then counted.
 */
async function largeTableRows(db: DbOrTx, tuning: TotalEstimation): Promise<number | null> {
  const [table] = await queryRows<{ rows: number | string }>(
    db,
    sql`select reltuples as rows from pg_class where oid = 'accounts'::regclass`,
  );
  const rows = Number(table?.rows ?? 0);
  return rows > 0 && rows >= tuning.minTableRows ? rows : null;
}

/**
 * 63,412 → 63,000; 1,234,567 → 1,200,000. Two figures even when the sample was small (decision 047):
 * rounding coarser would add its own error to the sample's instead of showing it.
 */
export function twoFigures(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/**
 * The best coverage of the chosen markets a row of this platform and follower range can have
 * (decision 047): the best of the (country bits, located bits) patterns present, which
 * account_market_patterns keeps by trigger. Every market covered when the table holds none for the
 * slice (never expected while the triggers run, but never a bound too low).
 */
async function bestCoverage(
  db: DbOrTx,
  request: DiscoverySearchRequest,
  masks: readonly bigint[],
  union: bigint,
): Promise<number> {
  // What maskStrengthSql gives a row, worked out per pattern and kept at its best (no sort).
  const strength = sql.join(
    masks.map((m) => maskStrengthSql(m, "p")),
    sql` + `,
  );
  const [best] = await queryRows<{ c: number | string | null }>(
    db,
    sql`select max(${strength}) as c
        from account_market_patterns p
        where p.platform = ${request.platform}
          and p.follower_bucket = ${w(FOLLOWER_RANGES.indexOf(request.followerRange))}
          and (p.country_bits & ${int8(union)}) <> 0`,
  );
  return best?.c == null ? masks.length : Number(best.c);
}

/** Candidates of one industry (or of any, `industry` null), read in the order of a ranking index. */
interface Stream {
  industry: string | null;
  fi: number;
}

/**
 * The exact top `limit` from the ranking indexes (docs/decisions/003-discovery-matching.md,
 * "Top-k without scoring every candidate"). The score is Σ weight·factor where follower fit and
 * engagement quality are stored per row (their weighted sum, rounded, is discovery_base_match, which
 * orders the indexes) and the industry and market factors depend on the request: an industry the
 * request accepts is a stream of rows with one industry factor; the markets a row covers are bits.
 * - Any industry and no market: the index order is the ranking, so the first `limit` rows are it.
 * - Otherwise phase 1 counts the candidates per (stream, markets covered, base match) from a narrow
 *   index in one scan: that is `total`, and bounds every row's match from below and above. T is the
 *   highest match at least `limit` rows surely reach. Phase 2 reads, per stream, the index range of
 *   base matches whose upper bound reaches T, scores those rows exactly and keeps the best `limit`
 *   scoring T or more: every row scoring T or more is among them, so the answer is exact, ties and
 *   tie-breaks (engagement rate, followers, id) included.
 * - On a large table (decisions 046 and 047) phase 1 first reads each stream's best `rankedRead`
 *   rows in the ranking index's order. When no stream has more, those are every candidate. When one
 *   has, a sample of the table estimates how many there are: up to `exactUpTo` they are counted and
 *   grouped as above; beyond, `total` is the sample's estimate, flagged `totalEstimated`, and every
 *   row a stream's read did not reach is bounded by the lowest base match it read and by the best
 *   market coverage present in the slice (account_market_patterns). The ranking stays exact; only
 *   the count is estimated.
 * Null when the request cannot be answered this way, or when the table changed between the phases.
 */
export async function searchIndexed(
  db: DbOrTx,
  request: DiscoverySearchRequest,
  tuning: TotalEstimation = TOTAL_ESTIMATION,
): Promise<DiscoverySearchResponse | null> {
  const criteria = discoveryCriteria(request);
  const { industry, related, targets, weights, totalWeight } = criteria;
  const masks = targets.map(targetMask);
  if (masks.some((m) => m === null)) return null;
  const window = pageWindow(request);
  // The best `limit` rows are ranked exactly; the page is the last `window.size` of them.
  const limit = window.offset + window.size;
  const page = (rows: Row[], total: number): DiscoverySearchResponse => ({
    results: toResults(rows.slice(window.offset), request, criteria),
    total,
    ...(estimate === null ? {} : { totalEstimated: true }),
    page: window.page,
    pageSize: window.size,
  });
  const where = hardFilters(request, criteria, "bits");
  // A stream's own reads name its one industry and not the request's list: with the list (a scalar
  // array) the index could not hand the rows over in ranking order, and would sort the whole stream.
  const streamWhere = (stream: Stream): SQL[] =>
    stream.industry === null
      ? where
      : [
          ...hardFilters(request, { ...criteria, industry: null }, "bits"),
          sql`a.industry = ${stream.industry}`,
        ];
  const streams: Stream[] = industry
    ? [{ industry, fi: 1 }, ...related.map((r) => ({ industry: r, fi: 0.5 }))]
    : [{ industry: null, fi: NEUTRAL_FACTOR }];
  // The chosen markets the row covers, each 1 when located and ESTIMATE_FACTOR when estimated.
  const covered =
    targets.length > 0
      ? sql.join(
          masks.map((m) => maskStrengthSql(m!)),
          sql` + `,
        )
      : sql`0::float8`;
  const fm =
    targets.length > 0
      ? sql`((${covered})::float8 / ${w(targets.length)})`
      : sql`${w(NEUTRAL_FACTOR)}::float8`;
  // The ranking indexes' order (both columns are never null; "nulls last" matches the index definition).
  const order = sql`a.discovery_base_match desc nulls last, a.engagement_rate desc nulls last, a.followers desc nulls last, a.id`;
  const streamSql = (stream: Stream, from: number) => {
    const conds = [...streamWhere(stream), sql`a.discovery_base_match >= ${w(from)}`];
    return sql`(select s.id, s.er, s.fol, s.fi, s.fm, s.ff, s.fe, ${matchSql(criteria)} as match
      from (
        select a.id, a.engagement_rate as er, a.followers as fol, a.discovery_base_match as m0,
               ${w(stream.fi)}::float8 as fi, ${fm} as fm, a.follower_fit as ff, a.engagement_quality as fe
        from accounts a
        where ${sql.join(conds, sql` and `)}
        order by ${order}
      ) s)`;
  };
  const display = INDEX_COLUMNS;

  // Phase 1: how many candidates there are per stream, markets covered and base match — `total`,
  // and enough to bound every row's match from below and above without reading it.
  // Grouped by the raw bits of the chosen markets (a bitwise and per row, no arithmetic): what they
  // are worth is worked out here per group (coveredOf), as maskStrengthSql would per row.
  const unionMask = anyMask(targets) ?? 0n;
  const union = sql.raw(`${unionMask}::int8`);
  type Group = {
    ind: string | null;
    cb: number | string | bigint;
    lb: number | string | bigint;
    m0: number;
    n: number | string;
  };
  const grouped = (from: SQL) =>
    queryRows<Group>(
      db,
      sql`select ${industry ? sql`a.industry` : sql`null::text`} as ind, a.country_bits & ${union} as cb,
            a.located_bits & ${union} as lb, a.discovery_base_match as m0, count(*) as n
          from ${from}
          group by 1, 2, 3, 4`,
    );
  const everyCandidate = sql`accounts a where ${sql.join(where, sql` and `)}`;
  // On a large table (decisions 046, 047) each stream's best `ranked` rows by base match come first
  // (at least the page's rows): when no stream has more, they are every candidate, counted exactly.
  const tableRows = await largeTableRows(db, tuning);
  let estimate: number | null = null;
  // The streams whose ranked read stopped short of their last candidate.
  let truncated = new Set<string | null>();
  let groups: Group[];
  if (tableRows === null) {
    groups = await grouped(everyCandidate);
  } else {
    const ranked = Math.max(tuning.rankedRead, limit);
    const reads = streams.map(
      (stream) => sql`(select a.industry, a.country_bits, a.located_bits, a.discovery_base_match
        from accounts a where ${sql.join(streamWhere(stream), sql` and `)}
        order by ${order} limit ${w(ranked + 1)})`,
    );
    groups = await grouped(sql`(${sql.join(reads, sql` union all `)}) a`);
    const read = new Map<string | null, number>();
    for (const g of groups) read.set(g.ind, (read.get(g.ind) ?? 0) + Number(g.n));
    truncated = new Set([...read].filter(([, n]) => n > ranked).map(([ind]) => ind));
    if (truncated.size > 0) {
      // More than the ranked read: estimated from a sample when there are many, else counted.
      estimate = await estimateCandidates(db, where, tuning, tableRows);
      if (estimate === null) {
        groups = await grouped(everyCandidate);
        truncated = new Set();
      }
    }
  }
  const cells = groups.map((g) => ({ ...g, c: coveredOf(masks as bigint[], BigInt(g.cb), BigInt(g.lb)) }));
  const wBase = weights.followers + weights.engagement;
  const bounds = cells.map((cell) => {
    const fi = industry ? (cell.ind === industry ? 1 : 0.5) : NEUTRAL_FACTOR;
    const fm = targets.length > 0 ? cell.c / targets.length : NEUTRAL_FACTOR;
    const fixed = weights.industry * fi + weights.markets * fm;
    // m0 = floor(base · 100 / wBase + 0.5), so (m0 − 0.5) · wBase / 100 ≤ base < (m0 + 0.5) · wBase / 100.
    const low = ((fixed + ((cell.m0 - 0.5) * wBase) / 100) * 100) / totalWeight - EPS;
    const high = ((fixed + ((cell.m0 + 0.5) * wBase) / 100) * 100) / totalWeight + EPS;
    return { ...cell, n: Number(cell.n), low: Math.floor(low + 0.5), high: Math.floor(high + 0.5) };
  });
  const seen = bounds.reduce((a, b) => a + b.n, 0);
  const total = estimate === null ? seen : Math.max(seen, estimate);
  // The largest T that at least `limit` rows surely reach (0 when there are fewer candidates).
  let threshold = 0;
  let sure = 0;
  for (const b of [...bounds].sort((x, y) => y.low - x.low)) {
    sure += b.n;
    if (sure >= limit) {
      threshold = Math.max(0, b.low);
      break;
    }
  }

  // The best coverage an unread row can have: every market covered unless the patterns present
  // say less (decision 047), and never less than a row the ranked read saw.
  const unreadCoverage =
    truncated.size === 0 || targets.length === 0
      ? targets.length
      : Math.max(await bestCoverage(db, request, masks as bigint[], unionMask), ...bounds.map((b) => b.c));
  // The lowest base match (from `from` down) at which an unread row of a stream with industry
  // factor `fi` and that coverage can still reach T; null when none can.
  const lowestReaching = (from: number, fi: number): number | null => {
    const fixed =
      weights.industry * fi +
      weights.markets * (targets.length > 0 ? unreadCoverage / targets.length : NEUTRAL_FACTOR);
    const high = (m0: number) =>
      Math.floor(((fixed + ((m0 + 0.5) * wBase) / 100) * 100) / totalWeight + EPS + 0.5);
    if (high(from) < threshold) return null;
    let m0 = from;
    while (m0 > 0 && high(m0 - 1) >= threshold) m0 -= 1;
    return m0;
  };

  // Phase 2: per stream, the rows of every cell whose upper bound reaches T (an index range on the
  // base match), scored exactly; the best `limit` of those scoring T or more are the answer.
  const parts: SQL[] = [];
  for (const stream of streams) {
    const own = bounds.filter((b) => stream.industry === null || b.ind === stream.industry);
    const reach = own.filter((b) => b.high >= threshold);
    // Rows the ranked read did not reach have a base match no higher than the lowest it read, and at
    // best the coverage unreadCoverage: the stream reads down to where such a row still could reach T.
    const unread = truncated.has(stream.industry)
      ? lowestReaching(Math.min(...own.map((b) => b.m0)), stream.fi)
      : null;
    if (reach.length === 0 && unread === null) continue;
    const m0 = Math.min(...reach.map((b) => b.m0), unread ?? Number.POSITIVE_INFINITY);
    parts.push(streamSql(stream, m0));
  }
  if (parts.length === 0) return page([], total);
  const rows = await queryRows<Row>(
    db,
    sql`select t.*, ${display}
      from (
        select u.* from (${sql.join(parts, sql` union all `)}) u
        where u.match >= ${w(threshold)}
        order by u.match desc, u.er desc nulls last, u.fol desc, u.id
        limit ${w(limit)}
      ) t
      join accounts a on a.id = t.id
      order by t.match desc, t.er desc nulls last, t.fol desc, t.id`,
  );
  // Rows changed between the phases (a concurrent write): only the exhaustive query is exact then.
  if (rows.length < Math.min(limit, seen)) return null;
  return page(rows, total);
}
