import { describe, expect, it } from "vitest";
import { bestByRow, type ComparedAccount, type ComparedFigures, parseCompareAccounts } from "./compare";

function figures(over: Partial<ComparedFigures>): ComparedFigures {
  return {
    name: "n",
    followers: 1000,
    grade: "B",
    gradeScore: 60,
    subScores: { engagement: 50, consistency: 50, regularity: 50, growth: null, authenticity: 50 },
    engagementRate: 2,
    engagementLevel: "Medium",
    benchmark: null,
    contentMix: [],
    postsPerWeek: 3,
    medianGapDays: 2,
    priceLow: 100,
    priceHigh: 200,
    estimatedPostValue: "",
    femaleShare: null,
    topAgeBracket: null,
    audienceDemographics: "",
    isSample: true,
    lastUpdated: "2026-11-22T00:00:00.000Z",
    provenance: {},
    ...over,
  };
}
const acc = (key: string, over: Partial<ComparedFigures> | null): ComparedAccount => ({
  key,
  platform: "instagram",
  username: key,
  found: over !== null,
  ...(over ? { figures: figures(over) } : { message: "none" }),
});

describe("compare", () => {
  it("marks the highest value, the lowest price, every tie, and nothing with fewer than two figures", () => {
    const best = bestByRow([
      acc("a", { followers: 5000, priceLow: 300, engagementRate: 4 }),
      acc("b", { followers: 2000, priceLow: 80, engagementRate: 4 }),
      acc("c", null),
    ]);
    expect(best.followers).toEqual(["a"]);
    expect(best.price).toEqual(["b"]);
    expect(best.engagementRate).toEqual(["a", "b"]);
    expect(best["subScores.growth"]).toEqual([]);
    expect(bestByRow([acc("a", {})]).followers).toEqual([]);
  });

  it("reads platform:username lists, folds duplicates and names what is wrong", () => {
    expect(
      parseCompareAccounts("instagram:@Nat.Geo, youtube:UCabcdefghijklmnopqrstuv ,instagram:nat.geo"),
    ).toEqual({
      targets: [
        { platform: "instagram", username: "nat.geo" },
        { platform: "youtube", username: "UCabcdefghijklmnopqrstuv" },
      ],
    });
    expect(parseCompareAccounts("")).toEqual({ error: "accounts must list at least one platform:username" });
    expect(parseCompareAccounts("nat")).toMatchObject({ error: expect.stringContaining('"nat"') });
    expect(parseCompareAccounts("tiktok:<b>")).toMatchObject({
      error: expect.stringContaining("no valid username"),
    });
    expect(parseCompareAccounts("tiktok:a,tiktok:b,tiktok:c,tiktok:d,tiktok:e")).toMatchObject({
      error: "accounts: at most 4 creators can be compared",
    });
  });
});
