/**
 * Issue #23, the browser journey: the built extension in Chromium (--load-extension), the three
 * platforms' hosts mapped to local HTTPS stand-ins, a key made in the app, options set, a profile
 * captured on each platform with the page's button, and the report found on the instance with
 * "Captured in your browser".
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, tiktokPageWithoutItems, youtubePage } from "../extension/src/testing/fixtures";
import { WIDGET_HOST_ID } from "../extension/src/ui/capture-widget";
import { closedShadow } from "./support/closed-shadow";
import { CHROMIUM_FLAGS, useE2e } from "./support/harness";
import { html, json, type StandInPlatforms, startStandInPlatforms } from "./support/stand-in-platforms";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const BUTTON = "Analyse with Social Media Analytics Platform";

describe("browser extension: capture a profile in Chromium", () => {
  const ctx = useE2e({ DEV_LOGIN: "1", ADMIN_EMAILS: "admin@example.com" });
  let platforms: StandInPlatforms;
  let browser: BrowserContext;
  let profileDir: string;
  let extensionId: string;
  let apiKey: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // The test builds the extension itself (npm run build:extension).
    const built = spawnSync(process.execPath, ["extension/build.mjs"], { cwd: root, encoding: "utf8" });
    if (built.status !== 0) throw new Error(`extension build failed: ${built.stderr}${built.stdout}`);
    const extensionDir = path.join(root, "dist/extension");

    platforms = await startStandInPlatforms();
    // Instagram: a profile page, and the first-party call it makes — answered only in a session
    // (the cookie the page set) and with the web app id header, as Instagram does.
    platforms.route("www.instagram.com", "/examplecreator/", (_req, res) =>
      html(
        res,
        "<!doctype html><html><head><title>Example Creator (@examplecreator)</title></head><body><main>Example Creator</main></body></html>",
        {
          "set-cookie": "sessionid=stand-in-session; Path=/; Secure; SameSite=Lax",
        },
      ),
    );
    platforms.route("www.instagram.com", "/api/v1/users/web_profile_info/", (req, res, url) => {
      if (req.headers["x-ig-app-id"] !== "936619743392459")
        return json(res, 400, { message: "useragent mismatch", status: "fail" });
      if (!/sessionid=stand-in-session/.test(req.headers.cookie ?? ""))
        return json(res, 401, {
          message: "Please wait a few minutes before you try again.",
          require_login: true,
          status: "fail",
        });
      if (url.searchParams.get("username") !== "examplecreator") return json(res, 404, {});
      res.writeHead(200, { "content-type": "application/json" }).end(fixture("instagram-web-profile.json"));
    });
    // TikTok as a signed-in browser gets it: the profile in the page data, the videos fetched by the
    // page's own script afterwards (the extension's page hook keeps what the page loaded).
    platforms.route("www.tiktok.com", "/@examplecreator", (_req, res) =>
      html(
        res,
        tiktokPageWithoutItems(
          "fetch('/api/post/item_list/?secUid=MS4wLjABAAAAexample&count=15&cursor=0').then((r) => r.json()).then((j) => { document.getElementById('app').textContent = j.itemList.length + ' videos'; });",
        ),
      ),
    );
    platforms.route("www.tiktok.com", "/api/post/item_list/", (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" }).end(fixture("tiktok-item-list-page1.json"));
    });
    platforms.route("www.tiktok.com", "/@verifyme", (_req, res) =>
      html(res, fixture("tiktok-challenge.html")),
    );
    const ytData = JSON.parse(fixture("youtube-innertube-browse-videos.json"));
    platforms.route("www.youtube.com", "/@examplecreator/videos", (_req, res) =>
      html(res, youtubePage(ytData)),
    );

    profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "ext-e2e-profile-"));
    browser = await chromium.launchPersistentContext(profileDir, {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: true,
      args: [
        ...CHROMIUM_FLAGS,
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
        `--host-resolver-rules=${platforms.hostResolverRules}`,
        "--ignore-certificate-errors",
      ],
    });
    const worker =
      browser.serviceWorkers()[0] ?? (await browser.waitForEvent("serviceworker", { timeout: 20_000 }));
    extensionId = new URL(worker.url()).host;

    // A signed-in user makes a key with the capture scope (Settings → API keys, same origin).
    await ctx.page.goto(`${ctx.url}/`);
    apiKey = await ctx.page.evaluate(async () => {
      const login = await fetch("/api/auth/dev-login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "ana@example.com" }),
      });
      if (!login.ok) throw new Error(`dev login: ${login.status}`);
      const res = await fetch("/api/keys", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Browser extension", scopes: ["capture", "read"] }),
      });
      if (res.status !== 201) throw new Error(`create key: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { key: string }).key;
    });
    expect(apiKey).toMatch(/^ca_/);
    // Ana is signed in in the extension's browser too: her captures are private to her (issue #33),
    // so the report tab the extension opens shows them only in her session.
    const signIn = await browser.newPage();
    await signIn.goto(`${ctx.url}/`);
    await signIn.evaluate(async () => {
      const login = await fetch("/api/auth/dev-login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "ana@example.com" }),
      });
      if (!login.ok) throw new Error(`dev login: ${login.status}`);
    });
    await signIn.close();
  });

  afterAll(async () => {
    await browser?.close();
    await platforms?.close();
    if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
  });

  async function openTracked(url: string): Promise<Page> {
    const page = await browser.newPage();
    page.on("pageerror", (e) => pageErrors.push(`${page.url()}: ${e.message}`));
    await page.goto(url);
    return page;
  }

  it("options: a wrong address or key is refused with a message; the right ones are saved and tested", async () => {
    const options = await openTracked(`chrome-extension://${extensionId}/options.html`);
    await options.getByLabel("Instance address").fill("analytics");
    await options.getByLabel("API key").fill(apiKey);
    await options.getByRole("button", { name: "Save" }).click();
    await options.getByRole("alert").getByText('"analytics" is not a web address').waitFor();

    await options.getByLabel("Instance address").fill(`${ctx.url}/`);
    await options.getByLabel("API key").fill(`ca_${"x".repeat(43)}`);
    await options.getByRole("button", { name: "Test connection" }).click();
    await options.getByRole("alert").getByText("The instance did not accept the API key").waitFor();

    await options.getByLabel("API key").fill(apiKey);
    await options.getByRole("button", { name: "Test connection" }).click();
    await options.getByText(`Connected to ${ctx.url}: the key is accepted and may capture.`).waitFor();
    await options.getByRole("button", { name: "Save" }).click();
    await options.getByText(`Saved. Captures go to ${ctx.url}.`).waitFor();
    await options.close();
  });

  const cases = [
    {
      platform: "instagram",
      label: "Instagram",
      url: "https://www.instagram.com/examplecreator/",
      ready: "Example Creator",
      posts: 5,
    },
    {
      platform: "tiktok",
      label: "TikTok",
      url: "https://www.tiktok.com/@examplecreator",
      ready: "15 videos",
      posts: 15,
    },
    {
      platform: "youtube",
      label: "YouTube",
      url: "https://www.youtube.com/@examplecreator/videos",
      ready: undefined,
      posts: 2,
    },
  ] as const;

  for (const c of cases)
    it(`${c.label}: the button captures the profile, shows the grade and opens the report, which says "Captured in your browser"`, async () => {
      const page = await openTracked(c.url);
      const panel = await closedShadow(page);
      await panel.waitFor({ button: BUTTON });
      // The page's own scripts cannot reach into the panel (closed shadow root, issue #33).
      expect(
        await page.evaluate((id) => document.getElementById(id)?.shadowRoot ?? null, WIDGET_HOST_ID),
      ).toBeNull();
      if (c.ready) await page.getByText(c.ready, { exact: true }).waitFor();
      // The page has loaded what it loads; the extension reads nothing more before the click.
      const requestsBefore = platforms.requests.length;
      await page.waitForTimeout(1500);
      expect(platforms.requests.slice(requestsBefore).filter((r) => !r.endsWith(" /favicon.ico"))).toEqual(
        [],
      );
      await panel.click({ button: BUTTON });
      expect(await panel.text({ testId: "capture-summary" })).toMatch(
        new RegExp(
          `^This sends @examplecreator's ${c.label} profile and ${c.posts} recent posts to ${ctx.url.replace(/[.:/]/g, "\\$&")}, with your API key:$`,
        ),
      );
      expect(await panel.text({ testId: "capture-fields" })).toContain("followers");
      // Shown, not sent: the instance has no report of this account until Send.
      const before = await fetch(`${ctx.url}/api/v1/accounts/${c.platform}/examplecreator`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(before.status).toBe(404);

      const opened = browser.waitForEvent("page", { timeout: 30_000 });
      await panel.click({ button: "Send" });
      const report = await opened;
      await report.waitForURL(`**/report/${c.platform}/examplecreator`);
      const grade = await panel.text({ testId: "capture-grade" });
      expect(grade).toMatch(/^([A-D][+-]?|F|Unable to determine)$/);

      await report.getByRole("article", { name: "Report for @examplecreator" }).waitFor({ timeout: 30_000 });
      await report.getByTestId("data-notes").getByText("Captured in your browser").waitFor();
      expect(await report.getByTestId("data-notes").textContent()).toContain(
        "Your capture (ana), made in your browser on ",
      );
      expect(await report.getByText(/^Source:/).textContent()).toContain("Source: Captured in your browser.");
      const shownGrade = (await report.getByTestId("grade-badge").textContent())!;
      expect(shownGrade).toContain(grade === "Unable to determine" ? "Unable to determine" : grade);

      // The instance has it as a capture (the v1 API, with the key).
      const res = await fetch(`${ctx.url}/api/v1/accounts/${c.platform}/examplecreator`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(res.status).toBe(200);
      const account = (await res.json()) as { source: string; username: string };
      expect(account).toMatchObject({ source: "capture", username: "examplecreator" });
      await report.close();
      await page.close();
    });

  it("a page without profile data shows the reason in the panel and sends nothing", async () => {
    const page = await openTracked("https://www.tiktok.com/@verifyme");
    const panel = await closedShadow(page);
    await panel.click({ button: BUTTON });
    expect(await panel.text({ role: "alert" })).toContain(
      "This TikTok page has no profile data for @verifyme",
    );
    await panel.waitFor({ heading: "Nothing was sent" });
    const res = await fetch(`${ctx.url}/api/v1/accounts/tiktok/verifyme`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(res.status).toBe(404);
    await page.close();
    expect(pageErrors).toEqual([]);
  });
});
