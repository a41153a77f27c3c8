import { describe, expect, it } from "vitest";
import { landingKeyOf, paths, routes } from "./paths";

describe("paths", () => {
  it("builds every link of spec §2", () => {
    expect(paths.report("nat.geo", "instagram")).toBe("/report/instagram/nat.geo");
    expect(paths.report("nat geo")).toBe("/report/nat%20geo");
    expect(paths.insight()).toBe("/influencer-insight");
    expect(paths.insight("mkbhd")).toBe("/influencer-insight/mkbhd");
    expect(paths.insight("mkbhd", "youtube")).toBe("/influencer-insight/youtube/mkbhd");
    expect(paths.landing("tiktok")).toBe("/tiktok-analytics");
    expect(paths.landing("social-media", "x")).toBe("/social-media-analytics/x");
    expect(paths.discovery()).toBe("/influencer-discovery");
    expect(paths.blogPost("a-b")).toBe("/blog/a-b");
    expect(paths.search("a b")).toBe("/search?q=a%20b");
    expect(paths.searchTemplate()).toBe("/search?q={search_term_string}");
  });

  it("builds the agency links (issue 22)", () => {
    expect(paths.lists()).toBe("/lists");
    expect(paths.lists(7)).toBe("/lists/7");
    expect(paths.compare()).toBe("/compare");
    expect(
      paths.compare([
        { platform: "instagram", username: "a.b" },
        { platform: "youtube", username: "UC x" },
      ]),
    ).toBe("/compare?accounts=instagram:a.b,youtube:UC%20x");
    expect(paths.sharedList("abc_-1")).toBe("/shared/lists/abc_-1");
  });

  it("has the aliases as route patterns", () => {
    expect(routes.insight).toEqual(
      expect.arrayContaining([
        "/influencer-report",
        "/influencer-report/:platform/:username",
        "/influencer-report/:username",
      ]),
    );
    expect(routes.discovery).toEqual(["/influencer-discovery", "/influencer-search"]);
    expect(routes.landing).toHaveLength(8);
  });

  it("finds the landing page key", () => {
    expect(landingKeyOf("/youtube-analytics/mkbhd")).toBe("youtube");
    expect(landingKeyOf("/social-media-analytics")).toBe("social-media");
    expect(landingKeyOf("/facebook-analytics")).toBeNull();
  });
});
