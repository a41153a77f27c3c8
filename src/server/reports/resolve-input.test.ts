import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors";
import { resolveAnalyzeInput } from "./resolve-input";

describe("resolveAnalyzeInput", () => {
  it("hands the collectors the link kinds they understand", () => {
    expect(resolveAnalyzeInput("https://www.youtube.com/user/PewDiePie", "youtube")).toMatchObject({
      platform: "youtube",
      linkKind: "user",
    });
    expect(resolveAnalyzeInput("https://www.youtube.com/c/Kurzgesagt", "youtube")).toMatchObject({
      linkKind: "c",
    });
    expect(
      resolveAnalyzeInput("https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA", "instagram"),
    ).toMatchObject({
      platform: "youtube",
      handle: "UCX6OQ3DkcsbYNE6H8uQQuVA",
      linkKind: "channel",
    });
    expect(resolveAnalyzeInput("https://youtube.com/shorts/abcdefghijk", "youtube")).toMatchObject({
      linkKind: "short",
    });
    expect(resolveAnalyzeInput("@natgeo", "instagram")).toMatchObject({
      platform: "instagram",
      handle: "natgeo",
    });
  });
  it("refuses what cannot be a handle, with the parser's reason", () => {
    expect(() => resolveAnalyzeInput("a".repeat(31), "instagram")).toThrow(ValidationError);
    expect(() => resolveAnalyzeInput("https://evil.com/instagram.com/x", "instagram")).toThrow(
      /not an Instagram, TikTok or YouTube profile/,
    );
  });
});
