import { describe, expect, it } from "vitest";
import { interpretationSchema } from "../schemas/discovery";
import {
  extractFollowerCounts,
  foldText,
  interpretDescription,
  interpretWithLexicon,
  sizeLabel,
} from "./interpret";
import { INDUSTRY_SYNONYMS, LANGUAGE_WORDS, PLACE_PHRASES, PLATFORM_WORDS, SIZE_WORDS } from "./lexicon";

const lex = (text: string, platform: "instagram" | "tiktok" | "youtube" = "instagram") =>
  interpretWithLexicon(text, platform);

describe("interpreting a finder description with the lexicon", () => {
  it("reads a niche, a country and keeps the search words", () => {
    const i = lex("Vegan cooking creators in Canada");
    expect(i.industries).toEqual(["Food"]);
    expect(i.countries).toEqual(["Canada"]);
    expect(i.keywords).toEqual(["vegan", "cooking"]);
    expect(i.source).toBe("lexicon");
    expect(i.notes).toEqual([]);
    expect(i.followerMin).toBeUndefined();
    expect(i.followerMax).toBeUndefined();
  });

  it.each([
    ["skincare influencers", "Beauty"],
    ["a gamer who streams", "Gaming"],
    ["pro gamers", "Gaming"],
    ["video games reviews", "Gaming"],
    ["personal finance tips", "Finance"],
    ["mental health advocates", "Health & Wellness"],
    ["dog lovers", "Pets & Animals"],
    ["interior design inspiration", "Home & Interior"],
    ["home workout coaches", "Fitness"],
    ["plant-based meal prep", "Food"],
    ["K-pop dance covers", "Music"],
    ["stand-up comedians", "Comedy"],
    ["wildlife photographers", "Science & Nature"],
    ["car detailing channel", "Automotive"],
    ["mom bloggers", "Parenting & Family"],
  ])("maps %j to %s", (text, industry) => {
    expect(lex(text).industries[0]).toBe(industry);
  });

  it("keeps up to three industries in the order they are named", () => {
    expect(lex("fitness and nutrition, also travel and fashion").industries).toEqual([
      "Fitness",
      "Health & Wellness",
      "Travel",
    ]);
  });

  it("turns languages into the countries where they are spoken", () => {
    const i = lex("German-speaking fitness coaches");
    expect(i.languages).toEqual(["German"]);
    expect(i.countries).toEqual(["Germany", "Austria", "Switzerland"]);
    expect(i.keywords).not.toContain("german");
    expect(lex("creators who post in Spanish").languages).toEqual(["Spanish"]);
    expect(lex("francophone bakers").countries).toContain("France");
  });

  it("reads a nationality as a country, not a language", () => {
    const i = lex("German fitness coaches");
    expect(i.countries).toEqual(["Germany"]);
    expect(i.languages).toEqual([]);
  });

  it("reads US only in capitals, so 'us' the pronoun is ignored", () => {
    expect(lex("beauty creators in the US").countries).toEqual(["United States"]);
    expect(lex("beauty creators based in the U.S.").countries).toEqual(["United States"]);
    expect(lex("help us find beauty creators").countries).toEqual([]);
  });

  it("expands regions", () => {
    expect(lex("travel vloggers from Latin America").countries).toEqual([
      "Mexico",
      "Brazil",
      "Argentina",
      "Colombia",
    ]);
    expect(lex("DACH tech reviewers").countries).toEqual(["Germany", "Austria", "Switzerland"]);
  });

  it.each([
    ["nano creators", 1_000, 10_000],
    ["micro-influencers", 10_000, 100_000],
    ["mid-tier YouTubers", 100_000, 500_000],
    ["macro creators", 500_000, 1_000_000],
    ["mega influencers", 1_000_000, undefined],
    ["over 1M followers", 1_000_000, undefined],
    ["more than 250,000 subscribers", 250_000, undefined],
    ["under 50k", undefined, 50_000],
    ["less than 5,000 followers", undefined, 5_000],
    ["between 10k and 100k", 10_000, 100_000],
    ["10k-100k followers", 10_000, 100_000],
    ["10-100k followers", 10_000, 100_000],
    ["1.5M+ followers", 1_500_000, undefined],
    ["around 50k followers", 25_000, 100_000],
    ["micro or mid-tier creators", 10_000, 500_000],
    ["micro creators with over 50k followers", 50_000, 100_000],
  ])("reads the size in %j", (text, min, max) => {
    const i = lex(`fitness ${text}`);
    expect(i.followerMin).toBe(min);
    expect(i.followerMax).toBe(max);
    expect(i.keywords).toEqual(["fitness"]);
  });

  it("does not mistake ages, years or small numbers for sizes", () => {
    for (const text of [
      "moms under 30",
      "18-24 year old gamers",
      "best of 2024 travel",
      "top 10 chefs",
      "2024-2025 season skiers",
      "under 2000 calories recipes",
    ]) {
      const i = lex(text);
      expect(i.followerMin, text).toBeUndefined();
      expect(i.followerMax, text).toBeUndefined();
    }
  });

  it("notes contradicting sizes and keeps the last one", () => {
    const i = lex("fitness creators over 1M followers and under 50k");
    expect(i.followerMin).toBeUndefined();
    expect(i.followerMax).toBe(50_000);
    expect(i.notes.join(" ")).toMatch(/contradict/);
  });

  it("reports platform words and ignores one that is not the selected platform", () => {
    const same = lex("TikTok dancers", "tiktok");
    expect(same.platforms).toEqual(["tiktok"]);
    expect(same.notes).toEqual([]);
    const other = lex("TikTok dancers and YouTubers", "instagram");
    expect(other.platforms).toEqual(["tiktok", "youtube"]);
    expect(other.notes[0]).toBe(
      "The description mentions TikTok and YouTube; searched Instagram, the selected platform.",
    );
    expect(other.keywords).toEqual(["dancers"]);
  });

  it("drops filler words and keeps at most 10 search words", () => {
    const i = lex(
      "I am looking for some creators who make content about alpha beta gamma delta epsilon zeta eta theta iota kappa lambda",
    );
    expect(i.keywords).toEqual([
      "alpha",
      "beta",
      "gamma",
      "delta",
      "epsilon",
      "zeta",
      "eta",
      "theta",
      "iota",
      "kappa",
    ]);
    expect(i.notes).toContain("Only the first 10 search words were used.");
  });

  it("stays within the interpretation schema whatever the text names", () => {
    const everything = [
      ...Object.keys(PLACE_PHRASES),
      ...Object.keys(LANGUAGE_WORDS).map((w) => `${w}-speaking`),
      ...Object.values(INDUSTRY_SYNONYMS).flat(),
      ...Object.keys(SIZE_WORDS),
      ...Object.keys(PLATFORM_WORDS),
    ].join(", ");
    const i = lex(everything);
    expect(interpretationSchema.safeParse(i).success).toBe(true);
    expect(i.languages.length).toBeGreaterThan(10);
    expect(new Set(i.countries).size).toBe(i.countries.length);
  });

  it("says when nothing could be understood", () => {
    const i = lex("I am looking for some people, please!");
    expect(i.keywords).toEqual([]);
    expect(i.notes.at(-1)).toMatch(/^Nothing to search for/);
  });

  it("keeps SQL-looking and query-operator input as plain words", () => {
    const i = lex('\'; DROP TABLE accounts; -- vegan & !cooking | (chef:* <-> "x")');
    for (const k of i.keywords) expect(k).toMatch(/^[\p{L}\p{N}]+$/u);
    expect(i.keywords).toEqual(expect.arrayContaining(["drop", "table", "vegan", "cooking", "chef"]));
  });

  it("folds accents and handles long input quickly", () => {
    expect(foldText("Café Montréal")).toBe("cafe montreal");
    const long = "vegan ".repeat(400) + "1".repeat(5000);
    const started = performance.now();
    const i = lex(long);
    expect(performance.now() - started).toBeLessThan(200);
    expect(i.keywords).toEqual(["vegan"]);
  });

  it("blanks out the size phrases it reads", () => {
    const { constraints, rest } = extractFollowerCounts("chefs with 10k-50k followers");
    expect(constraints).toEqual([{ min: 10_000, max: 50_000 }]);
    expect(rest.trim()).toBe("chefs with");
  });

  it("labels sizes", () => {
    expect(sizeLabel(10_000, 100_000)).toBe("Micro creator (10K–100K)");
    expect(sizeLabel(1_000_000, undefined)).toBe("Mega creator (1M+)");
    expect(sizeLabel(50_000, undefined)).toBe("Over 50K followers");
    expect(sizeLabel(undefined, 1_500_000)).toBe("Under 1.5M followers");
    expect(sizeLabel(25_000, 100_000)).toBe("25K–100K followers");
    expect(sizeLabel(undefined, undefined)).toBeNull();
  });
});

