import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { createSampleCatalog } from "../src/core/sample";
import { useE2e } from "./support/harness";
import { type ConsoleEntry, trackConsoleErrors } from "./support/page-helpers";

/** The server seeds its sample creators with seed 2016: their handles are known in advance. */
const [creator] = createSampleCatalog(50, { seed: 2016, now: new Date() }).handles;

const PIXEL_ID = "123456789012345";
const ADSENSE_CLIENT = "ca-pub-1234567890123456";
const PIXEL_HOSTS = ["connect.facebook.net", "www.facebook.com"];
const AD_HOSTS = ["pagead2.googlesyndication.com", "googleads.g.doubleclick.net"];

/** A visitor's browser: every page it opens (new tabs too) has its requests and console errors recorded. */
async function openVisitor(ctx: { browser: Browser }) {
  const context = await ctx.browser.newContext();
  const requests: string[] = [];
  const errorsPerPage: ConsoleEntry[][] = [];
  context.on("request", (r) => requests.push(r.url()));
  context.on("page", (page) => {
    const errors = trackConsoleErrors(page);
    page.on("pageerror", (e) => errors.push({ text: e.message, url: page.url() }));
    errorsPerPage.push(errors);
  });
  // A mail link is the mail client's business, not the browser's: keep the click, skip the launch
  // (headless Chromium would log that no handler is registered for mailto:).
  await context.addInitScript(() => {
    window.addEventListener("click", (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href^="mailto:"]');
      if (link) event.preventDefault();
    });
  });
  const page = await context.newPage();
  const consoleErrors = () => errorsPerPage.flat().map((e) => `${e.url}: ${e.text}`);
  return { context, page, requests, consoleErrors };
}

async function analyseFromHome(context: BrowserContext, page: Page, url: string) {
  await page.goto(`${url}/`);
  const form = page.getByRole("form", { name: "Start Your Analysis" });
  await form.getByLabel("Platform").selectOption(creator!.platform);
  await form.getByLabel("Username").fill(creator!.handle);
  const opened = context.waitForEvent("page", { timeout: 30_000 });
  await form.getByRole("button", { name: "Analyze" }).click();
  const report = await opened;
  await report.getByRole("article", { name: `Report for @${creator!.handle}` }).waitFor();
  await page.getByText("Report Generated").waitFor();
  return report;
}

async function devSignIn(page: Page, email: string, { contactFirst = false } = {}) {
  await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
  await dialog.waitFor();
  if (contactFirst) await dialog.getByRole("link", { name: "Contact us" }).click();
  await dialog.getByLabel("E-mail (development sign-in)").fill(email);
  await dialog.getByRole("button", { name: "Sign in (development)" }).click();
  await page.getByRole("button", { name: "Sign Out" }).waitFor();
}

describe("analytics and ads with nothing configured", () => {
  // "Contact us" (a lead) shows only with a configured CONTACT_EMAIL.
  const ctx = useE2e({ SAMPLE_ACCOUNTS: "50", DEV_LOGIN: "1", CONTACT_EMAIL: "hello@example.com" });
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
  });

  it("no request leaves for the pixel or the ad network, on any page of a journey", async () => {
    const { context, page, requests, consoleErrors } = await openVisitor(ctx);
    contexts.push(context);

    const report = await analyseFromHome(context, page, ctx.url);
    await report.close();
    await page.goto(`${ctx.url}/influencer-insight/${creator!.platform}/${creator!.handle}`);
    await page.getByRole("article", { name: `Report for @${creator!.handle}` }).waitFor();
    expect(await page.getByRole("region", { name: "Advertisement" }).count()).toBe(0);
    await page.goto(`${ctx.url}/about`);
    await page.getByRole("main").getByRole("link", { name: "Contact us" }).click();
    await page.goto(`${ctx.url}/blog`);
    await page.getByRole("link", { name: /Instagram vs TikTok vs YouTube Influencers/ }).click();
    await page
      .getByRole("heading", { level: 1, name: /Instagram vs TikTok vs YouTube Influencers/ })
      .waitFor();
    await devSignIn(page, "first-time@example.com", { contactFirst: true });
    await page.goto(`${ctx.url}/adsense-test`);
    await page.getByText("1 run completed").waitFor({ timeout: 10_000 });

    expect(await page.evaluate(() => typeof window.fbq)).toBe("undefined");
    expect(await page.locator('script[src*="fbevents"], script[src*="adsbygoogle"]').count()).toBe(0);
    const outside = requests.filter((u) => !u.startsWith(ctx.url));
    expect(outside).toEqual([]);
    expect(requests.some((u) => PIXEL_HOSTS.concat(AD_HOSTS).some((h) => u.includes(h)))).toBe(false);
    // Only the probed, missing /ads.txt is a console error (its 404).
    expect(consoleErrors().filter((e) => !e.includes("/ads.txt"))).toEqual([]);
  });
});

