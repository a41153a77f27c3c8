import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsedInputSchema } from "../schemas/input";
import { PLATFORMS, type Platform } from "../schemas/platform";
import { findKnownCreator, KNOWN_CREATORS } from "./known-creators";
import {
  INPUT_TOO_LONG,
  NOT_A_HANDLE,
  NOT_A_PROFILE_LINK,
  normalizeForSubmit,
  type ParsedInput,
  parseProfileInput,
  suggestionsFor,
} from "./parse-profile-input";
import {
  HANDLE_MAX_LENGTH,
  INSTAGRAM_DOTS_MESSAGE,
  invalidCharactersMessage,
  USERNAME_REQUIRED,
  usernameTooLongMessage,
  validateHandle,
} from "./rules";

type Expected = Partial<ParsedInput>;

/** Checks the invariants every result has, whatever the input. */
function checkShape(r: ParsedInput, input: string): void {
  expect(parsedInputSchema.safeParse(r).success).toBe(true);
  expect(r.originalInput).toBe(input);
  expect(r.suggestions.length).toBeLessThanOrEqual(3);
  expect(new Set(r.suggestions).size).toBe(r.suggestions.length);
  if (r.isValid) expect(r.reason).toBeUndefined();
  else {
    expect(r.confidence).toBe("low");
    expect(r.reason).toBeTruthy();
  }
}

