/**
 * Issue #39 item 8: with "any industry" and no market, match % still separates better from worse
 * fits. Before, every row near the middle of its range with an "exceptional" rate scored 65 %, so the
 * minimum-match filter did nothing: follower fit now peaks at the middle of the range (log scale)
 * and engagement quality keeps rising past the tier's "exceptional" mark up to twice it.
 */
import { describe, expect, it } from "vitest";
import { engagementQuality, followerFit } from "#core/discovery/match";
import type { DiscoverySearchResponse } from "#core/schemas/discovery";
import { accounts } from "../db/schema";
import { useTestApp } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";

// Instagram 10K–50K: typical 0.84–1.11 %, exceptional 2.61 % (2.7 % is just past it).
const SEEDS = [
  { username: "mid_double_exc", followers: 31_623, engagementRate: 5.3 },
  { username: "mid_exc", followers: 31_623, engagementRate: 2.7 },
  { username: "off_mid_double_exc", followers: 20_000, engagementRate: 5.3 },
  { username: "off_mid_exc", followers: 20_000, engagementRate: 2.7 },
];

describe.each(testedDatabaseKinds())(
  "match %% separates fits with any industry and no market (%s)",
  (kind) => {
    const t = useTestApp(kind, {
      seed: (database) =>
        database.db.insert(accounts).values(
          SEEDS.map((s) => ({
            platform: "instagram" as const,
            username: s.username,
            name: s.username,
            bio: "Fitness creator",
            followers: s.followers,
            industry: "Fitness",
            countries: ["United States"],
            engagementRate: s.engagementRate,
            isPrivate: false,
            isSample: false,
            verified: false,
            source: "import",
          })),
        ),
    });

    it("ranks the middle of the range and twice the exceptional rate above the rest, with distinct %", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/discovery/search",
        payload: { platform: "instagram", followerRange: "10k_to_100k", industry: "any", targetMarkets: [] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as DiscoverySearchResponse;
      expect(body.results.map((r) => [r.username, r.matchPercentage])).toEqual([
        ["mid_double_exc", 65],
        ["mid_exc", 64],
        ["off_mid_double_exc", 62],
        ["off_mid_exc", 61],
      ]);
      // Each breakdown shows the finer factors: follower fit below full off the middle, engagement
      // below full just past the "exceptional" mark.
      const points = (username: string, criterion: string) =>
        body.results
          .find((r) => r.username === username)!
          .matchBreakdown.find((b) => b.criterion === criterion)!;
      expect(points("mid_double_exc", "engagement").points).toBe(15);
      expect(points("mid_exc", "engagement").points).toBeLessThan(15);
      expect(points("off_mid_exc", "followers").points).toBeLessThan(15);
      expect(points("off_mid_exc", "followers").detail).toBe("20K followers, well inside 10K–100K");
    });

    it("keeps the factors between 0 and 1 and continuous at the band's marks", () => {
      expect(followerFit(31_623, "10k_to_100k")).toBeCloseTo(1, 4);
      expect(followerFit(20_000, "10k_to_100k")).toBeCloseTo(1 - Math.abs(Math.log10(2) - 0.5), 10);
      expect(followerFit(10_000, "10k_to_100k")).toBeCloseTo(0.5, 10);
      expect(followerFit(100_000_000, "1mil_plus")).toBeCloseTo(0.5, 10);
      expect(followerFit(200, "less_than_10k")).toBe(0);
      expect(engagementQuality("instagram", 20_000, 2.61)).toBeCloseTo(0.9, 10);
      expect(engagementQuality("instagram", 20_000, 2.6099999)).toBeCloseTo(0.9, 5);
      expect(engagementQuality("instagram", 20_000, 3.915)).toBeCloseTo(0.95, 10);
      expect(engagementQuality("instagram", 20_000, 5.22)).toBe(1);
      expect(engagementQuality("instagram", 20_000, 50)).toBe(1);
    });
  },
);
