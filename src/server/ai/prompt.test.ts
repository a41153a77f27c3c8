import { describe, expect, it } from "vitest";
import { analyzeSnapshot } from "#core/engine/index";
import { generateSampleSnapshots } from "#core/sample/index";
import { estimateCostUsd } from "./pricing";
import { buildWriterMessages, CREATOR_LIMITS, creatorDataForPrompt, estimateTokens } from "./prompt";
import { creatorText, toPlainText } from "./sanitize";
import { checkAiTexts, extractJson, gradesClaimed } from "./schema";
import { fixtureSnapshot, NOW } from "./testing/fixtures";

describe("prompt", () => {
  it("bounds the creator data: 10 captions of at most 500 characters, about 8 KB in all", () => {
    const long = "x".repeat(2000);
    const snapshot = fixtureSnapshot({
      bio: `bio ${long}`,
      posts: Array.from({ length: 30 }, (_, i) => ({
        id: `p${i}`,
        type: "photo" as const,
        caption: `caption ${i} ${"word ".repeat(400)}`,
        postedAt: new Date(NOW.getTime() - i * 86_400_000).toISOString(),
        likes: 10,
        comments: 1,
      })),
    });
    const data = creatorDataForPrompt(snapshot);
    expect(data.bio.length).toBeLessThanOrEqual(CREATOR_LIMITS.bio);
    expect(data.recentCaptions.length).toBeLessThanOrEqual(10);
    expect(data.recentCaptions[0]).toMatch(/^caption 0 /);
    for (const c of data.recentCaptions) expect(c.length).toBeLessThanOrEqual(500);
    expect(JSON.stringify(data).length).toBeLessThanOrEqual(CREATOR_LIMITS.totalChars);
  });

  it("strips invisible characters from creator texts", () => {
    expect(creatorText("a\u200Bb\u202Ec\u0007d\n\ne", 100)).toBe("abcd e");
  });

  it("measures a typical report's prompt (characters ÷ 4) — the figure docs/ai.md quotes", () => {
    const snapshots = generateSampleSnapshots(100, { seed: 7, now: NOW });
    const tokens = snapshots
      .map((s) => {
        const report = analyzeSnapshot({ ...s, source: "fixture" }, { now: NOW });
        return estimateTokens(buildWriterMessages(report, s));
      })
      .sort((a, b) => a - b);
    const median = tokens[50]!;
    // Keep docs/ai.md honest: a typical prompt is about 1.5–2K tokens, well under the ~4K ceiling.
    expect(median).toBeGreaterThan(1000);
    expect(tokens.at(-1)!).toBeLessThan(4000);
    // At sonar-pro prices with a ~400-token answer, a report costs well under a cent in tokens.
    expect(estimateCostUsd("sonar-pro", median, 400)!).toBeLessThan(0.02);
  });
});

describe("model output checks", () => {
  it("turns Markdown and HTML into plain text and drops links", () => {
    expect(toPlainText("## Title\n- **bold** item\n- [x](http://a.test) `code`", 100)).toBe(
      "Title bold item x code",
    );
    expect(toPlainText("&lt;img src=x onerror=alert(1)&gt; ok", 100)).toBe("ok");
    expect(toPlainText("see www.evil.test now", 100)).toBe("see now");
    expect(toPlainText("word ".repeat(50), 20)).toMatch(/^(word ){3}word…$/);
  });

  it("finds grade claims without reading articles as grades", () => {
    expect(gradesClaimed("Grade A+: great")).toEqual(["A+"]);
    expect(gradesClaimed("It is rated a B- overall")).toEqual(["B-"]);
    expect(gradesClaimed("an A+ account")).toEqual(["A+"]);
    expect(gradesClaimed("A strong account rated as a solid pick, a-list brands, B2B and C-suite")).toEqual(
      [],
    );
  });

  it("validates field by field, canonicalising taxonomy names", () => {
    const result = checkAiTexts(
      {
        gradeDescription: "Scored B for steady engagement and posting.",
        contentQuality: "Mostly reels that perform well and keep engagement steady.",
        audienceDemographics: 42,
        advertiserAnalysis: "No sponsored posts yet: an open field for first partnerships.",
        recommendedIndustries: ["fashion", "health and wellness", "Fashion"],
        recommendedCountries: ["USA", "uk"],
      },
      { grade: "B" },
    );
    expect(result.values.recommendedIndustries).toEqual(["Fashion", "Health & Wellness"]);
    expect(result.values.recommendedCountries).toEqual(["United States", "United Kingdom"]);
    expect(result.values.gradeDescription).toBe("Scored B for steady engagement and posting.");
    expect(result.errors).toEqual([
      "audienceDemographics: Invalid input: expected string, received number",
      "targetDemographics: missing",
    ]);
  });

  it("reads JSON from fenced blocks and after a <think> section", () => {
    expect(extractJson('<think>hmm {"a":0}</think>\n```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(extractJson('Answer: {"a":2} done')).toEqual({ a: 2 });
    expect(() => extractJson("no json here")).toThrow(SyntaxError);
  });
});
