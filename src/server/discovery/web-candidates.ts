/**
 * Discovery's web candidates (issue #8, docs/decisions/009-discovery-web-candidates.md): with a
 * web-search model configured, a signed-in user's search may add up to 5 accounts the model proposes.
 * Each is fetched through the collectors and analysed exactly like an analysis (same single flight,
 * stored as an ordinary analysed account), then verified — right platform, exists, public, measured,
 * follower count inside the requested range — before it is shown, marked `foundVia: "web"` and scored
 * like any index row. Nothing unverified is ever shown. Bounded: one model request, at most 5
 * candidates, 2 fetches at once, a 20 s budget, and a per-user daily cap on such searches.
 */

import { and, eq, inArray } from "drizzle-orm";
import {
  engagementQuality,
  FOLLOWER_RANGE_FILTER,
  followerFit,
  industryFit,
  marketFit,
  NEUTRAL_FACTOR,
  rawMatch,
} from "#core/discovery/match";
import { canonicalHandle, stripAt } from "#core/handles";
import { parseProfileInput } from "#core/parser/parse-profile-input";
import { figuresOf } from "#core/schemas/account-origin";
import type {
  DiscoveryResult,
  DiscoverySearchRequest,
  DiscoverySearchResponse,
  WebCandidatesNote,
} from "#core/schemas/discovery";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import { MAX_WEB_CANDIDATES, type WebCandidateProposer } from "../ai/web-candidates";
import type { DbOrTx } from "../db/database";
import { accounts } from "../db/schema";
import { abortReason } from "../lib/abort";
import { giveBackDailyUnit, takeDailyUnit, utcDay } from "../quota/quota-service";
import {
  type DiscoveryAccount,
  type DiscoveryService,
  discoveryCriteria,
  discoveryResultOf,
} from "./discovery-service";

/** Defaults of the bounds (docs/decisions/009-discovery-web-candidates.md). */
export const WEB_CANDIDATE_LIMITS = {
  /** Web-candidate searches per signed-in user per UTC day. */
  perUserPerDay: 20,
  /** After this, the index results return without the candidates still being checked. */
  budgetMs: 20_000,
  /** Upstream fetches at once. */
  concurrency: 2,
  maxCandidates: MAX_WEB_CANDIDATES,
} as const;

export const INDEX_ONLY = "Showing accounts from our index only.";
const NOT_A_SEARCH_MODEL =
  "The model chosen in the settings does not search the web, so no accounts were looked up.";

/** Fetches and analyses one account like an analysis would (ReportService.analyzeCandidate). */
export type CandidateVerifier = (
  platform: Platform,
  handle: string,
  opts: { signal: AbortSignal },
) => Promise<{ id: number; source?: unknown }>;

export interface WebCandidateLogger {
  warn(obj: object, msg: string): void;
}

export interface WebCandidateServiceDeps {
  db: DbOrTx;
  discovery: DiscoveryService;
  /** Absent when no web-search model is configured: requests asking for candidates get a note. */
  proposer?: WebCandidateProposer;
  verify?: CandidateVerifier;
  now: () => Date;
  logger?: WebCandidateLogger;
  limits?: Partial<{ perUserPerDay: number; budgetMs: number; concurrency: number; maxCandidates: number }>;
}

export interface WebCandidateService {
  /** The index search, plus verified web candidates when the request asks and the user may have them. */
  search(
    request: DiscoverySearchRequest,
    who: { userId?: string },
    opts?: { signal?: AbortSignal },
  ): Promise<DiscoverySearchResponse>;
}

/** Why a proposed handle was not shown (logged, counted; never shown as an account). */
type Rejection =
  | "not_found"
  | "fetch_failed"
  | "not_measured"
  | "wrong_platform"
  | "private"
  | "out_of_range"
  | "unfinished";

const PROFILE_LINK_KINDS = new Set(["profile", "handle", "channel_id", "custom_url", "legacy_user"]);