interface PixelHit {
  id: string;
  event: string;
  custom: boolean;
  params: Record<string, unknown>;
  page: string;
}

/**
 * The pixel as served to the page (the browser has no internet): like fbevents.js it takes over the
 * fbq stub, reads its queue, and sends each event to www.facebook.com/tr as an image request.
 */
const FAKE_FBEVENTS = `(() => {
  const fbq = window.fbq;
  if (!fbq) return;
  let pixelId = "";
  const send = (event, params, custom) => {
    const q = new URLSearchParams({ id: pixelId, ev: event, cd: JSON.stringify(params || {}), custom: custom ? "1" : "0" });
    new Image().src = "https://www.facebook.com/tr/?" + q.toString();
  };
  fbq.callMethod = (...args) => {
    if (args[0] === "init") pixelId = args[1];
    else if (args[0] === "track") send(args[1], args[2], false);
    else if (args[0] === "trackCustom") send(args[1], args[2], true);
  };
  for (const args of fbq.queue.splice(0)) fbq.callMethod(...Array.from(args));
})();`;

/** The ad script as served to the page: marks itself loaded and fills each slot it is asked for. */
const FAKE_ADSBYGOOGLE = `(() => {
  const waiting = Array.from(window.adsbygoogle || []);
  const ads = {
    loaded: true,
    push() {
      const slot = document.querySelector("ins.adsbygoogle:not([data-ad-status])");
      if (slot) slot.setAttribute("data-ad-status", "filled");
    },
  };
  window.adsbygoogle = ads;
  waiting.forEach((a) => ads.push(a));
})();`;

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

