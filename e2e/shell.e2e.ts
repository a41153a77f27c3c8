import { describe, expect, it } from "vitest";
import { useE2e } from "./support/harness";
import {
  documentIsMarked,
  markDocument,
  seriousA11yViolations,
  withContextPage,
} from "./support/page-helpers";

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
    expect(await ctx.page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/404$/);
  });

  it("an unknown blog article is the 404 page too", async () => {
    await ctx.page.goto(`${ctx.url}/blog/no-such-article`);
    await ctx.page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("top-bar and footer links navigate without reloading the page", async () => {
    const page = ctx.page;
    await page.goto(`${ctx.url}/`);
    await page.getByRole("heading", { name: "Social Media Analytics Made Simple" }).waitFor();
    await markDocument(page);
    const mainNav = page.getByRole("navigation", { name: "Main" });
    const journeys: [string, string, string][] = [
      ["Influencer Discovery", "/influencer-discovery", "Influencer Discovery"],
      ["Influencer Insight", "/influencer-insight", "Influencer Insight"],
      ["Blog", "/blog", "Blog"],
      ["Recently Viewed", "/history", "Sign In to View Your History"],
    ];
    for (const [link, path, heading] of journeys) {
      await mainNav.getByRole("link", { name: link, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await mainNav.getByRole("link", { name: link, exact: true }).getAttribute("aria-current")).toBe(
        "page",
      );
    }
    const footer = page.getByRole("navigation", { name: "Footer" });
    for (const [link, heading] of [
      ["About", /^About /],
      ["Privacy", "Privacy Policy"],
      ["Terms", "Terms of Service"],
    ] as const) {
      await footer.getByRole("link", { name: link, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    }
    await page.getByRole("link", { name: "Social Media Analytics Platform" }).first().click();
    await page.getByRole("heading", { name: "Social Media Analytics Made Simple" }).waitFor();
    expect(await documentIsMarked(page)).toBe(true);
    expect(await page.getByRole("contentinfo").textContent()).toContain(
      "Data comes from public sources, is analysed automatically and is only an estimate.",
    );
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("the theme toggle persists across reloads and is applied before the app starts", async () => {
    const page = ctx.page;
    await page.goto(`${ctx.url}/`);
    const html = page.locator("html");
    expect(await html.getAttribute("class")).toBe("light");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    expect(await html.getAttribute("class")).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("ui-theme"))).toBe("dark");
    await page.reload();
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    expect(await html.getAttribute("class")).toBe("dark");
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe("rgb(11, 17, 32)");

    // No flash: with the app's JavaScript blocked, the saved theme is still on <html> (public/theme-init.js).
    const context = await ctx.browser.newContext();
    const bare = await context.newPage();
    await bare.goto(`${ctx.url}/`);
    await bare.evaluate(() => localStorage.setItem("ui-theme", "dark"));
    await bare.route("**/assets/*.js", (route) => route.abort());
    await bare.goto(`${ctx.url}/about`);
    expect(await bare.locator("html").getAttribute("class")).toBe("dark");
    await context.close();

    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await page.reload();
    await page.getByRole("button", { name: "Switch to dark theme" }).waitFor();
    expect(await html.getAttribute("class")).toBe("light");
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("on a 390 px wide screen the drawer opens with Home, About, Privacy and Terms", async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${ctx.url}/blog`);
      expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
      await page.getByRole("button", { name: "Open menu" }).click();
      const drawer = page.getByRole("dialog");
      await drawer.waitFor();
      const links = await drawer
        .getByRole("navigation", { name: "Mobile" })
        .getByRole("link")
        .allInnerTexts();
      expect(links).toEqual(expect.arrayContaining(["Home", "About", "Privacy", "Terms", "Blog"]));
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
      await page.getByRole("button", { name: "Open menu" }).click();
      await drawer.getByRole("link", { name: "Privacy" }).click();
      await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
      await drawer.waitFor({ state: "hidden" });
      expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it("home passes axe with no serious or critical violations, in light and dark", async () => {
    await withContextPage(ctx.browser, async (page, errors) => {
      await page.goto(`${ctx.url}/`);
      await page.getByRole("heading", { name: "Social Media Analytics Made Simple" }).waitFor();
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Switch to dark theme" }).click();
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The open mobile drawer (keyboard focus trap) too.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog").waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
