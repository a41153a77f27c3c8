import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";

export interface ConsoleEntry {
  text: string;
  url: string;
}

/** Console errors with the URL they are about (the harness keeps only the text). */
export function trackConsoleErrors(page: Page): ConsoleEntry[] {
  const entries: ConsoleEntry[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") entries.push({ text: m.text(), url: m.location().url });
  });
  return entries;
}

/** Every URL the page requested from now on. */
export function trackRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  return urls;
}

/**
 * Waits until no finite CSS animation or transition runs (a toast sliding in, a colour change):
 * axe measures colours as they are at that instant. Endless ones (spinners) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Serious and critical axe violations, as readable lines (measured once animations have settled). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => `${n.target.join(" ")} [${n.any.map((c) => c.message).join("; ")}]`)
          .join(", ")}`,
    );
}

/**
 * A page in its own browser context: AxeBuilder opens a helper page in the page's context, which
 * the harness's browser.newPage() context does not allow. Console errors are collected too.
 */
export async function withContextPage<T>(
  browser: Browser,
  run: (page: Page, consoleErrors: ConsoleEntry[]) => Promise<T>,
  options: { colorScheme?: "light" | "dark" } = {},
): Promise<T> {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    page.on("pageerror", (e) => errors.push({ text: e.message, url: page.url() }));
    return await run(page, errors);
  } finally {
    await context.close();
  }
}

/**
 * Waits until the app has replaced the server's page (decisions 027, 028). Pages come painted, their
 * links plain and their controls inert, before the app's scripts have run: a test that clicks, types
 * or checks the whole page (axe) does so once the app has taken over, as a reader would a moment later.
 */
export async function appHasTakenOver(page: Page): Promise<void> {
  await page.locator("[data-static-shell]").waitFor({ state: "detached" });
}

/**
 * The home page's recent accounts load once their place comes near the viewport (home-page.tsx, issue
 * #38 item 5): scrolls there, as a reader does, once the app has taken the page over.
 */
export async function scrollToRecentAccounts(page: Page): Promise<void> {
  await appHasTakenOver(page);
  // The section's heading is replaced as the list arrives: scrolled to in one step, not held on to.
  const found = await page.evaluate(() => {
    const heading = document.getElementById("recent-accounts-heading");
    heading?.scrollIntoView({ block: "center" });
    return heading !== null;
  });
  if (!found) throw new Error("The home page has no recent-accounts heading to scroll to");
}

/** Marks the current document so a test can tell a client-side navigation from a reload. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

export async function documentIsMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true);
}
