import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import {
  breakdown,
  type CriterionScore,
  DISCOVERY_WEIGHTS,
  engagementLevelOf,
  engagementQuality,
  followerFit,
  industryFit,
  marketFit,
  NEUTRAL_FACTOR,
  rawMatch,
  resolveTargets,
} from "#core/discovery/match";
import type { MarketBasis } from "#core/markets/basis";
import type { DiscoveryResult, FinderResult } from "#core/schemas/discovery";
import type { Industry } from "#core/taxonomy";
import { accounts } from "../db/schema";
import { registerErrorHandler } from "../http/error-handler";
import { syncEmbeddings } from "../similar/embedding-store";
import { useTestApp } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";
import { createDiscoveryService } from "./discovery-service";
import { createFinderService } from "./finder/finder-service";
import { discoveryRoutes } from "./routes";
import { createWebCandidateService } from "./web-candidates";

type Seed = {
  platform?: "instagram" | "tiktok" | "youtube";
  username: string;
  name?: string;
  bio?: string;
  followers: number;
  industry: Industry;
  countries: string[];
  engagementRate: number | null;
  isPrivate?: boolean;
  isSample?: boolean;
  verified?: boolean;
  /**
   * Countries a location signal backs, with the words that show it (kind "bio" unless `locatedBy`
   * says otherwise); the other countries rest on the caption language (an estimate).
   */
  located?: Record<string, string>;
  locatedBy?: "bio" | "name" | "location";
};

/** Instagram unless said otherwise. Rates are per follower (10K–50K typical band: 0.84–1.11 %). */
const SEED: Seed[] = [
  // Discovery: Fitness creators of every kind, and their neighbours.
  {
    username: "fit_us",
    followers: 40_000,
    industry: "Fitness",
    countries: ["United States"],
    located: { "United States": "Miami" },
    engagementRate: 2.0,
    verified: true,
  },
  { username: "fit_ca", followers: 30_000, industry: "Fitness", countries: ["Canada"], engagementRate: 1.0 },
  { username: "fit_de", followers: 35_000, industry: "Fitness", countries: ["Germany"], engagementRate: 1.0 },
  {
    username: "fit_edge",
    followers: 10_500,
    industry: "Fitness",
    countries: ["United States"],
    engagementRate: 2.0,
  },
  {
    username: "fit_noer",
    followers: 40_000,
    industry: "Fitness",
    countries: ["United States"],
    engagementRate: null,
  },
  {
    username: "fit_low_er",
    followers: 40_000,
    industry: "Fitness",
    countries: ["United States"],
    engagementRate: 0.5,
  },
  {
    username: "fit_world",
    followers: 45_000,
    industry: "Fitness",
    countries: ["United States", "India", "Brazil"],
    engagementRate: 1.0,
  },
  {
    username: "fit_sample",
    followers: 25_000,
    industry: "Fitness",
    countries: ["United States", "Canada"],
    located: { "United States": "United States", Canada: "Canada" },
    locatedBy: "location",
    engagementRate: 1.1,
    isSample: true,
  },
  {
    username: "wellness_us",
    followers: 40_000,
    industry: "Health & Wellness",
    countries: ["United States"],
    engagementRate: 2.0,
  },
  {
    username: "food_us",
    followers: 40_000,
    industry: "Food",
    countries: ["United States"],
    engagementRate: 2.0,
  },
  {
    username: "fit_private",
    followers: 40_000,
    industry: "Fitness",
    countries: ["United States"],
    engagementRate: 2.0,
    isPrivate: true,
  },
  {
    username: "fit_big",
    followers: 500_000,
    industry: "Fitness",
    countries: ["United States"],
    engagementRate: 2.0,
  },
  {
    username: "fit_small",
    followers: 5_000,
    industry: "Fitness",
    countries: ["United States"],
    engagementRate: 2.0,
  },
  {
    platform: "tiktok",
    username: "fit_tiktok",
    followers: 40_000,
    industry: "Fitness",
    countries: ["United States"],
    engagementRate: 9.0,
  },
  // Finder: bios to search.
  {
    username: "vegan_chef",
    name: "Maya Green",
    bio: "Vegan chef sharing plant-based recipes and easy weeknight cooking from Toronto. ".repeat(4),
    followers: 52_000,
    industry: "Food",
    countries: ["Canada"],
    located: { Canada: "Toronto" },
    engagementRate: 1.3,
  },
  {
    username: "vienna_kitchen",
    name: "Wiener Küche",
    bio: "Traditional Austrian cooking, cakes and coffee house recipes",
    followers: 18_000,
    industry: "Food",
    countries: ["Austria"],
    located: { Austria: "vienna" },
    locatedBy: "name",
    engagementRate: 0.9,
  },
  {
    username: "glow_lab",
    name: "Glow Lab",
    bio: "Skincare routines, makeup tips and honest product reviews",
    followers: 24_000,
    industry: "Beauty",
    countries: ["United States"],
    engagementRate: 1.05,
  },
  {
    username: "skin_giant",
    name: "Skin Giant",
    bio: "Skincare science for everyone",
    followers: 2_400_000,
    industry: "Beauty",
    countries: ["United States", "United Kingdom"],
    engagementRate: 1.1,
  },
  {
    username: "vegan_name_only",
    name: "The Vegan Kid",
    bio: "Daily life in Vancouver",
    followers: 15_000,
    industry: "Lifestyle",
    countries: ["Canada"],
    engagementRate: 1.0,
  },
  {
    platform: "tiktok",
    username: "vegan_tiktok",
    bio: "Vegan cooking in 60 seconds",
    followers: 80_000,
    industry: "Food",
    countries: ["Canada"],
    engagementRate: 9.0,
  },
];

