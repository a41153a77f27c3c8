import { describe, expect, it } from "vitest";
import { FALLBACK } from "#core/engine/index";
import { makeAccount } from "../testing/account-fixture";
import {
  FALLBACK_TEXT,
  formatCount,
  formatMoney,
  initialsOf,
  interactionsOf,
  ordinal,
  profileUrl,
  textOr,
} from "./report-fields";

describe("report fields", () => {
  it("uses the engine's fallback texts, which are the spec's", () => {
    expect(FALLBACK_TEXT).toEqual(FALLBACK);
    expect(Object.values(FALLBACK_TEXT).sort()).toEqual(
      [
        "Advertiser analysis not available for this account.",
        "Demographic data not available",
        "Not available",
        "Unable to determine",
      ].sort(),
    );
  });

  it("falls back on empty or blank text only", () => {
    expect(textOr("", "Not available")).toBe("Not available");
    expect(textOr("   ", "Not available")).toBe("Not available");
    expect(textOr(null, "Not available")).toBe("Not available");
    expect(textOr(" 3 posts a week ", "Not available")).toBe("3 posts a week");
  });

  it("links each platform's public profile", () => {
    expect(profileUrl({ platform: "instagram", username: "natgeo" })).toBe(
      "https://www.instagram.com/natgeo/",
    );
    expect(profileUrl({ platform: "tiktok", username: "khaby.lame" })).toBe(
      "https://www.tiktok.com/@khaby.lame",
    );
    expect(profileUrl({ platform: "youtube", username: "mkbhd" })).toBe("https://www.youtube.com/@mkbhd");
    expect(profileUrl({ platform: "youtube", username: "UCBJycsmduvYEL83R_U4JriQ" })).toBe(
      "https://www.youtube.com/channel/UCBJycsmduvYEL83R_U4JriQ",
    );
  });

  it("makes initials from the name, or the handle", () => {
    expect(initialsOf("Gabriel | Sport", "gabrielthomas")).toBe("GS");
    expect(initialsOf("", "natgeo")).toBe("NA");
    expect(initialsOf("Zoë", "zoe")).toBe("ZO");
  });

  it("counts interactions like the engine: shares too, except on Instagram", () => {
    const post = { ...makeAccount().recentPosts[0]!, likes: 10, comments: 2, shares: 5 };
    expect(interactionsOf(post, "instagram")).toBe(12);
    expect(interactionsOf(post, "tiktok")).toBe(17);
    expect(interactionsOf({ ...post, likes: null }, "tiktok")).toBeNull();
  });
});

describe("ordinal", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [82, "82nd"],
    [100, "100th"],
  ])("%i → %s", (n, text) => {
    expect(ordinal(n)).toBe(text);
  });
});

describe("money and counts", () => {
  it("read as Intl writes them in en-US (whole dollars, grouped), without calling it", () => {
    const usd = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 0,
    });
    const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    for (const v of [0, 0.49, 0.5, 7, 99.5, 1_234, 12_500.5, 987_654, 3_400_000, -40, -1_234.5]) {
      expect(formatMoney(v), String(v)).toBe(usd.format(v));
      expect(formatCount(v), String(v)).toBe(whole.format(v));
    }
  });
});
