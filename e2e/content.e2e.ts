import { describe, expect, it } from "vitest";
import { useE2e } from "./support/harness";
import {
  appHasTakenOver,
  documentIsMarked,
  markDocument,
  seriousA11yViolations,
  trackConsoleErrors,
  trackRequests,
  withContextPage,
} from "./support/page-helpers";

describe("blog, static and diagnostic pages", () => {
  const ctx = useE2e();

  it("blog list → article → linked article, with article metadata", async () => {
    const page = ctx.page;
    await page.goto(`${ctx.url}/blog`);
    await page.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
    await appHasTakenOver(page);
    const titles = await page.locator("main h2").allInnerTexts();
    expect(titles).toHaveLength(3);
    expect(await page.title()).toBe("Blog | Social Media Analytics Platform");
    await markDocument(page);

    await page.getByRole("link", { name: /Instagram vs TikTok vs YouTube Influencers/ }).click();
    await page
      .getByRole("heading", { level: 1, name: /Instagram vs TikTok vs YouTube Influencers/ })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/blog/instagram-vs-tiktok-vs-youtube-influencers");
    expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("article");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld["@type"]).toBe("Article");

    // A link inside the Markdown navigates in place.
    await page.getByRole("link", { name: "how per-post value is determined" }).click();
    await page
      .getByRole("heading", { level: 1, name: "How Influencer Per-Post Value Is Determined" })
      .waitFor();
    await page.getByRole("heading", { name: "Illustrative price ranges" }).waitFor();
    expect(await page.getByRole("table").count()).toBe(1);
    expect(await documentIsMarked(page)).toBe(true);
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("blog and about pass axe with no serious or critical violations", async () => {
    await withContextPage(ctx.browser, async (page, errors) => {
      await page.goto(`${ctx.url}/blog`);
      await page.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
      await appHasTakenOver(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.goto(`${ctx.url}/blog/latest-marketing-trends-2025`);
      await page
        .getByRole("heading", { level: 1, name: "Influencer Marketing Trends to Watch in 2025" })
        .waitFor();
      await appHasTakenOver(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.goto(`${ctx.url}/about`);
      await page.getByRole("heading", { level: 1, name: /^About / }).waitFor();
      await appHasTakenOver(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it("legal, diagnostic and not-found pages pass axe with no serious or critical violations", async () => {
    await withContextPage(ctx.browser, async (page, errors) => {
      for (const [path, heading] of [
        ["/privacy", "Privacy Policy"],
        ["/terms", "Terms of Service"],
        ["/test-parser", "Input Parser Test"],
        ["/no-such-page", "404 Page Not Found"],
      ] as const) {
        await page.goto(`${ctx.url}${path}`);
        await page.getByRole("heading", { level: 1, name: heading }).waitFor();
        await appHasTakenOver(page);
        expect(await seriousA11yViolations(page), path).toEqual([]);
      }
      // The parser page with a reading and its suggestions on screen.
      await page.goto(`${ctx.url}/test-parser`);
      await page.getByRole("button", { name: "Celebrity name", exact: true }).click();
      await page.getByLabel("Input").fill("a very very long display name that nobody knows");
      await page.getByTestId("validity").getByText("Invalid").waitFor();
      expect(await seriousA11yViolations(page), "/test-parser with suggestions").toEqual([]);
      // The ad diagnostics once a run has finished (its results are on screen).
      await page.goto(`${ctx.url}/adsense-test`);
      await page.getByRole("heading", { level: 1, name: "AdSense Diagnostics" }).waitFor();
      await page.getByText("1 run completed").waitFor({ timeout: 10_000 });
      expect(await seriousA11yViolations(page), "/adsense-test").toEqual([]);
      // The only console errors are the browser's notes about the 404 statuses: the unknown page
      // (served with 404 for crawlers) and the probed, missing /ads.txt.
      expect(errors.filter((e) => !e.url.endsWith("/ads.txt") && !e.url.endsWith("/no-such-page"))).toEqual(
        [],
      );
    });
  });

  it("website structured data with the search action, and no CSP complaint about it", async () => {
    await ctx.page.goto(`${ctx.url}/about`);
    await ctx.page.getByRole("heading", { level: 1, name: /^About / }).waitFor();
    await appHasTakenOver(ctx.page);
    const ld = JSON.parse(
      (await ctx.page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(ld["@type"]).toBe("WebSite");
    expect(ld.potentialAction.target.urlTemplate).toMatch(/\/search\?q=\{search_term_string\}$/);
    expect(await ctx.page.locator('meta[name="robots"]').getAttribute("content")).toBe("index, follow");
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("privacy and terms carry their date", async () => {
    for (const [path, title] of [
      ["/privacy", "Privacy Policy"],
      ["/terms", "Terms of Service"],
    ]) {
      await ctx.page.goto(`${ctx.url}${path}`);
      await ctx.page.getByRole("heading", { level: 1, name: title }).waitFor();
      await ctx.page.getByText("Last Updated: May 20, 2023").waitFor();
    }
  });

  it("the parser page reads the six predefined cases and offers suggestions", async () => {
    const page = ctx.page;
    await page.goto(`${ctx.url}/test-parser`);
    await page.getByRole("heading", { level: 1, name: "Input Parser Test" }).waitFor();
    const expected: [string, string, string, string][] = [
      ["At-mention", "cristiano", "at_mention", "high"],
      ["Profile URL", "natgeo", "url", "high"],
      ["Display name", "janedoetravels", "display_name", "medium"],
      ["Simple username", "mkbhd", "username", "high"],
      ["Dotted username", "khaby.lame", "username", "high"],
      ["Celebrity name", "cristiano", "display_name", "medium"],
    ];
    for (const [label, username, type, confidence] of expected) {
      await page.getByRole("button", { name: label, exact: true }).click();
      expect(await page.getByTestId("parsed-username").textContent(), label).toBe(username);
      expect(await page.getByTestId("input-type").textContent(), label).toBe(type);
      expect(await page.getByTestId("confidence").textContent(), label).toBe(confidence);
      expect(await page.getByTestId("validity").textContent(), label).toBe("Valid");
    }
    await page.getByLabel("Platform").selectOption("tiktok");
    await page.getByLabel("Input").fill("a very very long display name that nobody knows");
    expect(await page.getByTestId("validity").textContent()).toBe("Invalid");
    await page.getByRole("button", { name: "@a.very.very.long.display" }).click();
    expect(await page.getByLabel("Input").inputValue()).toBe("a.very.very.long.display");
    expect(await page.getByTestId("validity").textContent()).toBe("Valid");
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("the ad diagnostics run on open, accumulate on rerun, and load nothing from outside", async () => {
    const page = ctx.page;
    const errors = trackConsoleErrors(page);
    const requests = trackRequests(page);
    const before = ctx.pageErrors.length;
    await page.goto(`${ctx.url}/adsense-test`);
    await page.getByRole("heading", { level: 1, name: "AdSense Diagnostics" }).waitFor();
    await page.getByText("1 run completed").waitFor({ timeout: 10_000 });
    const run1 = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Run 1/ }) });
    const results = run1.locator("li[data-status]");
    expect(await results.count()).toBe(6);
    await run1.getByText("ads.txt file not accessible").waitFor();
    await run1.getByText("Running on development domain - ads may not show until deployed").waitFor();
    await run1.getByText("AdSense script not loaded - check network connectivity").waitFor();
    expect(await run1.getByText("No ad blocker detected").count()).toBe(1);

    await page.getByRole("button", { name: "Rerun Tests" }).click();
    await page.getByText("2 runs completed").waitFor({ timeout: 10_000 });
    expect(await page.getByRole("heading", { name: /^Run \d/ }).count()).toBe(2);

    expect(requests.filter((u) => !u.startsWith(ctx.url))).toEqual([]);
    // The only console errors are the browser's notes about the probed, missing /ads.txt.
    expect(
      errors.filter((e) => !e.url.endsWith("/ads.txt")),
      JSON.stringify(errors),
    ).toEqual([]);
    ctx.pageErrors.splice(before);
  });
});