function row(s: Seed) {
  return {
    platform: s.platform ?? "instagram",
    username: s.username,
    name: s.name ?? s.username.replace(/_/g, " "),
    bio: s.bio ?? `${s.industry} creator`,
    followers: s.followers,
    industry: s.industry,
    countries: s.countries,
    locatedCountries: Object.keys(s.located ?? {}),
    marketBasis: s.countries.map((country): MarketBasis => {
      const evidence = s.located?.[country];
      return evidence
        ? { country, kind: s.locatedBy ?? "bio", evidence }
        : { country, kind: "language", evidence: "English" };
    }),
    engagementRate: s.engagementRate,
    isPrivate: s.isPrivate ?? false,
    isSample: s.isSample ?? false,
    verified: s.verified ?? false,
    source: s.isSample ? "sample" : "import",
  };
}

const bySeed = new Map(SEED.map((s) => [s.username, s]));

describe.each(testedDatabaseKinds())("discovery and account finder on %s", (kind) => {
  // The whole app registers discoveryRoutes (the app's wiring is part of what is tested).
  // Representations are built in the seed, as an import would (the housekeeping would build them
  // too, but later than the first request): the finder's meaning match then sees every account.
  const t = useTestApp(kind, {
    seed: async (database) => {
      await database.db.insert(accounts).values(SEED.map(row));
      await syncEmbeddings(database.db);
    },
  });

  const search = (payload: object) => t.app.inject({ method: "POST", url: "/api/discovery/search", payload });
  const find = (payload: object) => t.app.inject({ method: "POST", url: "/api/accounts/find", payload });
  const discover = async (payload: Record<string, unknown>) => {
    // These tests rank a mix of real and sample rows: samples are asked for (their default: origin-samples.test.ts).
    const res = await search({
      platform: "instagram",
      followerRange: "10k_to_100k",
      samples: "include",
      ...payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { results: DiscoveryResult[]; total: number };
  };
  const names = (results: { username: string }[]) => results.map((r) => r.username).sort();

  describe("POST /api/discovery/search", () => {
    it("filters by platform and follower range, never shows private accounts, and counts them all", async () => {
      const body = await discover({ industry: "any", targetMarkets: [] });
      expect(names(body.results)).toEqual(
        [
          "fit_us",
          "fit_ca",
          "fit_de",
          "fit_edge",
          "fit_noer",
          "fit_low_er",
          "fit_world",
          "fit_sample",
          "wellness_us",
          "food_us",
          "vegan_chef",
          "vienna_kitchen",
          "glow_lab",
          "vegan_name_only",
        ].sort(),
      );
      expect(body.total).toBe(14);
      const big = await discover({ followerRange: "100k_to_1mil" });
      expect(names(big.results)).toEqual(["fit_big"]);
      const small = await discover({ followerRange: "less_than_10k" });
      expect(names(small.results)).toEqual(["fit_small"]);
      const mega = await discover({ followerRange: "1mil_plus" });
      expect(names(mega.results)).toEqual(["skin_giant"]);
      const tiktok = await discover({ platform: "tiktok" });
      expect(names(tiktok.results)).toEqual(["fit_tiktok", "vegan_tiktok"]);
    });

    it("keeps the chosen industry and its related ones, with half the points for a related one", async () => {
      const body = await discover({ industry: "Fitness", targetMarkets: ["united states"] });
      const got = names(body.results);
      expect(got).toContain("wellness_us");
      expect(got).not.toContain("food_us");
      expect(got).not.toContain("glow_lab");
      const industryOf = (u: string) =>
        body.results.find((r) => r.username === u)!.matchBreakdown.find((b) => b.criterion === "industry")!;
      expect(industryOf("fit_us")).toMatchObject({ points: 40, max: 40, detail: "Fitness, as asked" });
      expect(industryOf("wellness_us")).toMatchObject({
        points: 20,
        max: 40,
        detail: "Health & Wellness, related to Fitness",
      });
      // Same size, markets and engagement: the exact industry ranks first.
      const order = body.results.map((r) => r.username);
      expect(order.indexOf("fit_us")).toBeLessThan(order.indexOf("wellness_us"));
    });

    it("keeps accounts that reach at least one target market, scoring the share they reach", async () => {
      const us = await discover({ industry: "Fitness", targetMarkets: ["united states"] });
      expect(names(us.results)).not.toContain("fit_de");
      expect(names(us.results)).not.toContain("fit_ca");
      expect(names(us.results)).toContain("fit_world");

      const europe = await discover({ industry: "Fitness", targetMarkets: ["Europe"] });
      expect(names(europe.results)).toEqual(["fit_de"]);

      const country = await discover({ industry: "Fitness", targetMarkets: ["germany"] });
      expect(names(country.results)).toEqual(["fit_de"]);

      const two = await discover({ industry: "Fitness", targetMarkets: ["united states", "canada"] });
      const markets = (u: string) =>
        two.results.find((r) => r.username === u)!.matchBreakdown.find((b) => b.criterion === "markets")!;
      expect(markets("fit_sample")).toMatchObject({
        points: 30,
        max: 30,
        detail:
          "Covers 2 of 2: United States (from the profile's location: United States), Canada (from the profile's location: Canada)",
      });
      expect(markets("fit_us")).toMatchObject({
        points: 15,
        max: 30,
        detail: "Covers 1 of 2: United States (from bio: Miami)",
      });
      // A market guessed from the caption language is said to be an estimate and scores half.
      expect(markets("fit_ca")).toMatchObject({
        points: 7,
        max: 30,
        detail: "Covers 1 of 2: Canada (from caption language: English — an estimate)",
      });

      // Global: an audience in at least two regions (United States, Canada, Europe, Australia, Asia, rest).
      const global = await discover({ industry: "Fitness", targetMarkets: ["global"] });
      expect(names(global.results)).toEqual(["fit_sample", "fit_world"]);
    });

    it("ranks by match %, then engagement, with breakdowns that add up and can be recomputed", async () => {
      const request = { industry: "Fitness", targetMarkets: ["united states", "europe"] };
      const body = await discover(request);
      expect(body.results.length).toBeGreaterThan(5);
      const targets = resolveTargets(["united states", "europe"]);
      for (const [i, r] of body.results.entries()) {
        expect(r.matchBreakdown.map((b) => b.criterion)).toEqual([
          "industry",
          "markets",
          "followers",
          "engagement",
        ]);
        expect(r.matchBreakdown.reduce((a, b) => a + b.points, 0)).toBe(r.matchPercentage);
        expect(r.matchBreakdown.reduce((a, b) => a + b.max, 0)).toBe(100);
        for (const b of r.matchBreakdown) expect(b.points).toBeLessThanOrEqual(b.max);

        // The SQL ranking and the pure functions agree.
        const seed = bySeed.get(r.username)!;
        const scores: CriterionScore[] = [
          {
            criterion: "industry",
            weight: DISCOVERY_WEIGHTS.industry,
            factor: industryFit(seed.industry, "Fitness"),
            detail: "",
          },
          {
            criterion: "markets",
            weight: DISCOVERY_WEIGHTS.markets,
            factor: marketFit(seed.countries, targets, Object.keys(seed.located ?? {})),
            detail: "",
          },
          {
            criterion: "followers",
            weight: DISCOVERY_WEIGHTS.followers,
            factor: followerFit(seed.followers, "10k_to_100k"),
            detail: "",
          },
          {
            criterion: "engagement",
            weight: DISCOVERY_WEIGHTS.engagement,
            factor: engagementQuality("instagram", seed.followers, seed.engagementRate),
            detail: "",
          },
        ];
        const match = Math.floor(rawMatch(scores) + 0.5);
        expect(r.matchPercentage, r.username).toBe(match);
        expect(r.matchBreakdown.map((b) => b.points)).toEqual(breakdown(scores, match).map((b) => b.points));

        if (i > 0) {
          const prev = body.results[i - 1]!;
          expect(prev.matchPercentage).toBeGreaterThanOrEqual(r.matchPercentage);
          if (prev.matchPercentage === r.matchPercentage) {
            const rate = (x: DiscoveryResult) => bySeed.get(x.username)!.engagementRate ?? -1;
            expect(rate(prev)).toBeGreaterThanOrEqual(rate(r));
          }
        }
      }
      // Strong engagement, centred size, covered market: first. Unknown engagement scores 0 there.
      expect(body.results[0]!.username).toBe("fit_us");
      const noEr = body.results.find((r) => r.username === "fit_noer")!;
      expect(noEr.engagementRate).toBe("N/A");
      expect(noEr.matchBreakdown.find((b) => b.criterion === "engagement")).toMatchObject({
        points: 0,
        detail: "Not measured yet: profile figures only (no points until its full report is made)",
      });
      const lowEr = body.results.find((r) => r.username === "fit_low_er")!;
      expect(lowEr.matchPercentage).toBeGreaterThan(noEr.matchPercentage);
      // At the edge of the range, the follower fit drops.
      const edge = body.results.find((r) => r.username === "fit_edge")!;
      const fol = (x: DiscoveryResult) => x.matchBreakdown.find((b) => b.criterion === "followers")!;
      expect(fol(edge).points).toBeLessThan(fol(body.results[0]!).points);
      expect(fol(edge).detail).toBe("10.5K followers, near the edge of 10K–100K");
    });

    it.each(["less_than_10k", "10k_to_100k", "100k_to_1mil", "1mil_plus"] as const)(
      "scores size and engagement in %s exactly as the pure functions do",
      async (followerRange) => {
        let seen = 0;
        for (const platform of ["instagram", "tiktok"] as const) {
          const body = await discover({ platform, followerRange });
          seen += body.results.length;
          for (const r of body.results) {
            const seed = bySeed.get(r.username)!;
            const scores: CriterionScore[] = [
              {
                criterion: "industry",
                weight: DISCOVERY_WEIGHTS.industry,
                factor: NEUTRAL_FACTOR,
                detail: "",
              },
              { criterion: "markets", weight: DISCOVERY_WEIGHTS.markets, factor: NEUTRAL_FACTOR, detail: "" },
              {
                criterion: "followers",
                weight: DISCOVERY_WEIGHTS.followers,
                factor: followerFit(seed.followers, followerRange),
                detail: "",
              },
              {
                criterion: "engagement",
                weight: DISCOVERY_WEIGHTS.engagement,
                factor: engagementQuality(platform, seed.followers, seed.engagementRate),
                detail: "",
              },
            ];
            expect(r.matchPercentage, r.username).toBe(Math.floor(rawMatch(scores) + 0.5));
          }
        }
        expect(seen).toBeGreaterThan(0);
      },
    );

    it("with no industry or market chosen, scores them neutrally so match % still tells fits apart", async () => {
      const body = await discover({});
      for (const r of body.results) {
        const [industry, markets, followers, engagement] = r.matchBreakdown;
        expect(industry).toMatchObject({
          points: 20,
          max: 40,
          detail: "Any industry: neutral, half points for every account",
        });
        expect(markets).toMatchObject({
          points: 15,
          max: 30,
          detail: "No target market chosen: neutral, half points for every account",
        });
        expect(followers!.max + engagement!.max).toBe(30);
        // Only a row that fits every criterion may reach 100 %.
        expect(r.matchPercentage).toBeLessThan(100);
      }
      const matches = body.results.map((r) => r.matchPercentage);
      expect(new Set(matches.slice(0, 4)).size).toBeGreaterThan(1);
      expect(Math.max(...matches) - Math.min(...matches)).toBeGreaterThanOrEqual(10);
      // An asked-for industry still outranks "any": the same best row scores higher when it fits it.
      const fitness = await discover({ industry: "Fitness" });
      expect(fitness.results[0]!.matchPercentage).toBeGreaterThan(matches[0]!);
    });

    it("returns the spec's result fields, the sample label and a trimmed description", async () => {
      const body = await discover({ industry: "Food", targetMarkets: ["canada"] });
      const chef = body.results.find((r) => r.username === "vegan_chef")!;
      expect(chef).toMatchObject({
        platform: "instagram",
        name: "Maya Green",
        verified: false,
        followers: 52_000,
        industry: "Food",
        engagementRate: "1.3%",
        countries: ["Canada"],
        isSample: false,
        modelFigures: false,
      });
      expect(chef.marketBasis).toEqual([{ country: "Canada", basis: "from bio: Toronto", estimate: false }]);
      expect(chef.description.length).toBeLessThanOrEqual(200);
      expect(chef.description.endsWith("…")).toBe(true);
      expect(Object.keys(chef).sort()).toEqual(
        [
          "username",
          "platform",
          "name",
          "verified",
          "followers",
          "matchPercentage",
          "industry",
          "description",
          "engagementRate",
          "countries",
          "isSample",
          "modelFigures",
          "marketBasis",
          "matchBreakdown",
          "origin",
          "figures",
        ].sort(),
      );
      const fitness = await discover({ industry: "Fitness" });
      expect(fitness.results.find((r) => r.username === "fit_sample")!.isSample).toBe(true);
      expect(fitness.results.find((r) => r.username === "fit_us")!.verified).toBe(true);
    });

    it("limits the results but not the total", async () => {
      const body = await discover({ limit: 2 });
      expect(body.results).toHaveLength(2);
      expect(body.total).toBe(14);
    });

    it.each([
      ["any industry, no market", {}],
      ["an industry", { industry: "Fitness" }],
      ["a market", { targetMarkets: ["united states", "europe"] }],
    ])(
      "pages through every match beyond the first page (%s), with the total on each page",
      async (_, criteria) => {
        const all = await discover({ ...criteria, pageSize: 100 });
        expect(all.results.length).toBe(all.total);
        const seen: string[] = [];
        for (let page = 1; page <= Math.ceil(all.total / 4) + 1; page++) {
          const body = (await discover({ ...criteria, page, pageSize: 4 })) as {
            results: DiscoveryResult[];
            total: number;
            page: number;
            pageSize: number;
          };
          expect(body).toMatchObject({ total: all.total, page, pageSize: 4 });
          expect(body.results.length).toBe(Math.max(0, Math.min(4, all.total - (page - 1) * 4)));
          seen.push(...body.results.map((r) => r.username));
        }
        // The pages, in order, are the whole ranking: nothing skipped, nothing twice.
        expect(seen).toEqual(all.results.map((r) => r.username));
      },
    );

    it.each([
      [{ pageSize: 101 }, "pageSize must be from 1 to 100"],
      [{ pageSize: 0 }, "pageSize must be from 1 to 100"],
      [{ pageSize: 2.5 }, "pageSize must be a whole number"],
      [{ page: 0 }, "page must be from 1 to 1000"],
      [{ page: "2" }, "page must be a number"],
    ])("refuses paging %j with a message naming the field", async (paging, message) => {
      const res = await search({ platform: "instagram", followerRange: "10k_to_100k", ...paging });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it("answers an empty list when nothing matches", async () => {
      const res = await search({
        platform: "youtube",
        followerRange: "1mil_plus",
        industry: "Gaming",
        targetMarkets: ["uk"],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        results: [],
        total: 0,
        page: 1,
        pageSize: 100,
        samples: { mode: "include", defaulted: true },
      });
    });

    it.each([
      [{ followerRange: "10k_to_100k" }, "platform", "Please select a platform"],
      [{ platform: "myspace", followerRange: "10k_to_100k" }, "platform", "Please select a platform"],
      [
        { platform: "instagram" },
        "followerRange",
        /^followerRange must be one of less_than_10k, 10k_to_100k/,
      ],
      [{ platform: "instagram", followerRange: "huge" }, "followerRange", /followerRange/],
      [{ platform: "instagram", followerRange: "1mil_plus", industry: "Knitting" }, "industry", /industry/],
      [
        { platform: "instagram", followerRange: "1mil_plus", targetMarkets: ["mars"] },
        "targetMarkets",
        /^targetMarkets: "mars" is not a market/,
      ],
      [
        { platform: "instagram", followerRange: "1mil_plus", targetMarkets: Array(11).fill("canada") },
        "targetMarkets",
        "targetMarkets: choose at most 10 markets",
      ],
      [
        { platform: "instagram", followerRange: "1mil_plus", targetMarkets: ["x".repeat(61)] },
        "targetMarkets.0",
        /targetMarkets/,
      ],
      [
        { platform: "instagram", followerRange: "1mil_plus", targetMarkets: "canada" },
        "targetMarkets",
        /targetMarkets/,
      ],
      [{ platform: "instagram", followerRange: "1mil_plus", limit: 101 }, "limit", /limit/],
      [{ platform: "instagram", followerRange: "1mil_plus", limit: 0 }, "limit", /limit/],
    ])("refuses %j with a message naming %s", async (payload, field, message) => {
      const res = await search(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.field).toBe(field);
      if (typeof message === "string") expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
    });

    it("refuses unknown fields", async () => {
      const res = await search({ platform: "instagram", followerRange: "1mil_plus", admin: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/admin/);
    });
  });

  describe("POST /api/accounts/find", () => {
    const findOk = async (description: string, platform = "instagram") => {
      const res = await find({ platform, description });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { results: FinderResult[]; interpretedAs: Record<string, unknown> };
    };

    it("finds vegan cooking creators in Canada and says why", async () => {
      const body = await findOk("vegan cooking creators in Canada");
      expect(body.interpretedAs).toMatchObject({
        industries: ["Food"],
        countries: ["Canada"],
        keywords: ["vegan", "cooking"],
        source: "lexicon",
      });
      const [first] = body.results;
      expect(first).toMatchObject({ username: "vegan_chef", platform: "instagram", industry: "Food" });
      // Text 40 + industry 30 + country 20 + engagement 8 of 10 (1.3 % at 50K–100K: 0.75–1.01 % typical).
      expect(first!.matchPercentage).toBe(98);
      // The meaning match found it too: its reason comes first, in the account's own words.
      expect(first!.matchReasons).toEqual([
        "Close to your description: plant-based, vegan, chef, cooking",
        "Bio mentions “vegan”",
        "Bio mentions “cooking”",
        "Food creator",
        "Audience in Canada (from bio: Toronto)",
        "High engagement for its size (1.3%)",
      ]);
      // A name match is reported as such; other platforms never appear.
      const kid = body.results.find((r) => r.username === "vegan_name_only")!;
      expect(kid.matchReasons).toEqual(
        expect.arrayContaining(["Name mentions “vegan”", "Lifestyle, related to Food"]),
      );
      expect(body.results.map((r) => r.username)).not.toContain("vegan_tiktok");
      for (let i = 1; i < body.results.length; i++) {
        expect(body.results[i - 1]!.matchPercentage).toBeGreaterThanOrEqual(body.results[i]!.matchPercentage);
      }
    });

    it("reads a city as its country and 'high engagement' as a level, not as search words", async () => {
      const body = await findOk("vegan food bloggers in Toronto with high engagement");
      expect(body.interpretedAs).toMatchObject({
        industries: ["Food"],
        countries: ["Canada"],
        engagementLevel: "High",
      });
      const keywords = body.interpretedAs.keywords as string[];
      expect(keywords).toEqual(expect.arrayContaining(["vegan", "food"]));
      expect(keywords).not.toContain("toronto");
      expect(keywords).not.toContain("engagement");
      // High: at or above the top of the tier's typical band (vegan_chef: 1.3 % vs 0.75–1.01 %).
      expect(body.results.map((r) => r.username)).toContain("vegan_chef");
      for (const r of body.results) {
        const seed = bySeed.get(r.username)!;
        expect(engagementLevelOf(r.platform, seed.followers, seed.engagementRate), r.username).toBe("High");
        expect(r.matchReasons.some((m) => m.startsWith("High engagement for its size"))).toBe(true);
      }
      const bay = await findOk("fitness creators in the Bay Area");
      expect(bay.interpretedAs).toMatchObject({ countries: ["United States"], engagementLevel: null });
      expect(bay.interpretedAs.keywords).not.toContain("bay");
    });

    it("filters on an edited engagement level: Low keeps only accounts below their tier's band", async () => {
      const res = await find({
        platform: "instagram",
        description: "fitness creators anywhere",
        criteria: { industries: ["Fitness"], engagementLevel: "Low" },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { results: FinderResult[]; interpretedAs: { engagementLevel: string } };
      expect(body.interpretedAs.engagementLevel).toBe("Low");
      expect(body.results.length).toBeGreaterThan(0);
      for (const r of body.results) {
        const seed = bySeed.get(r.username)!;
        expect(engagementLevelOf(r.platform, seed.followers, seed.engagementRate), r.username).toBe("Low");
      }
      const bad = await find({
        platform: "instagram",
        description: "fitness creators anywhere",
        criteria: { engagementLevel: "Huge" },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("criteria.engagementLevel must be High, Medium, Low or null");
    });

    it("uses languages as countries: German-speaking cooking puts the Austrian kitchen first", async () => {
      const body = await findOk("German-speaking cooking creators");
      expect(body.interpretedAs).toMatchObject({
        languages: ["German"],
        countries: ["Germany", "Austria", "Switzerland"],
      });
      expect(body.results[0]!.username).toBe("vienna_kitchen");
      expect(body.results[0]!.matchReasons).toContain("Audience in Austria (from name: vienna)");
    });

    it("treats a size as a hard filter and says so", async () => {
      const micro = await findOk("micro skincare influencers");
      expect(micro.interpretedAs).toMatchObject({ followerMin: 10_000, followerMax: 100_000 });
      expect(micro.results.map((r) => r.username)).toEqual(["glow_lab"]);
      expect(micro.results[0]!.matchReasons).toContain("Micro creator (10K–100K)");
      const mega = await findOk("skincare creators with over 1M followers");
      expect(mega.results.map((r) => r.username)).toEqual(["skin_giant"]);
      expect(mega.results[0]!.matchReasons).toContain("Mega creator (1M+)");
    });

    it("reports a platform word that differs from the selected platform and searches the selected one", async () => {
      const body = await findOk("TikTok vegan cooking", "instagram");
      expect(body.interpretedAs.platforms).toEqual(["tiktok"]);
      expect(body.interpretedAs.notes).toEqual([
        "The description mentions TikTok; searched Instagram, the selected platform.",
      ]);
      expect(body.results.every((r) => r.platform === "instagram")).toBe(true);
      expect(body.results[0]!.username).toBe("vegan_chef");
      const tiktok = await findOk("TikTok vegan cooking", "tiktok");
      expect(tiktok.results.map((r) => r.username)).toEqual(["vegan_tiktok"]);
    });

    it("answers nothing, with a note, when the description says nothing searchable", async () => {
      const body = await findOk("I am looking for some people please");
      expect(body.results).toEqual([]);
      expect((body.interpretedAs.notes as string[]).at(-1)).toMatch(/^Nothing to search for/);
    });

    it.each([
      ["'; drop table accounts; --"],
      ["vegan' OR 1=1; DELETE FROM accounts WHERE ''='"],
      ['") ; select pg_sleep(10); -- vegan & !cooking | (chef:* <-> "x")'],
      ["🥑🥑🥑 vegan 🌱 cooking 🍳 in Canada 🇨🇦"],
    ])("stays harmless on %j", async (description) => {
      const started = performance.now();
      const res = await find({ platform: "instagram", description });
      expect(res.statusCode, res.body).toBe(200);
      expect(performance.now() - started).toBeLessThan(5000);
      const [left] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
      expect(left!.n).toBe(SEED.length);
    });

    it("refuses a NUL character in the description with a 400 naming the field", async () => {
      const res = await find({ platform: "instagram", description: "\u0000 vegan \u0000 null bytes" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", field: "description" });
      expect(res.json().message).toMatch(/description contains a NUL character/);
    });

    it("handles a 2,000-character description quickly", async () => {
      const description = `${"vegan cooking recipes in Canada over 10k followers ".repeat(40)}`.slice(
        0,
        2000,
      );
      const started = performance.now();
      const res = await find({ platform: "instagram", description });
      expect(res.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(5000);
      expect(res.json().results[0].username).toBe("vegan_chef");
    });

    it.each([
      ["too short", { platform: "instagram", description: "vegan" }],
      ["short once trimmed", { platform: "instagram", description: "   vegan      " }],
      ["missing", { platform: "instagram" }],
      ["not text", { platform: "instagram", description: 12345678901 }],
    ])("refuses a description that is %s with the spec's message", async (_label, payload) => {
      const res = await find(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: "Please provide at least 10 characters describing what you're looking for",
        field: "description",
      });
    });

    it("refuses a description over 2,000 characters, and other bad fields, naming them", async () => {
      const long = await find({ platform: "instagram", description: "vegan ".repeat(400) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({
        message: "description must be at most 2,000 characters",
        field: "description",
      });
      const platform = await find({ platform: "vine", description: "vegan cooking creators" });
      expect(platform.statusCode).toBe(400);
      expect(platform.json()).toMatchObject({ message: "Please select a platform", field: "platform" });
      const extra = await find({ platform: "instagram", description: "vegan cooking creators", sql: "x" });
      expect(extra.statusCode).toBe(400);
      const limit = await find({ platform: "instagram", description: "vegan cooking creators", limit: 1000 });
      expect(limit.statusCode).toBe(400);
      expect(limit.json().field).toBe("limit");
    });

    describe("with edited criteria", () => {
      const findWith = async (
        criteria: Record<string, unknown>,
        description = "vegan cooking creators in Canada",
      ) => {
        const res = await find({ platform: "instagram", description, criteria });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { results: FinderResult[]; interpretedAs: Record<string, unknown> };
      };

      it("searches with the criteria instead of the description and says so", async () => {
        // The description asks for Canada; the user removed that chip.
        const body = await findWith({ industries: ["Food"], countries: [], keywords: ["vegan", "cooking"] });
        expect(body.interpretedAs).toEqual({
          industries: ["Food"],
          countries: [],
          languages: [],
          keywords: ["vegan", "cooking"],
          engagementLevel: null,
          platforms: [],
          notes: [],
          source: "edited",
        });
        const chef = body.results.find((r) => r.username === "vegan_chef")!;
        expect(chef.matchReasons).not.toContain("Audience in Canada (from bio: Toronto)");
        // Without the country criterion the weights rescale to 80: (40 text + 30 industry + 7.8 of 10
        // engagement) / 80 = 97 (98 with the Canada criterion, out of 100).
        expect(chef.matchPercentage).toBe(97);
        expect(body.results.map((r) => r.username)).toContain("vienna_kitchen");
      });

      it("each edit changes the results: a removed keyword, an added industry, a changed size", async () => {
        const described = await findOk("micro skincare influencers");
        expect(described.results.map((r) => r.username)).toEqual(["glow_lab"]);
        // The size chip changed to mega.
        const mega = await findWith(
          { keywords: ["skincare"], followerMin: 1_000_000 },
          "micro skincare influencers",
        );
        expect(mega.results.map((r) => r.username)).toEqual(["skin_giant"]);
        expect(mega.results[0]!.matchReasons).toContain("Mega creator (1M+)");
        // The size chip removed: both skincare accounts.
        const any = await findWith({ keywords: ["skincare"] }, "micro skincare influencers");
        expect(names(any.results)).toEqual(["glow_lab", "skin_giant"]);
        // An industry chip added instead of the keyword: Beauty creators, scored on industry.
        const beauty = await findWith({ industries: ["Beauty"] }, "micro skincare influencers");
        expect(names(beauty.results)).toEqual(["glow_lab", "skin_giant"]);
        expect(beauty.results[0]!.matchReasons).toContain("Beauty creator");
        // A country chip added: only accounts with an audience there score for it.
        const uk = await findWith(
          { keywords: ["skincare"], countries: ["united kingdom"] },
          "skincare people",
        );
        expect(uk.interpretedAs.countries).toEqual(["United Kingdom"]);
        expect(uk.results[0]!.username).toBe("skin_giant");
        // The United Kingdom rests on the caption language only: said so, and half the country points.
        expect(uk.results[0]!.matchReasons).toContain(
          "Audience in United Kingdom (from caption language: English — an estimate)",
        );
      });

      it("drops words too common to search for, and answers nothing when nothing is left", async () => {
        const some = await findWith({ keywords: ["the", "vegan"] });
        expect(some.interpretedAs.keywords).toEqual(["vegan"]);
        expect(some.interpretedAs.notes).toEqual(["Too common to search for: “the”."]);
        expect(some.results.length).toBeGreaterThan(0);
        const none = await findWith({ industries: [], countries: [], keywords: [] });
        expect(none.results).toEqual([]);
        expect(none.interpretedAs.notes).toEqual([
          "Nothing to search for: add an industry, a country, a keyword, a size or an engagement level.",
        ]);
      });

      it.each([
        [{ industries: ["Knitting"] }, "criteria.industries.0", /one of the industries/],
        [{ industries: ["Food", "Beauty", "Travel", "Music"] }, "criteria.industries", /at most 3/],
        [{ countries: ["Atlantis"] }, "criteria.countries", /"Atlantis" is not a country we know/],
        [{ keywords: ["plant based"] }, "criteria.keywords.0", /one word of letters and digits/],
        [{ keywords: ["a"] }, "criteria.keywords.0", /at least 2 characters/],
        [{ keywords: ["x".repeat(41)] }, "criteria.keywords.0", /at most 40 characters/],
        [{ keywords: Array.from({ length: 11 }, (_, i) => `word${i}`) }, "criteria.keywords", /at most 10/],
        [
          { followerMin: 100_000, followerMax: 10_000 },
          "criteria.followerMin",
          /must not be above criteria\.followerMax/,
        ],
        [{ followerMin: -1 }, "criteria.followerMin", /from 0/],
        [{ followerMax: 1.5 }, "criteria.followerMax", /whole number/],
        [{ sql: "drop table" }, "criteria", /./],
      ])("refuses bad criteria %j, naming the field", async (criteria, field, message) => {
        const res = await find({ platform: "instagram", description: "vegan cooking creators", criteria });
        expect(res.statusCode, res.body).toBe(400);
        const body = res.json();
        expect(body.field).toBe(field);
        expect(body.message).toMatch(message);
      });

      it("still needs the description (spec §5 message)", async () => {
        const res = await find({
          platform: "instagram",
          description: "vegan",
          criteria: { keywords: ["vegan"] },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: "Please provide at least 10 characters describing what you're looking for",
          field: "description",
        });
      });

      it("keeps SQL-looking keywords out (they are not words) and the accounts intact", async () => {
        const res = await find({
          platform: "instagram",
          description: "vegan cooking creators",
          criteria: { keywords: ["vegan');drop"] },
        });
        expect(res.statusCode).toBe(400);
        const [left] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
        expect(left!.n).toBe(SEED.length);
      });
    });

    it("refuses a 10 MB body with 413 and a clear message", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/accounts/find",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ platform: "instagram", description: "v".repeat(10 * 1024 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        message: "The request body is too large (64 KB at most).",
        code: "FST_ERR_CTP_BODY_TOO_LARGE",
      });
    });
  });

  it("takes a model-based extractor for the finder", async () => {
    // The plugin alone, as the app would register it once a model is configured.
    const withModel = Fastify({ logger: false });
    withModel.setValidatorCompiler(validatorCompiler);
    withModel.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(withModel);
    const discovery = createDiscoveryService({ db: t.database.db });
    await withModel.register(discoveryRoutes, {
      discovery,
      finder: createFinderService({
        db: t.database.db,
        extractor: async () => ({
          industries: ["Beauty"],
          keywords: ["skincare"],
          countries: [],
          languages: [],
        }),
      }),
      webCandidates: createWebCandidateService({ db: t.database.db, discovery, now: () => new Date() }),
    });
    await withModel.ready();
    try {
      const res = await withModel.inject({
        method: "POST",
        url: "/api/accounts/find",
        payload: { platform: "instagram", description: "people with glowing skin" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().interpretedAs).toMatchObject({ source: "model", industries: ["Beauty"] });
      expect(res.json().results[0].username).toBe("glow_lab");
    } finally {
      await withModel.close();
    }
  });
});
