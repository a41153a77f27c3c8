import { isLocated, type MarketBasis, marketBasisOf } from "../markets/basis";
import type { StoredReport } from "../schemas/account";
import type { EngineReport } from "../schemas/report";
import type { ProfileSnapshot } from "../schemas/snapshot";
import { type AnalyzeOptions, analyzeSnapshot } from "./analyze";
import type { HistoryPoint } from "./grade";
import { websiteOf } from "./website";

/** Bump when the engine's methods change, so stored reports say which version made them. */
export const ENGINE_VERSION = "1";

/** The listing fields stored on the account row, for listing, search and discovery. */
export interface IndexFields {
  industry: string;
  engagementRate: number | null;
  grade: string | null;
  countries: string[];
  /** What each country rests on (absent: every country is an estimate with no recorded basis). */
  marketBasis?: MarketBasis[];
  /** The countries a location signal backs (a subset of countries). */
  locatedCountries?: string[];
}

/**
 * The listing fields stored on the account row, from an engine report (and the snapshot it read,
 * for the market basis: the name, bio and post geotags).
 */
export function indexFieldsOf(
  report: Pick<EngineReport, "industry" | "engagementRate" | "grade" | "recommendedCountries"> & {
    metrics?: { countries?: readonly { country: string; reason?: string }[] };
  },
  snapshot?: Pick<ProfileSnapshot, "name" | "bio" | "posts">,
): IndexFields {
  const er = Number.parseFloat(report.engagementRate);
  const countries = report.recommendedCountries.slice(0, 10);
  const reasons = new Map((report.metrics?.countries ?? []).map((c) => [c.country, c.reason]));
  const marketBasis = marketBasisOf({
    countries: countries.map((country) => ({ country, reason: reasons.get(country) })),
    name: snapshot?.name,
    bio: snapshot?.bio,
    geotags: (snapshot?.posts ?? []).flatMap((p) => {
      const location = (p as { location?: unknown }).location;
      return typeof location === "string" ? [location.slice(0, 200)] : [];
    }),
  });
  return {
    industry: report.industry,
    engagementRate: Number.isFinite(er) ? er : null,
    grade: report.grade,
    countries,
    marketBasis,
    locatedCountries: marketBasis.filter((b) => isLocated(b.kind)).map((b) => b.country),
  };
}

/**
 * The report as it is stored: the engine's report plus the avatar and the recent posts the charts
 * draw, and the index fields of the account row. Pure: `now` and the follower history come in.
 */
export function buildReport(
  snapshot: ProfileSnapshot,
  ctx: Pick<AnalyzeOptions, "pricing" | "installationBenchmarks"> & { now: Date; history: HistoryPoint[] },
): { report: StoredReport; index: IndexFields } {
  const report = analyzeSnapshot(snapshot, {
    now: ctx.now,
    history: ctx.history,
    pricing: ctx.pricing,
    installationBenchmarks: ctx.installationBenchmarks,
  });
  const recentPosts = snapshot.posts.slice(0, 30).map((p) => ({
    id: p.id,
    type: p.type,
    caption: typeof p.caption === "string" ? p.caption.slice(0, 500) : null,
    postedAt: p.postedAt,
    likes: p.likes ?? null,
    comments: p.comments ?? null,
    views: p.views ?? null,
    shares: p.shares ?? null,
  }));
  return {
    report: {
      ...report,
      avatarUrl: snapshot.avatarUrl ?? null,
      externalUrl: websiteOf(snapshot.externalUrl),
      recentPosts,
    },
    index: indexFieldsOf(report, snapshot),
  };
}

/** Index fields straight from a snapshot (seeding sample creators). */
export function indexFieldsForSnapshot(snapshot: ProfileSnapshot, now: Date): IndexFields {
  return indexFieldsOf(analyzeSnapshot(snapshot, { now, history: [] }), snapshot);
}
