import { buildReport } from "#core/engine/build-report";
import type { ProfileSnapshot } from "#core/schemas/snapshot";

/**
 * Examples for /api/openapi.json and /api/docs. The account examples are what the engine makes of
 * the example snapshot (not hand-written), so they always match the response schema (a test checks).
 */
const NOW = new Date("2026-11-20T10:00:00Z");
const DAY = 86_400_000;

const snapshot: ProfileSnapshot = {
  platform: "instagram",
  username: "example.chef",
  name: "Example Chef",
  bio: "Weeknight recipes in 20 minutes",
  verified: false,
  isPrivate: false,
  followers: 48_200,
  following: 310,
  postsCount: 412,
  fetchedAt: "2026-11-20T09:58:00.000Z",
  source: "capture",
  posts: Array.from({ length: 6 }, (_, i) => ({
    id: `post-${i + 1}`,
    type: i % 3 === 0 ? ("reel" as const) : ("photo" as const),
    caption: i === 1 ? "Lemon pasta, 15 minutes #recipe" : "Sunday roast #dinner",
    postedAt: new Date(NOW.getTime() - (i * 3 + 1) * DAY).toISOString(),
    likes: 1800 + i * 90,
    comments: 40 + i * 3,
    views: i % 3 === 0 ? 21_000 + i * 500 : null,
  })),
};

function accountExample(source: string, extra: Record<string, unknown> = {}) {
  const { report } = buildReport({ ...snapshot, source }, { now: NOW, history: [] });
  return {
    ...report,
    ...extra,
    id: 1234,
    platform: "instagram",
    username: "example.chef",
    isSample: false,
    source,
    lastUpdated: NOW.toISOString(),
  };
}

export const API_EXAMPLES = {
  snapshot,
  account: accountExample("instagram-web"),
  capturedAccount: accountExample("capture", {
    dataNotes: [
      {
        kind: "captured",
        source: "capture",
        fetchedAt: snapshot.fetchedAt,
        message:
          "Your capture (Ann Example), made in your browser on 20 Nov 2026 at 09:58 UTC: only you see this report. Everyone else sees the public report from live data.",
      },
    ],
    privateTo: "you",
  }),
  growth: {
    platform: "instagram",
    username: "example.chef",
    points: [
      {
        at: "2026-10-21T09:00:00.000Z",
        followers: 47_100,
        following: 305,
        postsCount: 398,
        engagementRate: 3.9,
        medianViews: 20_500,
        source: "instagram-web",
      },
      {
        at: "2026-11-20T09:58:00.000Z",
        followers: 48_200,
        following: 310,
        postsCount: 412,
        engagementRate: 4.1,
        medianViews: 21_000,
        source: "capture",
      },
    ],
    change: {
      days7: null,
      days30: {
        followers: 1100,
        followersPct: 2.34,
        engagementRate: 0.2,
        from: "2026-10-21T09:00:00.000Z",
        points: 2,
      },
      days90: null,
    },
    summary: "+2.3% followers in 30 days (measured from 2 snapshots)",
    anomalies: [],
  },
  discoverySearch: {
    platform: "instagram",
    followerRange: "10k_to_100k",
    industry: "Food",
    targetMarkets: ["uk"],
    limit: 20,
  },
  find: {
    platform: "tiktok",
    description: "home cooks in the UK who post quick weeknight recipes, 10k to 100k followers",
    limit: 20,
  },
  keyCreated: {
    id: "0b8f6a52-3c1e-4f7a-9d43-6f2b1e0c9a11",
    name: "Google Sheets",
    key: "ca_Q2hhbmdlIG1lOiB0aGlzIGlzIGFuIGV4YW1wbGUga2V5",
    scopes: ["read", "analyze"],
    createdAt: "2026-11-20T10:00:00.000Z",
  },
};