describe("analytics and ads with a pixel id and an AdSense client configured", () => {
  const ctx = useE2e({
    SAMPLE_ACCOUNTS: "50",
    DEV_LOGIN: "1",
    CONTACT_EMAIL: "hello@example.com",
    META_PIXEL_ID: PIXEL_ID,
    ADSENSE_CLIENT_ID: ADSENSE_CLIENT,
  });
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
  });

  async function fakeNetworks(context: BrowserContext) {
    const hits: PixelHit[] = [];
    const scripts: string[] = [];
    await context.route(
      (url) => url.hostname === "connect.facebook.net",
      async (route) => {
        scripts.push(route.request().url());
        await route.fulfill({ status: 200, contentType: "text/javascript", body: FAKE_FBEVENTS });
      },
    );
    await context.route(
      (url) => url.hostname === "www.facebook.com" && url.pathname.startsWith("/tr"),
      async (route) => {
        const url = new URL(route.request().url());
        const frame = route.request().frame();
        hits.push({
          id: url.searchParams.get("id") ?? "",
          event: url.searchParams.get("ev") ?? "",
          custom: url.searchParams.get("custom") === "1",
          params: JSON.parse(url.searchParams.get("cd") ?? "{}"),
          page: new URL(frame.url()).pathname,
        });
        await route.fulfill({ status: 200, contentType: "image/gif", body: GIF });
      },
    );
    await context.route(
      (url) => url.hostname === "pagead2.googlesyndication.com",
      async (route) => {
        scripts.push(route.request().url());
        // The ad script is loaded with crossorigin="anonymous": it needs CORS headers.
        await route.fulfill({
          status: 200,
          contentType: "text/javascript",
          headers: { "access-control-allow-origin": "*" },
          body: FAKE_ADSBYGOOGLE,
        });
      },
    );
    return { hits, scripts };
  }

  async function waitForHits(hits: PixelHit[], event: string, count: number) {
    const deadline = Date.now() + 15_000;
    while (hits.filter((h) => h.event === event).length < count) {
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} ${event} event(s), got: ${JSON.stringify(hits, null, 1)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it("the spec's events reach the pixel with their names and parameters during a journey", async () => {
    const { context, page, requests, consoleErrors } = await openVisitor(ctx);
    contexts.push(context);
    const { hits, scripts } = await fakeNetworks(context);
    const { platform, handle } = creator!;

    // Search and influencer analysis on the home page; the report view in the new tab.
    const report = await analyseFromHome(context, page, ctx.url);
    await waitForHits(hits, "ViewContent", 1);
    await report.close();
    await waitForHits(hits, "InfluencerAnalysis", 1);

    // The insight page shows the stored report (a second view) and the ad slot.
    await page.goto(`${ctx.url}/influencer-insight/${platform}/${handle}`);
    await page.getByRole("article", { name: `Report for @${handle}` }).waitFor();
    const ad = page.getByRole("region", { name: "Advertisement" });
    await ad.getByText("Advertisement").waitFor();
    expect(await ad.locator("ins.adsbygoogle").getAttribute("data-ad-client")).toBe(ADSENSE_CLIENT);
    // Requested once the script is there, checked 5 s later.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="ad-slot"]')?.getAttribute("data-ad-state") === "filled",
      undefined,
      { timeout: 12_000 },
    );
    await waitForHits(hits, "ViewContent", 2);

    // Leads: the enterprise contact on the about page and in the sign-in dialog; then a first sign-in.
    await page.goto(`${ctx.url}/about`);
    await page.getByRole("main").getByRole("link", { name: "Contact us" }).click();
    await devSignIn(page, "new-user@example.com", { contactFirst: true });
    await waitForHits(hits, "CompleteRegistration", 1);
    await waitForHits(hits, "Lead", 2);

    const events = hits.filter((h) => h.event !== "PageView");
    expect(new Set(hits.map((h) => h.id))).toEqual(new Set([PIXEL_ID]));
    expect(events.map(({ event, custom, params, page: at }) => ({ event, custom, params, at }))).toEqual([
      {
        event: "Search",
        custom: false,
        params: { search_string: handle, content_category: platform },
        at: "/",
      },
      {
        event: "InfluencerAnalysis",
        custom: true,
        params: expect.objectContaining({ platform, username: handle }),
        at: "/",
      },
      {
        event: "ViewContent",
        custom: false,
        params: {
          content_type: "influencer_report",
          content_ids: [`${platform}:${handle}`],
          content_name: `@${handle}`,
          content_category: platform,
        },
        at: `/report/${platform}/${handle}`,
      },
      {
        event: "ViewContent",
        custom: false,
        params: expect.objectContaining({ content_ids: [`${platform}:${handle}`] }),
        at: `/influencer-insight/${platform}/${handle}`,
      },
      {
        event: "Lead",
        custom: false,
        params: { content_name: "enterprise_access", content_category: "about-page" },
        at: "/about",
      },
      {
        event: "Lead",
        custom: false,
        params: { content_name: "enterprise_access", content_category: "sign-in-dialog" },
        at: "/about",
      },
      {
        event: "CompleteRegistration",
        custom: false,
        params: { content_name: "development", status: true },
        at: "/about",
      },
    ]);
    const analysis = events[1]!.params;
    if ("value" in analysis) {
      expect(analysis.value).toEqual(expect.any(Number));
      expect(analysis.currency).toBe("USD");
    }
    // One PageView per page load, from the pixel's start.
    expect(hits.filter((h) => h.event === "PageView").length).toBeGreaterThanOrEqual(3);
    // No e-mail address went to the pixel.
    expect(JSON.stringify(hits)).not.toContain("@example.com");
    // The pixel and ad scripts were loaded once per page that needed them, and nothing else left.
    expect(
      scripts.every((u) => u.startsWith("https://connect.facebook.net/") || u.includes("adsbygoogle")),
    ).toBe(true);
    const outside = requests.filter((u) => !u.startsWith(ctx.url));
    expect(
      outside.filter((u) => !PIXEL_HOSTS.concat(AD_HOSTS).some((h) => new URL(u).hostname === h)),
    ).toEqual([]);
    expect(consoleErrors()).toEqual([]);

    // A second sign-in of the same account is not a registration.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).waitFor();
    await devSignIn(page, "new-user@example.com");
    await page.waitForTimeout(500);
    expect(hits.filter((h) => h.event === "CompleteRegistration")).toHaveLength(1);
  });
});
