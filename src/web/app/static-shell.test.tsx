import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND_NAME, SHELL_BRAND_MARK } from "#core/seo/page-meta";
import { makeRealAccount } from "../features/report/testing/account-fixture";
import { PRERENDERED_PATHS, renderReportPage, renderStaticPage, renderStaticShell } from "./static-shell";

// Runs in Node, as the build does (vite.config.ts prerenderShell): no DOM, no window.
describe("static shell (decision 027)", () => {
  const html = renderStaticShell();

  it("is the visitor's first frame: skip link, the top bar's links, a page loading, the footer", () => {
    expect(html).toContain('href="#main-content"');
    for (const href of ["/influencer-discovery", "/influencer-insight", "/blog", "/about", "/privacy"]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toMatch(/<main id="main-content"[^>]*><div[^>]*role="status"[^>]*>.*Loading…/);
    // The session is not known yet: the sign-in control is the disabled "checking" one.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Checking sign-in"/);
    expect(html).toContain("<footer");
  });

  it("leaves the brand as a mark for the server to fill in", () => {
    expect(html).toContain(`data-testid="brand-name">${SHELL_BRAND_MARK}<`);
    expect(html).not.toContain(DEFAULT_BRAND_NAME);
  });

  it("renders the home page whole, without the head tags its <Seo> renders (the server writes those)", async () => {
    expect(PRERENDERED_PATHS).toContain("/");
    const home = await renderStaticPage("/");
    expect(home).toMatch(/<h1[^>]*>Social Media Analytics Made Simple<\/h1>/);
    expect(home).toContain("Sample report — illustrative data, not a real account.");
    expect(home).not.toMatch(/<(?:title|meta|link|script)\b/);
    expect(home).not.toContain(DEFAULT_BRAND_NAME);
    expect(home).toContain('href="#main-content"');
    // Its analyser form does nothing until the app takes over: nothing typed there can be lost.
    expect(home).toMatch(/<form inert[^>]*aria-label="Start Your Analysis"/);
    expect(home).toMatch(/<input readonly[^>]*name="username"/);
    expect(home).not.toMatch(/<input(?! readonly)/);
  });

  it("renders the discovery page whole, its lazy chunk loaded first, instead of the loading frame", async () => {
    const discovery = await renderStaticPage("/influencer-discovery");
    expect(discovery).toMatch(/<h1[^>]*>[^<]*Discovery[^<]*<\/h1>/);
    expect(discovery).not.toContain("Loading…");
  });

  it("renders the landing, about, legal and blog pages whole: their text is in the HTML crawlers read", async () => {
    const pages: [string, RegExp][] = [
      ["/instagram-analytics", /<form inert[^>]*aria-label="Analyze an Instagram account"/],
      ["/tiktok-analytics", /<form inert[^>]*aria-label="Analyze a TikTok account"/],
      ["/social-media-analytics", /<h1[^>]*>Social Media Analytics<\/h1>/],
      ["/about", new RegExp(`<h1[^>]*>About ${SHELL_BRAND_MARK}</h1>`)],
      ["/privacy", /Last Updated: May 20, 2023/],
      ["/terms", /<h1[^>]*>Terms of Service<\/h1>/],
      ["/blog", /href="\/blog\/instagram-vs-tiktok-vs-youtube-influencers"/],
      ["/blog/latest-marketing-trends-2025", /<h1[^>]*>Influencer Marketing Trends to Watch in 2025<\/h1>/],
    ];
    for (const [path, content] of pages) {
      expect(PRERENDERED_PATHS, path).toContain(path);
      const html = await renderStaticPage(path);
      expect(html, path).toMatch(content);
      expect(html, path).not.toContain("Loading…");
      expect(html, path).not.toContain(DEFAULT_BRAND_NAME);
    }
    // Pages with a handle, a query or a session are drawn by the app (or, for reports, the server).
    for (const path of ["/instagram-analytics/someone", "/history", "/report/instagram/x"]) {
      expect(PRERENDERED_PATHS, path).not.toContain(path);
    }
  });

  it("renders a report page with its stored report, as the browser's first render shows it", async () => {
    const account = makeRealAccount();
    const json = JSON.parse(JSON.stringify(account));
    const html = await renderReportPage(`/report/${account.platform}/${account.username}`, json);
    expect(html).toMatch(new RegExp(`<h1[^>]*>@${account.username}</h1>`));
    expect(html).toContain(account.grade!);
    expect(html).not.toContain("Loading…");
    expect(html).not.toMatch(/<(?:title|meta|script)\b/);
    // The handle as typed in the address (any case, with an @) is the same page.
    const typed = await renderReportPage(
      `/report/${account.platform}/@${account.username.toUpperCase()}`,
      json,
    );
    expect(typed).toContain(`@${account.username}`);
    expect(await renderReportPage("/influencer-discovery", json)).toBeNull();
    await expect(
      renderReportPage(`/report/instagram/${account.username}`, { username: 1 }),
    ).rejects.toThrow();
  });
});
