import { describe, expect, it } from "vitest";
import { createSampleCatalog } from "../src/core/sample";
import { useE2e } from "./support/harness";
import { type ConsoleEntry, trackConsoleErrors } from "./support/page-helpers";

/** The server seeds its sample creators with seed 2016: their handles are known in advance. */
const catalog = createSampleCatalog(20, { seed: 2016, now: new Date() });
const creator = catalog.handles[3]!;
const PLATFORM_NAMES = { instagram: "Instagram", tiktok: "TikTok", youtube: "YouTube" } as const;

describe("site search in Chromium", () => {
  const ctx = useE2e({
    SAMPLE_ACCOUNTS: "20",
    ANON_REPORT_LIMIT: "5",
    APP_URL: "https://reports.example",
    BRAND_NAME: "Reports & Co",
  });

  const noErrors = (errors: ConsoleEntry[]) =>
    expect(
      errors.map((e) => e.text),
      errors.map((e) => e.text).join("\n"),
    ).toEqual([]);

  it("searches from the structured-data target, opens a result and lands on the report", async () => {
    const context = await ctx.browser.newContext();
    try {
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      page.on("pageerror", (e) => errors.push({ text: e.message, url: page.url() }));

      // Store a report for the creator (as a visitor analysing it would).
      const analysed = await page.request.post(`${ctx.url}/api/analyze`, {
        data: { platform: creator.platform, username: creator.handle },
      });
      expect(analysed.status(), await analysed.text()).toBe(200);
      const account = (await analysed.json()) as { name: string; grade: string | null };

      // The home page's structured data names /search?q={search_term_string} as the search target:
      // in the HTML the server sends, and still once the app has taken over the head.
      const served = await (await page.request.get(`${ctx.url}/`)).text();
      expect(served).toContain('"urlTemplate":"https://reports.example/search?q={search_term_string}"');
      await page.goto(`${ctx.url}/`);
      const ld = JSON.parse(
        (await page
          .waitForFunction(() => {
            const text = document.querySelector('script[type="application/ld+json"]')?.textContent ?? "";
            return text.includes("https://reports.example") ? text : null;
          })
          .then((h) => h.jsonValue())) ?? "{}",
      ) as { potentialAction?: { target?: { urlTemplate?: string } } };
      const template = ld.potentialAction?.target?.urlTemplate ?? "";
      expect(template).toBe("https://reports.example/search?q={search_term_string}");
      const searchPath = new URL(
        template.replace("{search_term_string}", encodeURIComponent(creator.handle.slice(0, 5))),
      );

      await page.goto(`${ctx.url}${searchPath.pathname}${searchPath.search}`);
      await page.getByRole("heading", { name: "Search" }).waitFor();
      const label = `View Report for @${creator.handle} on ${PLATFORM_NAMES[creator.platform]}`;
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: label }) });
      await row.waitFor();
      expect(await row.textContent()).toContain(PLATFORM_NAMES[creator.platform]);
      if (account.grade) expect(await row.textContent()).toContain(account.grade);
      expect(await page.title()).toBe(`Search: ${creator.handle.slice(0, 5)} | Reports & Co`);

      await row.getByRole("link", { name: label }).click();
      await page.waitForURL(`**/report/${creator.platform}/${creator.handle}`);
      await page.getByRole("article", { name: `Report for @${creator.handle}` }).waitFor();
      // After client-side navigation the metadata is the report's, not the search page's.
      expect(await page.title()).toContain(`@${creator.handle}`);
      expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
        `https://reports.example/report/${creator.platform}/${creator.handle}`,
      );
      noErrors(errors);
    } finally {
      await context.close();
    }
  });

  it("shows the server-rendered report metadata to a client without JavaScript", async () => {
    const context = await ctx.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${ctx.url}/report/${creator.platform}/${creator.handle}`);
      expect(await page.title()).toContain(`(@${creator.handle}) ${PLATFORM_NAMES[creator.platform]} report`);
      expect(await page.locator('meta[property="og:description"]').getAttribute("content")).toMatch(
        /followers/,
      );
      // Without any script (decision 027): the top bar with the configured brand, and the report itself,
      // rendered by the server from the stored report.
      expect(await page.getByTestId("brand-name").textContent()).toBe("Reports & Co");
      expect(await page.getByRole("link", { name: "Influencer Discovery" }).first().isVisible()).toBe(true);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain(`@${creator.handle}`);
      expect(await page.locator("main").textContent()).toContain("Estimated value per post");
      // A page the server does not render says it is loading.
      await page.goto(`${ctx.url}/influencer-insight`);
      expect(await page.getByRole("status").textContent()).toContain("Loading");
    } finally {
      await context.close();
    }
  });

  it("offers to analyse a term nothing matches as a handle", async () => {
    const context = await ctx.browser.newContext();
    try {
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      await page.goto(`${ctx.url}/search?q=${encodeURIComponent("@Zz_Nobody_Here")}`);
      await page.getByTestId("search-empty").waitFor();
      const offer = page.getByRole("link", { name: "Analyze @zz_nobody_here on TikTok" });
      expect(await offer.getAttribute("href")).toBe("/influencer-insight/tiktok/zz_nobody_here");
      // Searching again from the box updates the address and the results.
      await page.getByLabel("Search term").fill(creator.handle);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL(`**/search?q=${creator.handle}`);
      await page
        .getByRole("link", {
          name: `View Report for @${creator.handle} on ${PLATFORM_NAMES[creator.platform]}`,
        })
        .waitFor();
      noErrors(errors);
    } finally {
      await context.close();
    }
  });
});
