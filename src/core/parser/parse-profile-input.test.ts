import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PLATFORMS, type Platform } from "../schemas/platform";
import { KNOWN_CREATORS } from "./known-creators";
import { normalizeForSubmit, parseProfileInput } from "./parse-profile-input";
import { usernameTooLongMessage, validateHandle } from "./rules";

describe("profile URLs", () => {
  it.each([
    ["https://www.instagram.com/natgeo/", "instagram", "natgeo", "profile"],
    ["instagram.com/natgeo?hl=en#top", "tiktok", "natgeo", "profile"],
    ["http://m.instagram.com/Nat.Geo/reels/", "instagram", "nat.geo", "profile"],
    ["https://www.instagram.com/stories/natgeo/3210/", "instagram", "natgeo", "profile"],
    ["https://www.tiktok.com/@khaby.lame?lang=en", "instagram", "khaby.lame", "profile"],
    ["tiktok.com/@Khaby.Lame/video/7123", "tiktok", "khaby.lame", "profile"],
    ["https://www.youtube.com/@MrBeast/videos", "instagram", "MrBeast", "handle"],
    ["youtube.com/c/Kurzgesagt", "youtube", "Kurzgesagt", "custom_url"],
    ["https://youtube.com/user/PewDiePie", "youtube", "PewDiePie", "legacy_user"],
    [
      "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA",
      "youtube",
      "UCX6OQ3DkcsbYNE6H8uQQuVA",
      "channel_id",
    ],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "instagram", "dQw4w9WgXcQ", "video"],
    ["https://youtube.com/shorts/abcDEF12345?feature=share", "youtube", "abcDEF12345", "short"],
    ["https://youtu.be/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ", "short_link"],
    ["https://www.youtube.com/live/XyZ123", "youtube", "XyZ123", "video"],
  ] as const)("%s → %s %s", (input, selected, username, linkKind) => {
    const r = parseProfileInput(input, selected);
    expect(r).toMatchObject({ username, inputType: "url", confidence: "high", isValid: true, linkKind });
    expect(r.platform).toBe(
      input.includes("you") ? "youtube" : input.includes("tiktok") ? "tiktok" : "instagram",
    );
  });

  it("keeps a YouTube channel id's case", () => {
    expect(parseProfileInput("youtube.com/channel/UCabcdefghijklmnopqrstuv", "youtube").username).toBe(
      "UCabcdefghijklmnopqrstuv",
    );
  });

  it.each([
    "https://evil.com/instagram.com/natgeo",
    "https://instagram.com.evil.com/natgeo",
    "https://notinstagram.com/natgeo",
    "ftp://example.org/x",
  ])("does not treat %s as a profile", (input) => {
    const r = parseProfileInput(input, "instagram");
    expect(r.isValid).toBe(false);
    expect(r.confidence).toBe("low");
    expect(r.reason).toBe(
      "This link is not an Instagram, TikTok or YouTube profile. Paste the profile link or the @username.",
    );
  });

  it.each([
    ["https://www.instagram.com/p/Cxyz123/", "This is a link to an Instagram post"],
    ["https://vm.tiktok.com/ZMabc/", "TikTok short links"],
    ["https://www.youtube.com/results?search_query=cats", "not a channel"],
    ["https://www.youtube.com/channel/nope", "no valid channel id"],
  ])("explains why %s cannot be analysed", (input, reason) => {
    const r = parseProfileInput(input, "instagram");
    expect(r.isValid).toBe(false);
    expect(r.reason).toContain(reason);
  });
});