describe("interpreting with a model-based extractor", () => {
  it("uses the extractor's answer, keeping only known values", async () => {
    const i = await interpretDescription("glowy skin people in Deutschland", "instagram", {
      extractor: async () => ({
        industries: ["beauty", "Underwater Basket Weaving"],
        countries: ["germany", "Atlantis"],
        languages: ["German"],
        followerMin: 20_000,
        followerMax: 5_000,
        keywords: ["glowy skin", "the", "'; drop table"],
        platforms: ["tiktok", "myspace"],
      }),
    });
    expect(i).toMatchObject({
      source: "model",
      industries: ["Beauty"],
      countries: ["Germany"],
      languages: ["German"],
      followerMin: 5_000,
      followerMax: 20_000,
      keywords: ["glowy", "skin", "drop", "table"],
      platforms: ["tiktok"],
    });
    expect(i.notes[0]).toMatch(/mentions TikTok; searched Instagram/);
  });

  it("falls back to the lexicon when the extractor fails or answers nonsense", async () => {
    const failed = await interpretDescription("vegan cooking in Canada", "instagram", {
      extractor: async () => {
        throw new Error("model down");
      },
    });
    expect(failed.source).toBe("lexicon");
    expect(failed.industries).toEqual(["Food"]);
    expect(failed.notes).toContain("The AI interpreter failed; used keyword matching.");
    const nonsense = await interpretDescription("vegan cooking in Canada", "instagram", {
      extractor: async () => "I think you want Food!",
    });
    expect(nonsense.source).toBe("lexicon");
    expect(nonsense.notes.at(-1)).toMatch(/unusable answer/);
  });

  it("runs the lexicon when no extractor is given", async () => {
    expect((await interpretDescription("gamers in Japan", "youtube")).countries).toEqual(["Japan"]);
  });
});