describe("profile URLs", () => {
  const cases: [string, Platform, Expected][] = [
    // Instagram
    ["https://www.instagram.com/natgeo/", "instagram", { username: "natgeo", linkKind: "profile" }],
    ["instagram.com/natgeo", "instagram", { username: "natgeo" }],
    ["instagram.com/natgeo?hl=en#top", "tiktok", { username: "natgeo", platform: "instagram" }],
    ["http://m.instagram.com/Nat.Geo/reels/", "instagram", { username: "nat.geo" }],
    ["HTTPS://WWW.INSTAGRAM.COM/NATGEO", "youtube", { username: "natgeo", platform: "instagram" }],
    ["www.instagram.com/natgeo/?igsh=MWQ1ZGUxMzBkMA==", "instagram", { username: "natgeo" }],
    ["https://instagram.com/@natgeo", "instagram", { username: "natgeo" }],
    ["https://www.instagram.com/stories/natgeo/3210987654/", "instagram", { username: "natgeo" }],
    ["https://www.instagram.com/_u/kimberly.loaiza", "instagram", { username: "kimberly.loaiza" }],
    ["https://instagr.am/natgeo", "instagram", { username: "natgeo" }],
    ["https://instagram.com:443/natgeo", "instagram", { username: "natgeo" }],
    ["https://www.instagram.com./natgeo", "instagram", { username: "natgeo" }],
    // TikTok
    [
      "https://www.tiktok.com/@khaby.lame?lang=en",
      "instagram",
      { username: "khaby.lame", platform: "tiktok" },
    ],
    ["tiktok.com/@Khaby.Lame/video/7123456789", "tiktok", { username: "khaby.lame", linkKind: "profile" }],
    ["https://m.tiktok.com/@charlidamelio", "tiktok", { username: "charlidamelio" }],
    ["www.tiktok.com/@bp_tiktok#x", "youtube", { username: "bp_tiktok", platform: "tiktok" }],
    // YouTube
    ["https://www.youtube.com/@MrBeast/videos", "instagram", { username: "mrbeast", linkKind: "handle" }],
    ["youtube.com/@some-channel.tv", "youtube", { username: "some-channel.tv", linkKind: "handle" }],
    ["youtube.com/c/Kurzgesagt", "youtube", { username: "kurzgesagt", linkKind: "custom_url" }],
    ["https://youtube.com/user/PewDiePie", "youtube", { username: "pewdiepie", linkKind: "legacy_user" }],
    ["https://www.youtube.com/veritasium", "youtube", { username: "veritasium", linkKind: "custom_url" }],
    [
      "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA",
      "youtube",
      { username: "UCX6OQ3DkcsbYNE6H8uQQuVA", linkKind: "channel_id" },
    ],
    [
      "m.youtube.com/channel/UC-lHJZR3Gqxm24_Vd_AJ5Yw/featured?view=0",
      "tiktok",
      { username: "UC-lHJZR3Gqxm24_Vd_AJ5Yw", linkKind: "channel_id", platform: "youtube" },
    ],
    [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
      "instagram",
      { username: "dQw4w9WgXcQ", linkKind: "video", platform: "youtube" },
    ],
    [
      "youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
      "youtube",
      { username: "dQw4w9WgXcQ", linkKind: "video" },
    ],
    [
      "https://youtube.com/shorts/abcDEF12345?feature=share",
      "youtube",
      { username: "abcDEF12345", linkKind: "short" },
    ],
    ["https://youtu.be/dQw4w9WgXcQ?si=xyz", "youtube", { username: "dQw4w9WgXcQ", linkKind: "short_link" }],
    ["https://www.youtube.com/live/jfKfPfyJRdk", "youtube", { username: "jfKfPfyJRdk", linkKind: "video" }],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "youtube", { username: "dQw4w9WgXcQ", linkKind: "video" }],
    ["https://music.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA", "youtube", { linkKind: "channel_id" }],
  ];

  it.each(cases)("%s (selected %s)", (input, selected, expected) => {
    const r = parseProfileInput(input, selected);
    checkShape(r, input);
    expect(r).toMatchObject({
      inputType: "url",
      confidence: "high",
      isValid: true,
      suggestions: [],
      ...expected,
    });
    const named = /you/i.test(input) ? "youtube" : /tiktok/i.test(input) ? "tiktok" : "instagram";
    expect(r.platform).toBe(named);
  });

  it("keeps a YouTube channel id's and a video id's case, lower-cases handles", () => {
    expect(parseProfileInput("youtube.com/channel/UCabcdefghijklmnopqrstuv", "youtube").username).toBe(
      "UCabcdefghijklmnopqrstuv",
    );
    expect(parseProfileInput("youtu.be/AbCdEfGhIjK", "youtube").username).toBe("AbCdEfGhIjK");
    expect(parseProfileInput("youtube.com/@LinusTechTips", "youtube").username).toBe("linustechtips");
  });

  const hostile = [
    "https://evil.com/instagram.com/natgeo",
    "evil.com/instagram.com/x",
    "https://instagram.com.evil.com/natgeo",
    "instagram.com.evil.com",
    "instagram.com.evil.com/natgeo",
    "https://notinstagram.com/natgeo",
    "https://instagram.co/natgeo",
    "https://www.tiktok.com.evil.com/@khaby.lame",
    "https://youtube.com.evil.com/@mrbeast",
    "https://instagram.com@evil.com/natgeo",
    "https://evil.com\\@instagram.com/natgeo",
    "https://evil.com?x=https://instagram.com/natgeo",
    "https://evil.com#https://instagram.com/natgeo",
    "ftp://instagram.com/natgeo",
    "javascript:alert(1)//instagram.com/natgeo",
    "data:text/html,instagram.com/natgeo",
    "www.example.com",
    "https://www.google.com/search?q=natgeo",
  ];
  it.each(hostile)("does not treat %s as a profile", (input) => {
    for (const p of PLATFORMS) {
      const r = parseProfileInput(input, p);
      checkShape(r, input);
      expect(r).toMatchObject({ isValid: false, confidence: "low", inputType: "url", username: "" });
      expect(r.reason).toBe(NOT_A_PROFILE_LINK);
      expect(r.platform).toBeUndefined();
    }
  });

  const notProfiles: [string, Expected, string][] = [
    ["https://www.instagram.com/p/Cxyz123/", { platform: "instagram" }, "link to an Instagram post"],
    [
      "https://www.instagram.com/reel/Cxyz123/?igsh=abc",
      { platform: "instagram" },
      "link to an Instagram post",
    ],
    ["instagram.com/tv/Cxyz123", { platform: "instagram" }, "link to an Instagram post"],
    ["https://www.instagram.com/explore/tags/cats/", { platform: "instagram" }, "not a profile"],
    ["https://www.instagram.com/accounts/login/", { platform: "instagram" }, "not a profile"],
    ["https://www.instagram.com/", { platform: "instagram" }, "no username"],
    ["https://vm.tiktok.com/ZMabc123/", { platform: "tiktok", linkKind: "short_link" }, "TikTok short links"],
    ["vt.tiktok.com/ZSabc", { platform: "tiktok", linkKind: "short_link" }, "TikTok short links"],
    ["https://www.tiktok.com/t/ZTabc/", { platform: "tiktok", linkKind: "short_link" }, "TikTok short links"],
    ["https://www.tiktok.com/explore", { platform: "tiktok" }, "no @username"],
    ["https://www.tiktok.com/@", { platform: "tiktok" }, "no @username"],
    ["https://www.youtube.com/results?search_query=cats", { platform: "youtube" }, "not a channel"],
    ["https://www.youtube.com/playlist?list=PL123", { platform: "youtube" }, "not a channel"],
    ["https://www.youtube.com/channel/nope", { linkKind: "channel_id" }, "no valid channel id"],
    ["https://www.youtube.com/watch?list=PL123", { linkKind: "video" }, "no valid video id"],
    ["https://youtu.be/", { linkKind: "short_link" }, "no valid video id"],
    ["https://youtu.be/short", { linkKind: "short_link" }, "no valid video id"],
    ["https://www.youtube.com/", { platform: "youtube" }, "no channel"],
  ];
  it.each(notProfiles)("explains why %s cannot be analysed", (input, expected, reason) => {
    const r = parseProfileInput(input, "instagram");
    checkShape(r, input);
    expect(r).toMatchObject({ isValid: false, confidence: "low", inputType: "url", ...expected });
    expect(r.reason).toContain(reason);
  });

  it("reads a profile URL whose handle breaks the platform's rules as low, with suggestions", () => {
    const r = parseProfileInput("https://www.instagram.com/some-name/", "instagram");
    expect(r).toMatchObject({
      isValid: false,
      confidence: "low",
      platform: "instagram",
      linkKind: "profile",
    });
    expect(r.reason).toBe(invalidCharactersMessage("instagram"));
    expect(r.suggestions).toEqual(["somename", "some.name", "some_name"]);
  });

  it("does not take a plain dotted handle or a bare name for a link", () => {
    expect(parseProfileInput("khaby.lame", "tiktok")).toMatchObject({ inputType: "username", isValid: true });
    expect(parseProfileInput("natgeo.tv", "instagram")).toMatchObject({ inputType: "username" });
    expect(parseProfileInput("AC/DC", "instagram")).toMatchObject({
      inputType: "display_name",
      username: "acdc",
      confidence: "medium",
    });
  });
});

