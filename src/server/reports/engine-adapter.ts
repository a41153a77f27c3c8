import { analyzeSnapshot } from "../../core/engine";
import { isLocated, marketBasisOf } from "../../core/markets/basis";
import type { ProfileSnapshot } from "../../core/schemas/snapshot";
import type { AccountIndexFields } from "./account-repo";
import type { ReportEngine } from "./report-service";

/** Bump when the engine's methods change, so stored reports say which version made them. */
export const ENGINE_VERSION = "1";

/**
 * The listing fields stored on the account row, from an engine report (and the snapshot it read,
 * for the market basis: the name, bio and post geotags).
 */
export function indexFieldsOf(
  report: {
    industry: string;
    engagementRate: string;
    grade: string | null;
    recommendedCountries: string[];
    metrics?: { countries?: readonly { country: string; reason?: string }[] };
  },
  snapshot?: Pick<ProfileSnapshot, "name" | "bio" | "posts">,
): AccountIndexFields {
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

/** The pure engine of src/core behind the report service's interface. */
export const reportEngine: ReportEngine = {
  version: ENGINE_VERSION,
  run(snapshot: ProfileSnapshot, ctx) {
    const report = analyzeSnapshot(snapshot, { now: ctx.now, history: ctx.history });
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
        ...(report as unknown as Record<string, unknown>),
        avatarUrl: snapshot.avatarUrl ?? null,
        recentPosts,
      },
      index: indexFieldsOf(report, snapshot),
    };
  },
};

/** Index fields straight from a snapshot (seeding sample creators). */
export function indexFieldsForSnapshot(snapshot: ProfileSnapshot, now: Date): AccountIndexFields {
  return indexFieldsOf(analyzeSnapshot(snapshot, { now, history: [] }), snapshot);
}
