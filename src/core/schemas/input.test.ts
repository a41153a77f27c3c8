import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseProfileInput } from "../parser/parse-profile-input";
import {
  analyzeRequestSchema,
  PLATFORM_REQUIRED,
  parsedInputSchema,
  searchFormSchema,
  USERNAME_FORM_TOO_LONG,
  USERNAME_REQUIRED,
  validateHandle,
} from "./input";
import { PLATFORMS } from "./platform";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("searchFormSchema (spec §2, §5)", () => {
  it("defaults the platform to instagram and trims the username", () => {
    expect(searchFormSchema.parse({ username: "  natgeo " })).toEqual({
      platform: "instagram",
      username: "natgeo",
    });
  });

  it.each([
    [{ username: "" }, USERNAME_REQUIRED],
    [{ username: "   " }, USERNAME_REQUIRED],
    [{}, USERNAME_REQUIRED],
    [{ username: "x".repeat(101) }, USERNAME_FORM_TOO_LONG],
    [{ username: "natgeo", platform: "myspace" }, PLATFORM_REQUIRED],
  ])("refuses %j with %j", (value, message) => {
    expect(firstMessage(searchFormSchema.safeParse(value))).toBe(message);
  });

  it("accepts 100 characters and the exact spec messages", () => {
    expect(searchFormSchema.safeParse({ username: "x".repeat(100) }).success).toBe(true);
    expect(USERNAME_REQUIRED).toBe("Username is required");
    expect(PLATFORM_REQUIRED).toBe("Please select a platform");
  });
});

describe("analyzeRequestSchema (POST /api/analyze)", () => {
  it("takes {username, platform} and an optional sample flag (a query string's 'true' too)", () => {
    expect(analyzeRequestSchema.parse({ username: " @natgeo ", platform: "tiktok" })).toEqual({
      username: "@natgeo",
      platform: "tiktok",
      sample: false,
    });
    expect(analyzeRequestSchema.parse({ username: "a", platform: "tiktok", sample: "true" }).sample).toBe(
      true,
    );
    expect(analyzeRequestSchema.parse({ username: "a", platform: "tiktok", sample: true }).sample).toBe(true);
    expect(analyzeRequestSchema.safeParse({ username: "a", platform: "tiktok", sample: "yes" }).success).toBe(
      false,
    );
  });
  it.each([
    [{ username: "natgeo" }, PLATFORM_REQUIRED],
    [{ username: "", platform: "youtube" }, USERNAME_REQUIRED],
    [{ username: 42, platform: "youtube" }, USERNAME_REQUIRED],
  ])("refuses %j", (value, message) => {
    expect(firstMessage(analyzeRequestSchema.safeParse(value))).toBe(message);
  });
  it("refuses unknown fields", () => {
    expect(analyzeRequestSchema.safeParse({ username: "a", platform: "youtube", admin: true }).success).toBe(
      false,
    );
  });
});

describe("validateHandle (re-exported here)", () => {
  it("works", () => {
    expect(validateHandle("natgeo", "instagram")).toEqual({ ok: true });
    expect(validateHandle("nat geo", "instagram").ok).toBe(false);
  });
});

describe("parsedInputSchema", () => {
  it("accepts whatever the parser returns", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.constantFrom(...PLATFORMS), (s, p) => {
        expect(parsedInputSchema.safeParse(parseProfileInput(s, p)).success).toBe(true);
      }),
      { numRuns: 300 },
    );
    for (const s of [
      "https://youtu.be/dQw4w9WgXcQ",
      "Cristiano Ronaldo",
      "vm.tiktok.com/x",
      "x".repeat(40),
    ]) {
      expect(parsedInputSchema.parse(parseProfileInput(s, "instagram"))).toEqual(
        parseProfileInput(s, "instagram"),
      );
    }
  });
  it("refuses more than 3 suggestions and unknown values", () => {
    const base = parseProfileInput("natgeo", "instagram");
    expect(parsedInputSchema.safeParse({ ...base, suggestions: ["a", "b", "c", "d"] }).success).toBe(false);
    expect(parsedInputSchema.safeParse({ ...base, confidence: "certain" }).success).toBe(false);
    expect(parsedInputSchema.safeParse({ ...base, linkKind: "playlist" }).success).toBe(false);
  });
});