describe("mentions, usernames and display names", () => {
  const cases: [string, Platform, Expected][] = [
    ["@NatGeo", "instagram", { username: "natgeo", inputType: "at_mention", confidence: "high" }],
    ["@@khaby.lame", "tiktok", { username: "khaby.lame", inputType: "at_mention", confidence: "high" }],
    ["@MrBeast", "youtube", { username: "mrbeast", inputType: "at_mention", confidence: "high" }],
    ["  john.doe ", "tiktok", { username: "john.doe", inputType: "username", confidence: "high" }],
    ["some-channel", "youtube", { username: "some-channel", inputType: "username", confidence: "high" }],
    ["UCX6OQ3DkcsbYNE6H8uQQuVA", "youtube", { username: "UCX6OQ3DkcsbYNE6H8uQQuVA", confidence: "high" }],
    ["mkbhd", "youtube", { username: "mkbhd", inputType: "username", confidence: "high" }],
    ["_under_score_", "instagram", { username: "_under_score_", confidence: "high" }],
    // Display names: the known-creator table
    [
      "Cristiano Ronaldo",
      "instagram",
      { username: "cristiano", inputType: "display_name", confidence: "medium" },
    ],
    ["MrBeast", "youtube", { username: "mrbeast", inputType: "display_name", confidence: "medium" }],
    ["mr beast", "tiktok", { username: "mrbeast", confidence: "medium" }],
    ["Khaby Lame", "tiktok", { username: "khaby.lame", confidence: "medium" }],
    ["Khaby Lame", "instagram", { username: "khaby00", confidence: "medium" }],
    ["Nat Geo", "instagram", { username: "natgeo", confidence: "medium" }],
    ["National Geographic", "youtube", { username: "natgeo", confidence: "medium" }],
    ["Charli D'Amelio", "tiktok", { username: "charlidamelio", confidence: "medium" }],
    ["Beyoncé", "instagram", { username: "beyonce", confidence: "medium" }],
    ["The Rock", "instagram", { username: "therock", confidence: "medium" }],
    ["Virat Kohli", "instagram", { username: "virat.kohli", confidence: "medium" }],
    ["MKBHD", "youtube", { username: "mkbhd", inputType: "display_name", confidence: "medium" }],
    [
      "@Cristiano Ronaldo",
      "instagram",
      { username: "cristiano", inputType: "display_name", confidence: "medium" },
    ],
    // Display names that squash into a handle
    [
      "Yoga With Ana",
      "instagram",
      { username: "yogawithana", inputType: "display_name", confidence: "medium" },
    ],
    ["Café Olé", "tiktok", { username: "cafeole", confidence: "medium" }],
    ["JohnDoe", "instagram", { username: "johndoe", inputType: "display_name", confidence: "medium" }],
    ["John.Doe", "tiktok", { username: "john.doe", inputType: "display_name", confidence: "medium" }],
    [
      "some-channel",
      "instagram",
      { username: "somechannel", inputType: "display_name", confidence: "medium" },
    ],
    ["Jane Doe Travels", "instagram", { username: "janedoetravels", confidence: "medium" }],
    ["Kim Kardashian", "youtube", { username: "kimkardashian", confidence: "medium" }],
    // Low
    ["日本語の名前", "instagram", { username: "", confidence: "low", isValid: false, reason: NOT_A_HANDLE }],
    ["🔥🔥🔥", "tiktok", { username: "", confidence: "low", isValid: false, suggestions: [] }],
    ["@", "instagram", { username: "", inputType: "at_mention", isValid: false, reason: USERNAME_REQUIRED }],
    ["", "instagram", { username: "", isValid: false, reason: USERNAME_REQUIRED }],
    ["  \t\u200b ", "youtube", { username: "", isValid: false, reason: USERNAME_REQUIRED }],
    ["john..doe", "instagram", { inputType: "username", confidence: "low", reason: INSTAGRAM_DOTS_MESSAGE }],
    [
      ".johndoe",
      "instagram",
      { confidence: "low", reason: INSTAGRAM_DOTS_MESSAGE, suggestions: ["johndoe"] },
    ],
    [".natgeo", "instagram", { username: "natgeo", inputType: "display_name", confidence: "medium" }],
    ["@john-doe", "tiktok", { username: "john-doe", inputType: "at_mention", confidence: "low" }],
  ];

  it.each(cases)("%j on %s", (input, platform, expected) => {
    const r = parseProfileInput(input, platform);
    checkShape(r, input);
    expect(r).toMatchObject(expected);
    expect(r.platform).toBeUndefined();
    if (expected.confidence === "high" || expected.confidence === "medium") expect(r.isValid).toBe(true);
  });

  it("has at least 60 known creators, per-platform handles that satisfy the rules", () => {
    expect(KNOWN_CREATORS.length).toBeGreaterThanOrEqual(60);
    for (const p of PLATFORMS) expect(KNOWN_CREATORS.filter((c) => c[p]).length).toBeGreaterThan(30);
    for (const c of KNOWN_CREATORS) {
      for (const p of PLATFORMS) {
        const handle = c[p];
        if (handle === undefined) continue;
        expect(validateHandle(handle, p).ok, handle).toBe(true);
        expect(handle).toBe(handle.toLowerCase());
        for (const name of c.names) expect(findKnownCreator(name, p), name).toBe(handle);
      }
    }
  });

  it("reads every known creator's names as their handle with medium confidence (or high if typed as the handle)", () => {
    for (const c of KNOWN_CREATORS) {
      for (const p of PLATFORMS) {
        const handle = c[p];
        if (handle === undefined) continue;
        for (const name of c.names) {
          const r = parseProfileInput(name, p);
          if (r.inputType === "username") expect(r).toMatchObject({ username: name, confidence: "high" });
          else expect(r, `${name} on ${p}`).toMatchObject({ username: handle, confidence: "medium" });
        }
      }
    }
  });

  it("is low with up to 3 valid suggestions when it cannot tell", () => {
    const input = "a very very long display name that nobody knows";
    const r = parseProfileInput(input, "tiktok");
    expect(r).toMatchObject({ confidence: "low", isValid: false, inputType: "display_name" });
    expect(r.reason).toBe(usernameTooLongMessage("tiktok"));
    expect(r.suggestions).toEqual([
      "averyverylongdisplayname",
      "a.very.very.long.display",
      "a_very_very_long_display",
    ]);
    for (const s of r.suggestions) expect(validateHandle(s, "tiktok").ok).toBe(true);
  });

  it("suggests at most 3 distinct valid handles, never the one already offered", () => {
    expect(suggestionsFor("Nat Geo", "instagram", "natgeo")).toEqual(["nat.geo", "nat_geo"]);
    expect(suggestionsFor("John Ronald Reuel Tolkien", "instagram")).toEqual([
      "johnronaldreueltolkien",
      "john.ronald.reuel.tolkien",
      "john_ronald_reuel_tolkien",
    ]);
    expect(suggestionsFor("MrBeastGaming", "tiktok")).toEqual([
      "mrbeastgaming",
      "mr.beast.gaming",
      "mr_beast_gaming",
    ]);
    expect(suggestionsFor("x".repeat(40), "tiktok")).toEqual(["x".repeat(24)]);
    expect(suggestionsFor("!!!", "instagram")).toEqual([]);
    expect(suggestionsFor("", "instagram")).toEqual([]);
  });

  it("applies the per-platform length limits with the spec's message", () => {
    expect(usernameTooLongMessage("instagram")).toBe(
      "Instagram usernames must be 30 characters or less. Try using one of the suggested alternatives.",
    );
    expect(usernameTooLongMessage("tiktok")).toBe(
      "TikTok usernames must be 24 characters or less. Try using one of the suggested alternatives.",
    );
    expect(usernameTooLongMessage("youtube")).toBe(
      "YouTube usernames must be 100 characters or less. Try using one of the suggested alternatives.",
    );
    for (const p of PLATFORMS) {
      const max = HANDLE_MAX_LENGTH[p];
      expect(parseProfileInput("a".repeat(max), p)).toMatchObject({ isValid: true, confidence: "high" });
      const over = parseProfileInput("a".repeat(max + 1), p);
      expect(over).toMatchObject({ isValid: false, confidence: "low", reason: usernameTooLongMessage(p) });
      expect(over.suggestions).toEqual(["a".repeat(max)]);
      expect(parseProfileInput(`@${"b".repeat(max + 1)}`, p).reason).toBe(usernameTooLongMessage(p));
    }
    expect(parseProfileInput(`instagram.com/${"c".repeat(31)}`, "tiktok").reason).toBe(
      usernameTooLongMessage("instagram"),
    );
  });

  it("refuses inputs longer than 2048 characters without reading them", () => {
    const r = parseProfileInput(`https://instagram.com/natgeo?${"x".repeat(5000)}`, "instagram");
    expect(r).toMatchObject({ isValid: false, confidence: "low", reason: INPUT_TOO_LONG, suggestions: [] });
  });

  it("drops invisible characters that copy-paste drags along", () => {
    expect(parseProfileInput("\u200e@natgeo\u200f", "instagram")).toMatchObject({
      username: "natgeo",
      confidence: "high",
    });
    expect(parseProfileInput("\ufeffhttps://www.tiktok.com/@khaby.lame\u00a0", "instagram")).toMatchObject({
      username: "khaby.lame",
      platform: "tiktok",
    });
    expect(parseProfileInput("Nat\u00a0Geo", "instagram")).toMatchObject({ username: "natgeo" });
  });
});

