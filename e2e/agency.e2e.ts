import fs from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "./support/harness";
import { type ConsoleEntry, seriousA11yViolations, trackConsoleErrors } from "./support/page-helpers";

const HOSTILE_HTML = '<img src=x onerror="window.__pwned=1">';
const HOSTILE_FORMULA = '=HYPERLINK("http://evil.example","x")';

describe("agency workflow in Chromium: shortlist, notes, compare, export, share", () => {
  const ctx = useE2e({
    SAMPLE_ACCOUNTS: "300",
    DEV_LOGIN: "1",
    USER_DAILY_REPORT_LIMIT: "100",
    BRAND_NAME: "Acme Talent",
  });
  const contexts: BrowserContext[] = [];

  async function visitor() {
    const context = await ctx.browser.newContext({
      acceptDownloads: true,
      viewport: { width: 1400, height: 1600 },
    });
    contexts.push(context);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    page.on("pageerror", (e) => errors.push({ text: e.message, url: page.url() }));
    // A hostile note must never open a dialog or run a script.
    page.on("dialog", (d) => {
      if (d.type() !== "confirm")
        errors.push({ text: `unexpected ${d.type()}: ${d.message()}`, url: page.url() });
      void d.dismiss();
    });
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

  async function devSignIn(page: Page, email: string) {
    await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await dialog.getByLabel("E-mail (development sign-in)").fill(email);
    await dialog.getByRole("button", { name: "Sign in (development)" }).click();
    await page.getByRole("button", { name: "Sign Out" }).waitFor();
    await dialog.waitFor({ state: "hidden" });
  }

  /** Axe on the page itself (transient toasts closed first). */
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
    const violations = await seriousA11yViolations(page);
    expect(violations, violations.join("\n")).toEqual([]);
  };

  const pwned = (page: Page) => page.evaluate(() => (window as { __pwned?: number }).__pwned);

  it("shortlists three creators from discovery, notes them, compares two, exports, and shares a read-only link", async () => {
    const { page, errors } = await visitor();
    await page.goto(`${ctx.url}/influencer-discovery`);
    await devSignIn(page, "agent@example.com");

    // Discovery: Instagram creators of 10K–100K.
    const form = page.getByRole("form", { name: "Discovery search" });
    await form.getByLabel("Platform").selectOption("instagram");
    await form.getByLabel("Follower range").selectOption("10k_to_100k");
    await form.getByLabel("Industry").selectOption("any");
    await form.getByRole("button", { name: "Find Influencers" }).click();
    await page
      .getByRole("heading", { name: /^Found \d+ Instagram accounts? matching your criteria$/ })
      .waitFor();
    const rows = page.getByTestId("discovery-row");
    const picked: string[] = [];
    for (let i = 0; i < 3; i++) {
      const label = await rows
        .nth(i)
        .getByRole("button", { name: /^Add @.+ to a list$/ })
        .getAttribute("aria-label");
      picked.push(/^Add @(.+) to a list$/.exec(label!)![1]!);
    }

    // The first one starts a new list; the next two join it.
    for (const [i, username] of picked.entries()) {
      await page.getByRole("button", { name: `Add @${username} to a list` }).click();
      const dialog = page.getByRole("dialog", { name: `Add @${username} to a list` });
      if (i === 0) {
        await dialog.getByLabel("New list").fill("Spring launch");
        await dialog.getByRole("button", { name: "Create and add" }).click();
      } else {
        await dialog
          .getByRole("list", { name: "Your lists" })
          .getByRole("button", { name: /Spring launch/ })
          .click();
      }
      await dialog.waitFor({ state: "hidden" });
    }

    // The Lists page: three creators, a hostile note and a status.
    await page.getByRole("banner").getByRole("link", { name: "Lists" }).click();
    await page.getByRole("heading", { name: "Spring launch" }).waitFor();
    const items = page.getByTestId("list-item");
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.getByRole("link").allTextContents()).toEqual(picked.map((u) => `@${u}`));
    const [a, b, c] = picked as [string, string, string];
    await page.getByRole("textbox", { name: `Note on @${a}` }).fill(HOSTILE_HTML);
    await page.getByRole("textbox", { name: `Note on @${a}` }).blur();
    await page.getByText("Note saved").first().waitFor();
    await page.getByRole("textbox", { name: `Note on @${b}` }).fill(HOSTILE_FORMULA);
    await page.getByRole("textbox", { name: `Note on @${b}` }).blur();
    await page.getByRole("combobox", { name: `Status of @${b}` }).selectOption("negotiating");
    await page.getByText("Status: Negotiating").first().waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole("textbox", { name: `Note on @${a}` }).inputValue())
      .toBe(HOSTILE_HTML);
    expect(await page.getByRole("combobox", { name: `Status of @${b}` }).inputValue()).toBe("negotiating");
    expect(await page.locator("img[src='x']").count()).toBe(0);
    expect(await pwned(page)).toBeUndefined();
    await expect.poll(() => page.getByTestId("list-totals").textContent()).toMatch(/^3 creators · /);
    await noSeriousA11y(page);

    // Compare two: no report is stored for them yet, so the page offers to analyse each one.
    await page.getByRole("checkbox", { name: `Compare @${a}` }).check();
    await page.getByRole("checkbox", { name: `Compare @${c}` }).check();
    await page.getByRole("link", { name: "Compare selected (2)" }).click();
    await page.getByRole("heading", { name: "Compare Creators" }).waitFor();
    expect(new URL(page.url()).searchParams.get("accounts")).toBe(`instagram:${a},instagram:${c}`);
    for (const [i, username] of [a, c].entries()) {
      await page.getByRole("button", { name: `Analyse @${username}` }).click();
      // The button reads "Analysing..." meanwhile; the creator's notice goes once its report is stored.
      await expect.poll(() => page.getByTestId("compare-missing").count(), { timeout: 30_000 }).toBe(1 - i);
    }
    const table = page.getByRole("table", { name: "Creator comparison" });
    await table.waitFor();
    expect(await table.getByRole("columnheader").getByRole("link").allTextContents()).toEqual([
      `@${a}`,
      `@${c}`,
    ]);
    expect(await table.locator("td[data-best]").count()).toBeGreaterThan(0);
    expect(await table.getByRole("row").count()).toBeGreaterThan(10);
    await noSeriousA11y(page);

    // Export: the list as CSV (formulas neutralised) and PDF, now with the two reports' figures.
    await page.goBack();
    await page.getByRole("heading", { name: "Spring launch" }).waitFor();
    await page.reload();
    const csvDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/^spring-launch-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await csvFile.path())!, "utf8");
    expect(csv.startsWith("\uFEFFPlatform,Username,")).toBe(true);
    expect(csv).toContain(`'${HOSTILE_FORMULA.replaceAll('"', '""')}`);
    for (const u of picked) expect(csv).toContain(u);
    const pdfDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export PDF" }).click();
    const pdf = fs.readFileSync((await (await pdfDownload).path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    // Share without notes; open the link in a fresh browser context (no session).
    await page.getByRole("button", { name: "Share" }).click();
    const share = page.getByRole("dialog", { name: "Share “Spring launch”" });
    await share.getByRole("button", { name: "Create link" }).click();
    const urlBox = share.getByLabel("Share link (shown once)");
    await urlBox.waitFor();
    const shareUrl = new URL(await urlBox.inputValue());
    expect(shareUrl.pathname).toMatch(/^\/shared\/lists\/[A-Za-z0-9_-]{43}$/);

    const client = await visitor();
    await client.page.goto(`${ctx.url}${shareUrl.pathname}`);
    await client.page.getByRole("heading", { name: "Spring launch" }).waitFor();
    expect(await client.page.getByText("Acme Talent").count()).toBeGreaterThan(0);
    await expect.poll(() => client.page.getByTestId("shared-item").count()).toBe(3);
    expect(await client.page.getByRole("columnheader", { name: "Note" }).count()).toBe(0);
    expect(await client.page.content()).not.toContain("HYPERLINK");
    expect(await client.page.getByRole("textbox").count()).toBe(0);
    expect(await client.page.getByRole("button", { name: "Sign Out" }).count()).toBe(0);
    await noSeriousA11y(client.page);
    noErrors(client.errors);

    // Revoked: the client's next visit says so.
    await share.getByRole("button", { name: "Revoke this link" }).click();
    await page.getByText("Link revoked").first().waitFor();
    await client.page.reload();
    await client.page.getByRole("heading", { name: "This link no longer works" }).waitFor();
    await client.page.getByText("This share link was revoked by its owner.").waitFor();
    // The only console line is the browser's own note of the 404 answer.
    expect(client.errors.filter((e) => !/404/.test(e.text)).map((e) => e.text)).toEqual([]);

    expect(await pwned(page)).toBeUndefined();
    noErrors(errors);
  });
});