describe("mentions, usernames and display names", () => {
  it("reads @mentions and plain usernames with high confidence", () => {
    expect(parseProfileInput("@NatGeo", "instagram")).toMatchObject({
      username: "natgeo",
      inputType: "at_mention",
      confidence: "high",
    });
    expect(parseProfileInput("  john.doe ", "tiktok")).toMatchObject({
      username: "john.doe",
      inputType: "username",
      confidence: "high",
    });
    expect(parseProfileInput("some-channel", "youtube")).toMatchObject({
      username: "some-channel",
      confidence: "high",
      isValid: true,
    });
    expect(parseProfileInput("some-channel", "instagram")).toMatchObject({
      username: "somechannel",
      confidence: "medium",
    });
  });

  it("maps known creators' names to their handle on the selected platform (medium)", () => {
    expect(parseProfileInput("Cristiano Ronaldo", "instagram")).toMatchObject({
      username: "cristiano",
      confidence: "medium",
      inputType: "display_name",
    });
    expect(parseProfileInput("Khaby Lame", "tiktok")).toMatchObject({
      username: "khaby.lame",
      confidence: "medium",
    });
    expect(parseProfileInput("Charli D'Amelio", "tiktok")).toMatchObject({
      username: "charlidamelio",
      confidence: "medium",
    });
    expect(parseProfileInput("Beyoncé", "instagram")).toMatchObject({ username: "beyonce" });
  });

  it("has at least 60 known creators across the three platforms", () => {
    expect(KNOWN_CREATORS.length).toBeGreaterThanOrEqual(60);
    for (const p of PLATFORMS) expect(KNOWN_CREATORS.filter((c) => c[p]).length).toBeGreaterThan(30);
    for (const c of KNOWN_CREATORS)
      for (const p of PLATFORMS) if (c[p]) expect(validateHandle(c[p]!, p).ok, `${c[p]}`).toBe(true);
  });

  it("squashes an unknown name into a handle with medium confidence", () => {
    expect(parseProfileInput("Yoga With Ana", "instagram")).toMatchObject({
      username: "yogawithana",
      confidence: "medium",
      isValid: true,
    });
    expect(parseProfileInput("Café Olé", "tiktok")).toMatchObject({
      username: "cafeole",
      confidence: "medium",
    });
  });

  it("is low with up to 3 valid suggestions when it cannot tell", () => {
    const r = parseProfileInput("The Amazing Travelling Cooking Family Channel", "tiktok");
    expect(r.confidence).toBe("low");
    expect(r.isValid).toBe(false);
    expect(r.suggestions.length).toBeGreaterThan(0);
    expect(r.suggestions.length).toBeLessThanOrEqual(3);
    for (const s of r.suggestions) expect(validateHandle(s, "tiktok").ok).toBe(true);
    expect(parseProfileInput("日本語の名前", "instagram")).toMatchObject({
      confidence: "low",
      isValid: false,
      suggestions: [],
    });
  });

  it("applies per-platform length limits with the spec's message", () => {
    expect(usernameTooLongMessage("instagram")).toBe(
      "Instagram usernames must be 30 characters or less. Try using one of the suggested alternatives.",
    );
    expect(parseProfileInput("a".repeat(31), "instagram").reason).toBe(usernameTooLongMessage("instagram"));
    expect(parseProfileInput("a".repeat(30), "instagram").isValid).toBe(true);
    expect(parseProfileInput("a".repeat(25), "tiktok").reason).toBe(usernameTooLongMessage("tiktok"));
    expect(parseProfileInput("a".repeat(100), "youtube").isValid).toBe(true);
    expect(parseProfileInput("a".repeat(101), "youtube").isValid).toBe(false);
  });

  it("says 'Username is required' for empty input", () => {
    expect(parseProfileInput("   ", "instagram")).toMatchObject({
      isValid: false,
      reason: "Username is required",
    });
  });

  it("normalises before submitting as spec §5 says", () => {
    expect(normalizeForSubmit("Cristiano Ronaldo", "instagram")).toBe("cristiano");
    expect(normalizeForSubmit("@Some Body!!", "instagram")).toBe("somebody");
    expect(normalizeForSubmit("日本語", "instagram")).toBe("");
    expect(normalizeForSubmit("youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA", "youtube")).toBe(
      "UCX6OQ3DkcsbYNE6H8uQQuVA",
    );
  });
});

describe("properties", () => {
  const platform = fc.constantFrom<Platform>(...PLATFORMS);

  it("never throws for any string up to 10,000 characters", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10_000, unit: "binary" }), platform, (s, p) => {
        const r = parseProfileInput(s, p);
        expect(r.suggestions.length).toBeLessThanOrEqual(3);
      }),
      { numRuns: 500 },
    );
  });

  it("a valid result always satisfies its platform's rules, and parses again to itself with high confidence", () => {
    const urlish = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.stringMatching(/^@?[a-zA-Z0-9._]{1,40}$/),
      fc.stringMatching(/^[A-Z][a-z]{1,8}( [A-Z][a-z]{1,8}){0,3}$/),
      fc.stringMatching(/^https?:\/\/(www\.)?(instagram|tiktok|youtube)\.com\/@?[a-zA-Z0-9._-]{1,30}$/),
      fc.constantFrom(...KNOWN_CREATORS.flatMap((c) => c.names)),
    );
    fc.assert(
      fc.property(urlish, platform, (s, p) => {
        const r = parseProfileInput(s, p);
        if (!r.isValid) return;
        const target = r.platform ?? p;
        expect(validateHandle(r.username, target).ok).toBe(true);
        const again = parseProfileInput(r.username, target);
        expect(again.username).toBe(r.username);
        expect(again.confidence).toBe("high");
      }),
      { numRuns: 2000 },
    );
  });

  it("handles emoji, RTL text, control characters and 1 MB inputs", () => {
    for (const s of [
      "🔥🔥🔥",
      "مرحبا بالعالم",
      "\u0000\u0007abc",
      "\u202Eevil",
      "x".repeat(1_000_000),
      "@".repeat(5000),
    ]) {
      expect(() => parseProfileInput(s, "instagram")).not.toThrow();
    }
  });
});