/** A proposed handle as the platform spells it, or null when it is not plainly a handle of that platform. */
export function candidateHandle(raw: string, platform: Platform): string | null {
  const parsed = parseProfileInput(raw, platform);
  if (!parsed.isValid || !parsed.username) return null;
  if (parsed.inputType === "url") {
    if (parsed.platform !== platform || !PROFILE_LINK_KINDS.has(parsed.linkKind ?? "")) return null;
  } else if (parsed.inputType !== "username" && parsed.inputType !== "at_mention") {
    // A name squashed into a handle ("Ana Style" → anastyle) is a guess; a handle written with
    // capitals ("Ana.Style") is not.
    if (parsed.username !== stripAt(raw.trim()).toLowerCase()) return null;
  }
  return canonicalHandle(platform, parsed.username);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function createWebCandidateService(deps: WebCandidateServiceDeps): WebCandidateService {
  const limits = { ...WEB_CANDIDATE_LIMITS, ...deps.limits };
  const { db } = deps;

  /** One web-candidate search from the user's daily cap, atomically (the quota statement's pattern). */
  const takeSearch = (userId: string, day: string) =>
    takeDailyUnit(db, subjectOf(userId), day, limits.perUserPerDay);
  const giveBack = (userId: string, day: string) => giveBackDailyUnit(db, subjectOf(userId), day);

  /** Handles that are already accounts of the index (any source): nothing to discover there. */
  async function known(platform: Platform, handles: string[]): Promise<Set<string>> {
    if (handles.length === 0) return new Set();
    const rows = await db
      .select({ username: accounts.username })
      .from(accounts)
      .where(and(eq(accounts.platform, platform), inArray(accounts.username, handles)));
    return new Set(rows.map((r) => r.username));
  }

  async function storedAccount(id: number) {
    const [row] = await db
      .select({
        platform: accounts.platform,
        username: accounts.username,
        name: accounts.name,
        verified: accounts.verified,
        followers: accounts.followers,
        industry: accounts.industry,
        bio: accounts.bio,
        engagementRate: accounts.engagementRate,
        countries: accounts.countries,
        marketBasis: accounts.marketBasis,
        locatedCountries: accounts.locatedCountries,
        isSample: accounts.isSample,
        isPrivate: accounts.isPrivate,
        source: accounts.source,
        origin: accounts.origin,
        lastFetchedAt: accounts.lastFetchedAt,
        lastAnalyzedAt: accounts.lastAnalyzedAt,
      })
      .from(accounts)
      .where(eq(accounts.id, id))
      .limit(1);
    return row;
  }

  /** Fetches, analyses and checks one handle; the scored result, or why it is not shown. */
  async function check(
    request: DiscoverySearchRequest,
    handle: string,
    signal: AbortSignal,
  ): Promise<{ result: DiscoveryResult; engagement: number | null } | { rejected: Rejection }> {
    let view: { id: number; source?: unknown };
    try {
      view = await deps.verify!(request.platform, handle, { signal });
    } catch (err) {
      if (signal.aborted) return { rejected: "unfinished" };
      const code = (err as { code?: unknown }).code;
      return {
        rejected: code === "ACCOUNT_NOT_FOUND" || code === "NOT_FOUND" ? "not_found" : "fetch_failed",
      };
    }
    const row = await storedAccount(view.id);
    // A flight it joined may have produced a web-search estimate: only measured data verifies.
    if (!row || view.source === "web-search" || row.source === "web-search" || row.isSample) {
      return { rejected: "not_measured" };
    }
    if (row.platform !== request.platform) return { rejected: "wrong_platform" };
    if (row.isPrivate) return { rejected: "private" };
    const range = FOLLOWER_RANGE_FILTER[request.followerRange];
    const followers = Number(row.followers);
    if ((range.min !== null && followers < range.min) || (range.max !== null && followers >= range.max)) {
      return { rejected: "out_of_range" };
    }
    const platform = row.platform as Platform;
    const account: DiscoveryAccount = {
      username: row.username,
      platform,
      name: row.name,
      verified: row.verified,
      followers,
      industry: row.industry,
      bio: row.bio,
      engagementRate: row.engagementRate,
      countries: row.countries ?? [],
      isSample: false,
      marketBasis: row.marketBasis ?? [],
      origin: row.origin,
      figures: figuresOf({
        is_sample: false,
        last_fetched_at: row.lastFetchedAt,
        last_analyzed_at: row.lastAnalyzedAt,
      }),
    };
    const criteria = discoveryCriteria(request);
    const factors = {
      fi: criteria.industry ? industryFit(account.industry, criteria.industry) : NEUTRAL_FACTOR,
      fm: marketFit(account.countries, criteria.targets, row.locatedCountries ?? []),
      ff: followerFit(followers, request.followerRange),
      fe: engagementQuality(platform, followers, account.engagementRate),
    };
    const { weights } = criteria;
    const match = Math.floor(
      rawMatch([
        { criterion: "industry", weight: weights.industry, factor: factors.fi, detail: "" },
        { criterion: "markets", weight: weights.markets, factor: factors.fm, detail: "" },
        { criterion: "followers", weight: weights.followers, factor: factors.ff, detail: "" },
        { criterion: "engagement", weight: weights.engagement, factor: factors.fe, detail: "" },
      ]) + 0.5,
    );
    return {
      result: { ...discoveryResultOf(account, factors, match, request, criteria), foundVia: "web" },
      engagement: account.engagementRate,
    };
  }

  /** Checks the handles, `concurrency` at a time, until done or the signal (budget, client) aborts. */
  async function checkAll(request: DiscoverySearchRequest, handles: string[], signal: AbortSignal) {
    const found: { result: DiscoveryResult; engagement: number | null }[] = [];
    const rejected: Record<string, Rejection> = {};
    let next = 0;
    const worker = async () => {
      while (next < handles.length) {
        const handle = handles[next++]!;
        if (signal.aborted) {
          rejected[handle] = "unfinished";
          continue;
        }
        const outcome = await check(request, handle, signal);
        if ("result" in outcome) found.push(outcome);
        else rejected[handle] = outcome.rejected;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, limits.concurrency) }, worker));
    return { found, rejected };
  }

  return {
    async search(request, who, opts = {}) {
      const index = await deps.discovery.search(request);
      if (!request.includeWebCandidates) return index;
      const fromIndex: DiscoveryResult[] = index.results.map((r) => ({ ...r, foundVia: "index" }));
      // What the index search said about its own answer: an estimated total, samples left out or not.
      const about = {
        ...(index.totalEstimated ? { totalEstimated: true } : {}),
        ...(index.samples ? { samples: index.samples } : {}),
      };
      const indexOnly = (status: WebCandidatesNote["status"], message: string, proposed = 0) => ({
        results: fromIndex,
        total: index.total,
        ...about,
        page: index.page,
        pageSize: index.pageSize,
        webCandidates: { status, message: `${message} ${INDEX_ONLY}`, proposed, added: 0 },
      });

      if (!deps.proposer || !deps.verify) {
        return indexOnly(
          "unavailable",
          "Web search is not set up on this installation (it needs a web-search model such as Perplexity Sonar).",
        );
      }
      if (!deps.proposer.enabled) return indexOnly("unavailable", NOT_A_SEARCH_MODEL);
      if (!who.userId) {
        return indexOnly("sign_in_required", "Sign in to add accounts found on the web.");
      }
      const userId = who.userId;
      const day = utcDay(deps.now());
      if (!(await takeSearch(userId, day))) {
        return indexOnly(
          "limit_reached",
          `You've reached your daily limit of ${plural(limits.perUserPerDay, "web search", "web searches")}. It resets at midnight UTC.`,
        );
      }

      const budget = new AbortController();
      const timer = setTimeout(
        () => budget.abort(new Error(`web candidates: ${limits.budgetMs} ms budget spent`)),
        limits.budgetMs,
      );
      const signal = opts.signal ? AbortSignal.any([opts.signal, budget.signal]) : budget.signal;
      const deadline = Date.now() + limits.budgetMs;
      try {
        const inResults = new Set(index.results.map((r) => r.username));
        let proposal: Awaited<ReturnType<WebCandidateProposer["propose"]>>;
        try {
          proposal = await deps.proposer.propose(
            {
              platform: request.platform,
              followerRange: request.followerRange,
              industry: request.industry,
              targetMarkets: request.targetMarkets,
              exclude: index.results.filter((r) => !r.isSample).map((r) => r.username),
            },
            { signal, deadline, max: limits.maxCandidates },
          );
        } catch (err) {
          if (opts.signal?.aborted) throw abortReason(opts.signal);
          await giveBack(userId, day);
          const late = budget.signal.aborted ? ` within ${Math.round(limits.budgetMs / 1000)} s` : "";
          deps.logger?.warn(
            { reason: (err as Error)?.message?.slice(0, 300) },
            "web candidates: no proposal",
          );
          return indexOnly("failed", `The web search did not answer${late}.`);
        }
        if (!proposal) {
          await giveBack(userId, day);
          return indexOnly("unavailable", NOT_A_SEARCH_MODEL);
        }

        const handles: string[] = [];
        for (const raw of proposal.handles) {
          const handle = candidateHandle(raw, request.platform);
          if (handle && !handles.includes(handle) && !inResults.has(handle)) handles.push(handle);
        }
        const already = await known(request.platform, handles);
        const fresh = handles.filter((h) => !already.has(h)).slice(0, limits.maxCandidates);
        if (fresh.length === 0) {
          return indexOnly("none", "The web search found no accounts that are not already listed.");
        }

        const { found, rejected } = await checkAll(request, fresh, signal);
        if (opts.signal?.aborted) throw abortReason(opts.signal);
        const unfinished = Object.values(rejected).filter((r) => r === "unfinished").length;

        const results = [...fromIndex];
        // Ranked like the index: match %, then engagement; an index row goes first on a full tie.
        const rate = (r: DiscoveryResult) => Number.parseFloat(r.engagementRate) || -1;
        for (const { result, engagement } of found.sort(
          (a, b) =>
            b.result.matchPercentage - a.result.matchPercentage ||
            (b.engagement ?? -1) - (a.engagement ?? -1),
        )) {
          let at = results.findIndex(
            (r) =>
              r.matchPercentage < result.matchPercentage ||
              (r.matchPercentage === result.matchPercentage &&
                r.foundVia === "index" &&
                rate(r) < (engagement ?? -1)),
          );
          if (at < 0) at = results.length;
          results.splice(at, 0, result);
        }

        const platform = PLATFORM_LABELS[request.platform];
        const late =
          unfinished > 0
            ? ` ${plural(unfinished, "account was", "accounts were")} still being checked when the ${Math.round(limits.budgetMs / 1000)} s limit ran out.`
            : "";
        const note: WebCandidatesNote =
          found.length > 0
            ? {
                status: "added",
                message: `Added ${plural(found.length, "account", "accounts")} found on the web, each checked on ${platform} and analysed (${found.length} of ${fresh.length} proposed).${late}`,
                proposed: fresh.length,
                added: found.length,
              }
            : {
                status: "none",
                message: `The web search proposed ${plural(fresh.length, "account", "accounts")}, but none could be verified on ${platform} within your criteria.${late} ${INDEX_ONLY}`,
                proposed: fresh.length,
                added: 0,
              };
        return {
          results,
          total: index.total + found.length,
          ...about,
          page: index.page,
          pageSize: index.pageSize,
          webCandidates: note,
        };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function subjectOf(userId: string): string {
  return `web-candidates:user:${userId}`;
}
