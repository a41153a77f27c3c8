import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND_NAME, SHELL_BRAND_MARK } from "#core/seo/page-meta";
import { renderStaticShell } from "./static-shell";

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
});
