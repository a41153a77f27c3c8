import { describe, expect, it } from "vitest";
import type { Platform } from "../schemas/platform";
import {
  FORM_MAX_LENGTH,
  HANDLE_MAX_LENGTH,
  INSTAGRAM_DOTS_MESSAGE,
  invalidCharactersMessage,
  isChannelId,
  isVideoId,
  MAX_SUGGESTIONS,
  PLATFORM_REQUIRED,
  TIKTOK_TRAILING_DOT_MESSAGE,
  USERNAME_REQUIRED,
  usernameTooLongMessage,
  validateHandle,
} from "./rules";

describe("spec §5/§9 constants and messages", () => {
  it("has the spec's limits and texts", () => {
    expect(HANDLE_MAX_LENGTH).toEqual({ instagram: 30, tiktok: 24, youtube: 100 });
    expect(FORM_MAX_LENGTH).toBe(100);
    expect(MAX_SUGGESTIONS).toBe(3);
    expect(USERNAME_REQUIRED).toBe("Username is required");
    expect(PLATFORM_REQUIRED).toBe("Please select a platform");
    expect(usernameTooLongMessage("tiktok")).toBe(
      "TikTok usernames must be 24 characters or less. Try using one of the suggested alternatives.",
    );
  });
});

describe("validateHandle", () => {
  const ok: [string, Platform][] = [
    ["natgeo", "instagram"],
    ["nat.geo_2", "instagram"],
    ["_x_", "instagram"],
    ["NatGeo", "instagram"],
    ["a".repeat(30), "instagram"],
    ["khaby.lame", "tiktok"],
    [".dot.first", "tiktok"],
    ["a".repeat(24), "tiktok"],
    ["some-channel.tv_", "youtube"],
    ["a".repeat(100), "youtube"],
    ["UCX6OQ3DkcsbYNE6H8uQQuVA", "youtube"],
  ];
  it.each(ok)("accepts %s on %s", (handle, platform) => {
    expect(validateHandle(handle, platform)).toEqual({ ok: true });
  });

  const bad: [string, Platform, string][] = [
    ["", "instagram", USERNAME_REQUIRED],
    ["a".repeat(31), "instagram", usernameTooLongMessage("instagram")],
    ["a".repeat(25), "tiktok", usernameTooLongMessage("tiktok")],
    ["a".repeat(101), "youtube", usernameTooLongMessage("youtube")],
    ["some-name", "instagram", invalidCharactersMessage("instagram")],
    ["some-name", "tiktok", invalidCharactersMessage("tiktok")],
    ["with space", "youtube", invalidCharactersMessage("youtube")],
    ["@natgeo", "instagram", invalidCharactersMessage("instagram")],
    ["café", "tiktok", invalidCharactersMessage("tiktok")],
    ["emoji🔥", "youtube", invalidCharactersMessage("youtube")],
    [".natgeo", "instagram", INSTAGRAM_DOTS_MESSAGE],
    ["natgeo.", "instagram", INSTAGRAM_DOTS_MESSAGE],
    ["nat..geo", "instagram", INSTAGRAM_DOTS_MESSAGE],
    ["khaby.", "tiktok", TIKTOK_TRAILING_DOT_MESSAGE],
  ];
  it.each(bad)("refuses %j on %s", (handle, platform, reason) => {
    expect(validateHandle(handle, platform)).toMatchObject({ ok: false, reason });
  });

  it("marks the over-limit case so the form can show the toast", () => {
    expect(validateHandle("a".repeat(31), "instagram")).toMatchObject({ ok: false, tooLong: true });
  });
});

describe("YouTube ids", () => {
  it("recognises channel ids (UC + 22) and video ids (11), case-sensitively", () => {
    expect(isChannelId("UCX6OQ3DkcsbYNE6H8uQQuVA")).toBe(true);
    expect(isChannelId("ucX6OQ3DkcsbYNE6H8uQQuVA")).toBe(false);
    expect(isChannelId("UCX6OQ3DkcsbYNE6H8uQQuV")).toBe(false);
    expect(isChannelId("UCX6OQ3DkcsbYNE6H8uQQu.A")).toBe(false);
    expect(isVideoId("dQw4w9WgXcQ")).toBe(true);
    expect(isVideoId("dQw4w9WgXc")).toBe(false);
    expect(isVideoId("dQw4w9WgX.Q")).toBe(false);
  });
});
