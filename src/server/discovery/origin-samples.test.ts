/**
 * Issue #35 items 3 and 6: every discovery and finder row says where it came from and what its figures
 * rest on (full report, profile figures only, sample data) and when they were read; profile-only rows
 * get no engagement points; sample creators step aside once a platform has real ones, and an admin
 * can remove them all.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figuresLabel } from "#core/schemas/account-origin";
import type { DiscoveryResult, DiscoverySearchResponse, FinderResult } from "#core/schemas/discovery";
import { accounts } from "../db/schema";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";

const NOW = new Date("2026-11-27T12:00:00Z");
const DAY = 86_400_000;

function cookieOf(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies
    .filter((c) => c.value)
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}

const base = {
  bio: "Vegan recipes and plant-based cooking",
  industry: "Food",
  countries: ["Germany"],
  isPrivate: false,
  verified: false,
};

describe.each(testedDatabaseKinds())("rows say what they rest on; samples step aside (%s)", (kind) => {
  let h: TestAppHandle;
  let admin = "";
  let user = "";
  const search = async (payload: Record<string, unknown>) => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/discovery/search",
      payload: { platform: "youtube", followerRange: "10k_to_100k", industry: "Food", ...payload },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DiscoverySearchResponse;
  };
  const row = (body: DiscoverySearchResponse, username: string) =>
    body.results.find((r) => r.username === username) as DiscoveryResult;

  beforeAll(async () => {
    h = await startTestApp(kind, {
      env: { DEV_LOGIN: "1", ADMIN_EMAILS: "admin@example.com" },
      now: () => NOW,
      seed: async (database) => {
        await database.db.insert(accounts).values([
          // Samples only on TikTok; samples and real creators on YouTube.
          {
            ...base,
            platform: "tiktok",
            username: "sample_tt",
            followers: 50_000,
            engagementRate: 5,
            source: "sample",
            isSample: true,
            origin: "sample",
          },
          {
            ...base,
            platform: "youtube",
            username: "sample_yt",
            followers: 50_000,
            engagementRate: 5,
            source: "sample",
            isSample: true,
            origin: "sample",
          },
          {
            ...base,
            platform: "youtube",
            username: "UCreported",
            followers: 40_000,
            engagementRate: 4,
            source: "youtube-api",
            origin: "report",
            lastFetchedAt: new Date(NOW.getTime() - 10 * DAY),
            lastAnalyzedAt: new Date(NOW.getTime() - 10 * DAY),
          },
          {
            ...base,
            platform: "youtube",
            username: "UCprofileonly",
            followers: 40_000,
            engagementRate: null,
            source: "youtube-api",
            origin: "search",
            lastFetchedAt: new Date(NOW.getTime() - 3 * DAY),
            lastAnalyzedAt: null,
          },
        ]);
      },
    });
    const signIn = async (email: string) =>
      cookieOf(await h.app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email } }));
    admin = await signIn("admin@example.com");
    user = await signIn("user@example.com");
  });
  afterAll(async () => {
    await h?.close();
  });

  it("says where each row came from and what its figures rest on, with their age", async () => {
    const body = await search({});
    const reported = row(body, "UCreported");
    expect(reported.origin).toBe("report");
    expect(reported.figures).toEqual({
      kind: "report",
      readAt: new Date(NOW.getTime() - 10 * DAY).toISOString(),
    });
    expect(figuresLabel(reported.figures, NOW)).toBe("full report, 10 days old");
    const profile = row(body, "UCprofileonly");
    expect(profile.origin).toBe("search");
    expect(profile.figures.kind).toBe("profile");
    expect(figuresLabel(profile.figures, NOW)).toBe("profile figures, 3 days old");
    const sample = row(await search({ samples: "include" }), "sample_yt");
    expect(sample.origin).toBe("sample");
    expect(figuresLabel(sample.figures, NOW)).toBe("sample data");
  });

  it("gives a profile-only row no engagement points, and says so", async () => {
    const profile = row(await search({}), "UCprofileonly");
    const engagement = profile.matchBreakdown.find((b) => b.criterion === "engagement")!;
    expect(engagement.points).toBe(0);
    expect(engagement.detail).toContain("profile figures only");
    // The rest of the match is what is known: industry, market, follower fit.
    expect(profile.matchBreakdown.reduce((sum, b) => sum + b.points, 0)).toBe(profile.matchPercentage);
  });

  it("excludes samples by default once a platform has real creators, and includes them when asked", async () => {
    const youtube = await search({});
    expect(youtube.samples).toEqual({ mode: "exclude", defaulted: true });
    expect(youtube.results.map((r) => r.username).sort()).toEqual(["UCprofileonly", "UCreported"]);
    expect(youtube.total).toBe(2);
    const withSamples = await search({ samples: "include" });
    expect(withSamples.samples).toEqual({ mode: "include", defaulted: false });
    expect(withSamples.total).toBe(3);
    expect(row(withSamples, "sample_yt").isSample).toBe(true);
    // TikTok holds only samples: they are shown (and labelled) until real creators arrive.
    const tiktok = await search({ platform: "tiktok" });
    expect(tiktok.samples).toEqual({ mode: "include", defaulted: true });
    expect(tiktok.results.map((r) => r.username)).toEqual(["sample_tt"]);
    expect((await search({ platform: "tiktok", samples: "exclude" })).results).toEqual([]);
  });

  it("refuses an unknown samples mode, naming the field", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/discovery/search",
      payload: { platform: "youtube", followerRange: "10k_to_100k", samples: "some" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('samples must be "include" or "exclude"');
  });

  it("gives finder rows their origin and figures too", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/accounts/find",
      payload: { platform: "youtube", description: "vegan recipes from Germany" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as FinderResult[];
    const profile = results.find((r) => r.username === "UCprofileonly")!;
    expect(profile).toMatchObject({ origin: "search", figures: { kind: "profile" } });
  });

  it("lets only an admin remove every sample creator", async () => {
    const anonymous = await h.app.inject({ method: "DELETE", url: "/api/settings/samples" });
    expect(anonymous.statusCode).toBe(401);
    const other = await h.app.inject({
      method: "DELETE",
      url: "/api/settings/samples",
      headers: { cookie: user },
    });
    expect(other.statusCode).toBe(403);
    const res = await h.app.inject({
      method: "DELETE",
      url: "/api/settings/samples",
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: 2 });
    const left = await h.database.db.execute(sql`select count(*)::int as n from accounts where is_sample`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect((await search({ platform: "tiktok", samples: "include" })).results).toEqual([]);
    expect((await search({ samples: "include" })).total).toBe(2);
  });
});