describe("places and qualities (issue #24)", () => {
  it("reads 'vegan food bloggers in Toronto with high engagement' as a place, a level and niche words", () => {
    const i = interpretWithLexicon("vegan food bloggers in Toronto with high engagement", "instagram");
    expect(i.countries).toEqual(["Canada"]);
    expect(i.engagementLevel).toBe("High");
    expect(i.keywords).toEqual(expect.arrayContaining(["vegan", "food"]));
    expect(i.keywords).not.toContain("toronto");
    expect(i.keywords).not.toContain("engagement");
    expect(interpretationSchema.parse(i)).toEqual(i);
  });

  it.each([
    ["fitness coaches with an engaged audience", "High"],
    ["highly engaged travel creators", "High"],
    ["beauty creators with average engagement", "Medium"],
    ["gaming streamers with low engagement", "Low"],
    ["vegan cooking creators", null],
  ])("%s → engagement level %s", (text, level) => {
    expect(interpretWithLexicon(text, "instagram").engagementLevel).toBe(level);
  });

  it("maps cities and regions to their countries", () => {
    expect(interpretWithLexicon("tech reviewers in the Bay Area", "youtube").countries).toEqual([
      "United States",
    ]);
    expect(interpretWithLexicon("food creators from Cape Town", "instagram").countries).toEqual([
      "South Africa",
    ]);
  });

  it("notes 'fast growing' instead of searching for those words", () => {
    const i = interpretWithLexicon("fast growing fitness creators", "tiktok");
    expect(i.keywords).not.toContain("growing");
    expect(i.keywords).not.toContain("fast");
    expect(i.notes.some((n) => n.includes("“Fast growing”"))).toBe(true);
  });
});
