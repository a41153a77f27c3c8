import { describe, expect, it } from "vitest";
import { useE2e } from "./support/harness";

describe("app shell in Chromium", () => {
  const ctx = useE2e();

  it("serves the home page", async () => {
    await ctx.page.goto(`${ctx.url}/`);
    await ctx.page.getByRole("heading", { name: "Social Media Analytics Made Simple" }).waitFor();
    expect(await ctx.page.title()).toContain("Social Media Analytics");
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("shows the spec's 404 page for an unknown path", async () => {
    await ctx.page.goto(`${ctx.url}/definitely/not/a/page`);
    await ctx.page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    expect(await ctx.page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
    expect(await ctx.page.title()).toBe("Page Not Found | Social Media Analytics Platform");
  });
});
