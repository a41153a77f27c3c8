import { describe, expect, it } from "vitest";
import type { StageEvent } from "#core/schemas/analysis-stream";
import { ApiError } from "../../../lib/api-client";
import { analysisErrorAction, UNKNOWN_ERROR } from "./analysis-error";
import { prepareSubmission } from "./prepare-submission";
import { describeStage } from "./stages";

describe("prepareSubmission (spec §5)", () => {
  it.each([
    ["@NatGeo", "instagram", { username: "natgeo", platform: "instagram" }],
    ["https://www.instagram.com/natgeo/", "instagram", { username: "natgeo", platform: "instagram" }],
    ["https://www.tiktok.com/@khaby.lame", "instagram", { username: "khaby.lame", platform: "tiktok" }],
    ["Cristiano Ronaldo", "instagram", { username: "cristiano", platform: "instagram" }],
    ["  mkbhd ", "youtube", { username: "mkbhd", platform: "youtube" }],
  ] as const)("%s on %s → %o", (input, platform, request) => {
    expect(prepareSubmission(input, platform)).toEqual({ ok: true, request });
  });

  it("sends a video link as it is, so the server can find its channel", () => {
    const link = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
    expect(prepareSubmission(link, "youtube")).toEqual({
      ok: true,
      request: { username: link, platform: "youtube" },
    });
  });

  it("refuses a handle over the platform's limit with the spec's toast text", () => {
    expect(prepareSubmission("a very long display name that is long", "tiktok")).toEqual({
      ok: false,
      tooLong: true,
      message: "TikTok usernames must be 24 characters or less. Try using one of the suggested alternatives.",
    });
    expect(prepareSubmission("x".repeat(31), "instagram")).toMatchObject({ ok: false, tooLong: true });
    expect(prepareSubmission("x".repeat(30), "instagram")).toMatchObject({ ok: true });
    expect(prepareSubmission("x".repeat(100), "youtube")).toMatchObject({ ok: true });
  });

  it("refuses links that are not profiles and input with nothing usable", () => {
    expect(prepareSubmission("https://instagram.com/p/abc", "instagram")).toMatchObject({
      ok: false,
      tooLong: false,
      message: expect.stringContaining("a link to an Instagram post"),
    });
    expect(prepareSubmission("!!!", "instagram")).toMatchObject({ ok: false, tooLong: false });
  });
});

describe("analysisErrorAction (spec §8)", () => {
  const err = (status: number, message: string, extra: { code?: string; requiresAuth?: boolean } = {}) =>
    new ApiError(message, { status, ...extra });

  it.each([
    err(429, "Daily limit reached", { code: "REPORT_LIMIT_EXCEEDED", requiresAuth: true }),
    err(429, "You have reached the free limit"),
    err(401, "You need to log in first"),
    err(401, "Unauthorized", { requiresAuth: true }),
  ])("%s → the sign-in dialog", (error) => {
    expect(analysisErrorAction(error)).toEqual({
      kind: "login",
      detail: { message: error.message, code: error.code, requiresAuth: true },
    });
  });

  it.each([
    [err(429, "Rate limit: slow down", { code: "RATE_LIMITED" }), "Rate limit: slow down"],
    [err(401, "Bad token"), "Bad token"],
    [err(503, "Instagram could not be reached"), "Instagram could not be reached"],
    [new Error(""), UNKNOWN_ERROR],
    ["a string", UNKNOWN_ERROR],
  ])("%s → a toast", (error, message) => {
    expect(analysisErrorAction(error)).toEqual({ kind: "toast", message });
  });

  it("a cancelled analysis says nothing", () => {
    expect(analysisErrorAction(new DOMException("gone", "AbortError"))).toEqual({ kind: "ignore" });
  });
});

describe("describeStage", () => {
  it("follows the stream's stages with a growing bar", () => {
    const events: (StageEvent | null)[] = [
      null,
      { stage: "parsing" },
      { stage: "fetching" },
      { stage: "analyzing", detail: "27 posts" },
      { stage: "writing" },
      { stage: "saving" },
    ];
    const steps = events.map(describeStage);
    expect(steps.map((s) => s.label)).toEqual([
      "Starting analysis",
      "Checking the input",
      "Fetching profile",
      "Analysing 27 posts",
      "Writing report",
      "Saving",
    ]);
    const percents = steps.map((s) => s.percent);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
  });
});