describe("normalizeForSubmit (spec §5)", () => {
  it.each([
    ["Cristiano Ronaldo", "instagram", "cristiano"],
    ["@NatGeo", "instagram", "natgeo"],
    ["https://www.tiktok.com/@khaby.lame", "tiktok", "khaby.lame"],
    ["youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA", "youtube", "UCX6OQ3DkcsbYNE6H8uQQuVA"],
    ["https://youtu.be/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["@Some Body!!", "instagram", "somebody"],
    ["a very very long display name that nobody knows", "tiktok", "averyverylongdisplaynamethatnobodyknows"],
    ["@john-doe", "tiktok", "johndoe"],
    ["日本語", "instagram", ""],
    ["", "instagram", ""],
  ] as const)("%j on %s → %j", (input, platform, expected) => {
    expect(normalizeForSubmit(input, platform)).toBe(expected);
  });
});

describe("properties", () => {
  const platform = fc.constantFrom<Platform>(...PLATFORMS);
  const handleChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCXYZ0123456789._-");
  const anyText = fc.oneof(
    fc.string({ maxLength: 10_000, unit: "binary" }),
    fc.string({ maxLength: 300, unit: "grapheme" }),
    fc.string({ maxLength: 200, unit: fc.constantFrom(..."@/:.?#\\%&=_- aZ9\u0000\u200e\u202e🔥") }),
  );
  const urlish = fc.oneof(
    fc.string({ maxLength: 60, unit: handleChar }),
    fc.string({ maxLength: 40, unit: handleChar }).map((s) => `@${s}`),
    fc.stringMatching(/^[A-Z][a-z]{1,8}( [A-Z][a-zé]{1,8}){0,4}$/),
    fc
      .tuple(
        fc.constantFrom(
          "https://www.instagram.com/",
          "instagram.com/",
          "https://www.tiktok.com/@",
          "tiktok.com/@",
          "https://www.youtube.com/@",
          "youtube.com/c/",
          "https://youtube.com/user/",
          "https://www.youtube.com/channel/UC",
          "https://youtu.be/",
          "https://www.youtube.com/watch?v=",
          "https://www.youtube.com/shorts/",
        ),
        fc.string({ minLength: 1, maxLength: 40, unit: handleChar }),
        fc.constantFrom("", "/", "?hl=en", "/videos#x"),
      )
      .map(([a, b, c]) => a + b + c),
    fc.constantFrom(...KNOWN_CREATORS.flatMap((c) => c.names)),
  );

  it("never throws, and always returns a well-formed result, for any string up to 10,000 characters", () => {
    fc.assert(
      fc.property(anyText, platform, (s, p) => {
        checkShape(parseProfileInput(s, p), s);
        expect(typeof normalizeForSubmit(s, p)).toBe("string");
      }),
      { numRuns: 400 },
    );
  });

  it("a valid result satisfies its platform's rules and parses again to itself with high confidence", () => {
    fc.assert(
      fc.property(fc.oneof(urlish, anyText), platform, (s, p) => {
        const r = parseProfileInput(s, p);
        checkShape(r, s);
        if (!r.isValid) return;
        const target = r.platform ?? p;
        expect(validateHandle(r.username, target).ok).toBe(true);
        if (target !== "youtube") expect(r.username).toBe(r.username.toLowerCase());
        const again = parseProfileInput(r.username, target);
        expect(again.username).toBe(r.username);
        expect(again.confidence).toBe("high");
        expect(again.isValid).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("suggestions are always valid handles for the selected platform", () => {
    fc.assert(
      fc.property(fc.oneof(urlish, anyText), platform, (s, p) => {
        const r = parseProfileInput(s, p);
        for (const sug of r.suggestions) expect(validateHandle(sug, r.platform ?? p).ok).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("a valid handle reads back as itself from a mention and from its profile URL", () => {
    const igHandle = fc
      .string({ minLength: 1, maxLength: 30, unit: fc.constantFrom(..."abcxyz019._") })
      .filter((h) => validateHandle(h, "instagram").ok);
    fc.assert(
      fc.property(igHandle, (h) => {
        expect(parseProfileInput(`@${h}`, "instagram")).toMatchObject({ username: h, confidence: "high" });
        expect(parseProfileInput(`https://www.instagram.com/${h}/`, "tiktok")).toMatchObject({
          username: h,
          confidence: "high",
          platform: "instagram",
        });
      }),
    );
  });

  it("handles emoji, RTL text, control characters, null bytes and huge inputs quickly", () => {
    const inputs = [
      "🔥🔥🔥",
      "👩‍👩‍👧‍👦 family vlog",
      "مرحبا بالعالم",
      "\u202Eevil\u202C",
      "\u0000\u0007abc\u0000",
      "nat\u0000geo",
      "x".repeat(1_000_000),
      " ".repeat(100_000),
      "@".repeat(5000),
      "a@".repeat(1024),
      `https://${"a".repeat(2000)}:${"b".repeat(40)}`,
      `https://instagram.com/${"%".repeat(2000)}`,
      `${"a.".repeat(1000)}/`,
      `https://${"@".repeat(2000)}`,
      `${"/".repeat(2040)}x`,
      "\ud800\udc00\ud800",
    ];
    const started = performance.now();
    for (const s of inputs) {
      for (const p of PLATFORMS) {
        const r = parseProfileInput(s, p);
        checkShape(r, s);
      }
    }
    // Linear-time parsing: well under a second even on a slow, shared machine.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parseProfileInput("nat\u0000geo", "instagram").username).toBe("natgeo");
  });

  it("is safe to call with values that are not strings (from untyped callers)", () => {
    const r = parseProfileInput(undefined as unknown as string, "nope" as unknown as Platform);
    expect(r).toMatchObject({ isValid: false, reason: USERNAME_REQUIRED, originalInput: "" });
  });
});
