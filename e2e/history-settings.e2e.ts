import fs from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { createSampleCatalog } from "../src/core/sample";
import { useE2e } from "./support/harness";
import { type ConsoleEntry, seriousA11yViolations, trackConsoleErrors } from "./support/page-helpers";

/** The server seeds its sample creators with seed 2016: their handles are known in advance. */
const catalog = createSampleCatalog(40, { seed: 2016, now: new Date() });
const publicHandles = catalog.handles.filter((_, i) => !catalog.snapshotAt(i).isPrivate);
const [first, second, third] = publicHandles;

interface AnalysedAccount {
  username: string;
  platform: string;
  followers: number;
  grade: string | null;
  recommendedCountries: string[];
  lastUpdated: string;
}

describe("history and settings in Chromium", () => {
  const ctx = useE2e({
    SAMPLE_ACCOUNTS: "40",
    DEV_LOGIN: "1",
    ADMIN_EMAILS: "admin@example.com",
    USER_DAILY_REPORT_LIMIT: "100",
  });
  const contexts: BrowserContext[] = [];

  async function visitor() {
    const context = await ctx.browser.newContext({ acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    page.on("pageerror", (e) => errors.push({ text: e.message, url: page.url() }));
    return { context, page, errors };
  }

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  const noErrors = (errors: ConsoleEntry[]) =>
    expect(
      errors.map((e) => e.text),
      errors.map((e) => e.text).join("\n"),
    ).toEqual([]);

  /**
   * Axe on the page itself: toasts are transient and are closed first (sonner's rich success colours
   * are the shared toaster's own, reported separately).
   */
  const noSeriousA11y = async (page: Page) => {
    const toasts = page.locator("[data-sonner-toast]");
    for (let i = 0; i < 10 && (await toasts.count()) > 0; i++) {
      await page
        .getByRole("button", { name: "Close toast" })
        .first()
        .click({ timeout: 2000 })
        .catch(() => undefined);
      await page.waitForTimeout(300);
    }
    expect(await toasts.count()).toBe(0);
    const violations = await seriousA11yViolations(page);
    expect(violations, violations.join("\n")).toEqual([]);
  };

  async function devSignIn(page: Page, email: string, from: "banner" | "main" = "banner") {
    const area = from === "banner" ? page.getByRole("banner") : page.getByRole("main");
    await area.getByRole("button", { name: "Sign in", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await dialog.waitFor();
    await dialog.getByLabel("E-mail (development sign-in)").fill(email);
    await dialog.getByRole("button", { name: "Sign in (development)" }).click();
    await page.getByRole("button", { name: "Sign Out" }).waitFor();
    await dialog.waitFor({ state: "hidden" });
  }

  async function signOut(page: Page) {
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).waitFor();
  }

  /** POST /api/analyze from the page, as the app does (same origin, the session's cookies). */
  async function analyseByApi(
    page: Page,
    handle: { platform: string; handle: string },
  ): Promise<AnalysedAccount> {
    return page.evaluate(async ({ platform, handle }) => {
      const res = await fetch("/api/analyze", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ platform, username: handle }),
        credentials: "include",
      });
      if (!res.ok) throw new Error(`analyze failed: ${res.status} ${await res.text()}`);
      return res.json();
    }, handle);
  }

  it("history: a visitor is asked to sign in; a user finds, filters, sorts and opens the accounts analysed", async () => {
    expect(third).toBeDefined();
    const { context, page, errors } = await visitor();
    await page.goto(`${ctx.url}/history`);
    await page.getByRole("heading", { name: "Sign In to View Your History" }).waitFor();
    await noSeriousA11y(page);

    await devSignIn(page, "ada@example.com", "main");
    await page.getByRole("heading", { name: "Recently Viewed" }).waitFor();
    await page.getByText("No accounts yet").waitFor();

    // Analyse a sample creator from the home page (the report opens in a new tab)…
    await page.goto(`${ctx.url}/`);
    const form = page.getByRole("form", { name: "Start Your Analysis" });
    await form.getByLabel("Platform").selectOption(first!.platform);
    await form.getByLabel("Username").fill(first!.handle);
    const opened = context.waitForEvent("page", { timeout: 30_000 });
    await form.getByRole("button", { name: "Analyze" }).click();
    await (await opened).close();
    await page.getByText("Report Generated").waitFor();
    // …and two more through the API.
    const accounts = [
      await analyseByApi(page, first!),
      await analyseByApi(page, second!),
      await analyseByApi(page, third!),
    ];

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Recently Viewed" })
      .click();
    const table = page.getByRole("table");
    await table.waitFor();
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      "Account",
      "Industry",
      "Followers",
      "Engagement",
      "Grade",
      "Last Updated",
      "Actions",
    ]);
    await page.getByText("Showing 3 accounts").waitFor();
    expect(await table.getByRole("button", { name: /^Refresh @/ }).count()).toBe(0);
    const today = new Date().toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(await table.getByRole("row").nth(1).textContent()).toContain(today);
    await noSeriousA11y(page);

    // Search (server-side, after typing pauses).
    await page.getByRole("searchbox", { name: "Search" }).fill(second!.handle);
    await page.getByText("Showing 1 account").waitFor();
    expect(await table.getByRole("row").nth(1).textContent()).toContain(`@${second!.handle}`);
    await page.getByRole("searchbox", { name: "Search" }).fill("");
    await page.getByText("Showing 3 accounts").waitFor();

    // Most Followers puts the largest account first.
    await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Most Followers" });
    const largest = [...accounts].sort((a, b) => b.followers - a.followers)[0]!;
    await table
      .getByRole("row")
      .nth(1)
      .filter({ hasText: `@${largest.username}` })
      .waitFor();

    // A grade filter keeps the accounts of that letter.
    const graded = accounts.find((a) => a.grade)!;
    const letter = graded.grade![0]!;
    await page.getByRole("combobox", { name: "Grade" }).selectOption(letter);
    const expected = accounts.filter((a) => a.grade?.startsWith(letter)).length;
    await page.getByText(`Showing ${expected} ${expected === 1 ? "account" : "accounts"}`).waitFor();
    await page.getByRole("combobox", { name: "Grade" }).selectOption({ label: "All" });
    // The market filter matches the accounts' recommended countries (case-insensitive text).
    const inMarket = (market: string) =>
      accounts.filter((a) => a.recommendedCountries.some((c) => c.toLowerCase().includes(market))).length;
    for (const [value, label] of [
      ["united states", "United States"],
      ["canada", "Canada"],
    ] as const) {
      await page.getByRole("combobox", { name: "Target market" }).selectOption({ label });
      const n = inMarket(value);
      await page
        .getByText(
          n === 0 ? "No accounts match these filters" : `Showing ${n} ${n === 1 ? "account" : "accounts"}`,
        )
        .waitFor();
    }
    await page.getByRole("combobox", { name: "Target market" }).selectOption({ label: "All" });
    await page.getByText("Showing 3 accounts").waitFor();

    // 'View' opens /report/{username}.
    await table.getByRole("link", { name: `View report for @${graded.username}` }).click();
    await page.getByRole("article", { name: `Report for @${graded.username}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/report/${graded.username}`);
    noErrors(errors);
  });

  it("settings: visitor and user are refused; the admin's saved settings change what the server does", async () => {
    const { page, errors } = await visitor();
    await page.goto(`${ctx.url}/settings`);
    await page.getByText("You need to be logged in to access settings.").waitFor();
    await noSeriousA11y(page);

    await devSignIn(page, "ada@example.com");
    await page
      .getByText("You do not have permission to access settings. This page is restricted to specific users.")
      .waitFor();
    await noSeriousA11y(page);
    await signOut(page);

    await devSignIn(page, "admin@example.com");
    const form = page.getByRole("form", { name: "Settings" });
    await form.waitFor();
    await noSeriousA11y(page);
    const cacheSwitch = form.getByRole("switch", { name: "Cache reports" });
    expect(await cacheSwitch.getAttribute("aria-checked")).toBe("true");
    expect(await form.getByRole("combobox", { name: "Cache expiry" }).inputValue()).toBe("7");
    expect(await form.getByRole("combobox", { name: "Rate limit" }).inputValue()).toBe("5");
    expect(await form.getByRole("combobox", { name: "Model" }).inputValue()).toBe("sonar-pro");

    // With the cache on, analysing an account again reuses its stored report.
    const a1 = await analyseByApi(page, first!);
    const a2 = await analyseByApi(page, first!);
    expect(a2.lastUpdated).toBe(a1.lastUpdated);

    // Cache off, saved on the server: the next analysis of the same account fetches again.
    await cacheSwitch.click();
    await form.getByRole("combobox", { name: "Auto-refresh" }).selectOption({ label: "Weekly" });
    await form.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved").waitFor();
    const a3 = await analyseByApi(page, first!);
    expect(Date.parse(a3.lastUpdated)).toBeGreaterThan(Date.parse(a1.lastUpdated));
    const a4 = await analyseByApi(page, first!);
    expect(Date.parse(a4.lastUpdated)).toBeGreaterThan(Date.parse(a3.lastUpdated));
    // The report screen shows the new date too, and the setting survives a reload (it is on the server).
    await page.reload();
    await form.waitFor();
    expect(await form.getByRole("switch", { name: "Cache reports" }).getAttribute("aria-checked")).toBe(
      "false",
    );
    expect(await form.getByRole("combobox", { name: "Cache expiry" }).isDisabled()).toBe(true);
    expect(await form.getByRole("combobox", { name: "Auto-refresh" }).inputValue()).toBe("weekly");
    await form.getByRole("switch", { name: "Cache reports" }).click();
    await form.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved").waitFor();
    const a5 = await analyseByApi(page, first!);
    expect(a5.lastUpdated).toBe(a4.lastUpdated);

    // 'Clear cache' expires the stored report: the next analysis is fresh again.
    await page.getByRole("button", { name: "Clear cache" }).click();
    await page.getByText("Cache cleared").waitFor();
    const a6 = await analyseByApi(page, first!);
    expect(Date.parse(a6.lastUpdated)).toBeGreaterThan(Date.parse(a5.lastUpdated));

    // Export as CSV and JSON: files named by date, holding the analysed account.
    const date = new Date().toISOString().slice(0, 10);
    for (const format of ["CSV", "JSON"]) {
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: `Export ${format}` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`accounts-${date}.${format.toLowerCase()}`);
      const text = fs.readFileSync((await file.path())!, "utf8");
      expect(text).toContain(first!.handle);
      if (format === "JSON") expect(JSON.parse(text).accounts.length).toBeGreaterThanOrEqual(40);
      await page.getByText("Data exported").first().waitFor();
    }

    // The admin's history has a refresh button per row.
    await page.goto(`${ctx.url}/history`);
    const table = page.getByRole("table");
    await table.getByRole("button", { name: `Refresh @${first!.handle}` }).click();
    await page.getByText("Account refreshed").waitFor();
    await page.getByText(`Successfully refreshed data for @${first!.handle}`).waitFor();
    await noSeriousA11y(page);

    // 'Delete all' behind 'Are you absolutely sure?'.
    await page.goto(`${ctx.url}/settings`);
    await page.getByRole("button", { name: "Delete all data" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you absolutely sure?" });
    await dialog.waitFor();
    await noSeriousA11y(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(
      await page.evaluate(
        async () => (await (await fetch("/api/accounts", { cache: "no-store" })).json()).length,
      ),
    ).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Delete all data" }).click();
    await dialog.getByRole("button", { name: "Yes, delete everything" }).click();
    await page.getByText("All data deleted").waitFor();
    await dialog.waitFor({ state: "hidden" });
    expect(
      await page.evaluate(
        async () => (await (await fetch("/api/accounts", { cache: "no-store" })).json()).length,
      ),
    ).toBe(0);
    await page.goto(`${ctx.url}/history`);
    await page.getByText("No accounts yet").waitFor();
    noErrors(errors);
  });
});
