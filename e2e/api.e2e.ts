import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { createSampleCatalog } from "../src/core/sample";
import { useE2e } from "./support/harness";
import { seriousA11yViolations, trackConsoleErrors } from "./support/page-helpers";

/** The server seeds its sample creators with seed 2016: their handles are known in advance. */
const catalog = createSampleCatalog(40, { seed: 2016, now: new Date() });
const creator = catalog.handles.find((_, i) => !catalog.snapshotAt(i).isPrivate)!;

/**
 * Issue #23 in Chromium: a signed-in user creates a key in Settings → API keys, then uses it in the
 * /api/docs "try it" forms (served by the app under its CSP: any violation is a console error).
 */
describe("API keys and the API reference in Chromium", () => {
  const ctx = useE2e({ SAMPLE_ACCOUNTS: "40", DEV_LOGIN: "1", USER_DAILY_REPORT_LIMIT: "100" });
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  async function devSignIn(page: Page, email: string) {
    await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await dialog.getByLabel("E-mail (development sign-in)").fill(email);
    await dialog.getByRole("button", { name: "Sign in (development)" }).click();
    await page.getByRole("button", { name: "Sign Out" }).waitFor();
  }

  it("creates a key in Settings, then analyses and reads a report with it from /api/docs", async () => {
    const context = await ctx.browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    page.on("pageerror", (e) => errors.push({ text: e.message, url: page.url() }));

    await page.goto(`${ctx.url}/settings`);
    await devSignIn(page, "ann@example.com");
    const form = page.getByRole("form", { name: "Create an API key" });
    await form.getByLabel("Key name").fill("Docs page");
    await form.getByRole("checkbox", { name: /analyze/ }).check();
    await form.getByRole("button", { name: "Create key" }).click();
    const key = await page.getByLabel("New API key").inputValue();
    expect(key).toMatch(/^ca_[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => page.getByTestId("api-key-list").textContent()).toContain("Docs page");

    await page.goto(`${ctx.url}/api/docs`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel("Your API key").fill(key);

    const analyze = page.locator('form[data-path="/api/v1/analyze"]');
    await analyze
      .getByLabel("Request body (JSON)")
      .fill(JSON.stringify({ platform: creator.platform, username: creator.handle }));
    await analyze.getByRole("button", { name: /^Send POST/ }).click();
    await expect.poll(() => analyze.getByRole("status").textContent(), { timeout: 20_000 }).toMatch(/^200 /);
    expect(await analyze.getByRole("status").textContent()).toContain("ratelimit-remaining");

    const read = page.locator('form[data-path="/api/v1/accounts/{platform}/{username}"]');
    await read.getByLabel("platform").fill(creator.platform);
    await read.getByLabel("username").fill(creator.handle);
    await read.getByRole("button", { name: /^Send GET/ }).click();
    await expect.poll(() => read.getByRole("status").textContent()).toMatch(/^200 /);
    expect(await read.getByRole("status").textContent()).toContain(`"username": "${creator.handle}"`);

    // Without the key the same form shows the API's 401 and its message.
    await page.getByLabel("Your API key").fill("");
    await read.getByRole("button", { name: /^Send GET/ }).click();
    await expect.poll(() => read.getByRole("status").textContent()).toMatch(/^401 /);
    expect(await read.getByRole("status").textContent()).toContain("API_KEY_REQUIRED");

    // The 401 above is the page's own console line for a failed fetch; nothing else (no CSP report).
    expect(errors.filter((e) => !/status of 401/.test(e.text))).toEqual([]);
  });
});
