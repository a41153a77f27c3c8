import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useE2e } from "./support/harness";
import {
  appHasTakenOver,
  documentIsMarked,
  markDocument,
  seriousA11yViolations,
  withContextPage,
} from "./support/page-helpers";

describe("app shell in Chromium", () => {
  const ctx = useE2e();

  it("serves the home page", async () => {
    await ctx.page.goto(`${ctx.url}/`);
    await ctx.page.getByRole("heading", { name: "Social Media Analytics Made Simple" }).waitFor();
    expect(await ctx.page.title()).toContain("Social Media Analytics");
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  /** The server answers unknown pages with status 404 (issue #12); Chromium logs that one response. */
  const expectOnlyDocument404 = (before: number, path: string) => {
    expect(ctx.pageErrors.slice(before)).toEqual([
      `Failed to load resource: the server responded with a status of 404 (Not Found) (${ctx.url}${path})`,
    ]);
    ctx.pageErrors.splice(before);
  };

  it("shows the spec's 404 page for an unknown path", async () => {
    const before = ctx.pageErrors.length;
    const res = await ctx.page.goto(`${ctx.url}/definitely/not/a/page`);
    expect(res?.status()).toBe(404);
    await ctx.page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    expect(await ctx.page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
    expect(await ctx.page.title()).toBe("Page Not Found | Social Media Analytics Platform");
    expect(await ctx.page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/404$/);
    expectOnlyDocument404(before, "/definitely/not/a/page");
  });

  it("an unknown blog article is the 404 page too", async () => {
    const before = ctx.pageErrors.length;
    await ctx.page.goto(`${ctx.url}/blog/no-such-article`);
    await ctx.page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    expectOnlyDocument404(before, "/blog/no-such-article");
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("top-bar and footer links navigate without reloading the page", async () => {
    const page = ctx.page;
    await page.goto(`${ctx.url}/`);
    await page.getByRole("heading", { name: "Social Media Analytics Made Simple" }).waitFor();
    await appHasTakenOver(page);
    await markDocument(page);
    const mainNav = page.getByRole("navigation", { name: "Main" });
    const journeys: [string, string, string][] = [
      ["Influencer Discovery", "/influencer-discovery", "Influencer Discovery"],
      ["Influencer Insight", "/influencer-insight", "Influencer Insight"],
      ["Blog", "/blog", "Blog"],
      ["Recently Viewed", "/history", "Sign In to View Your History"],
    ];
    for (const [link, path, heading] of journeys) {
      await mainNav.getByRole("link", { name: link, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await mainNav.getByRole("link", { name: link, exact: true }).getAttribute("aria-current")).toBe(
        "page",
      );
    }
    const footer = page.getByRole("navigation", { name: "Footer" });
    for (const [link, heading] of [
      ["About", /^About /],
      ["Privacy", "Privacy Policy"],
      ["Terms", "Terms of Service"],
    ] as const) {
      await footer.getByRole("link", { name: link, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    }
    await page.getByRole("link", { name: "Social Media Analytics Platform" }).first().click();
    await page.getByRole("heading", { name: "Social Media Analytics Made Simple" }).waitFor();
    expect(await documentIsMarked(page)).toBe(true);
    expect(await page.getByRole("contentinfo").textContent()).toContain(
      "Data comes from public sources, is analysed automatically and is only an estimate.",
    );
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("the theme toggle persists across reloads and is applied before the app starts", async () => {
    const page = ctx.page;
    await page.goto(`${ctx.url}/`);
    const html = page.locator("html");
    // The theme-switching class lives for one task while the palette changes; poll past it.
    await expect.poll(() => html.getAttribute("class")).toBe("light");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect.poll(() => html.getAttribute("class")).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("ui-theme"))).toBe("dark");
    await page.reload();
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    await expect.poll(() => html.getAttribute("class")).toBe("dark");
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe("rgb(11, 17, 32)");

    // No flash: with the app's JavaScript blocked, the saved theme is still on <html> (public/boot.js).
    const context = await ctx.browser.newContext();
    const bare = await context.newPage();
    await bare.goto(`${ctx.url}/`);
    await bare.evaluate(() => localStorage.setItem("ui-theme", "dark"));
    await bare.route("**/assets/*.js", (route) => route.abort());
    await bare.goto(`${ctx.url}/about`);
    expect(await bare.locator("html").getAttribute("class")).toBe("dark");
    // The page's own text came with its HTML (the build renders /about whole), scripts or not.
    expect(await bare.getByRole("heading", { level: 1, name: /^About / }).isVisible()).toBe(true);
    expect(await bare.getByText("Where the numbers come from").isVisible()).toBe(true);
    await context.close();

    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await page.reload();
    await page.getByRole("button", { name: "Switch to dark theme" }).waitFor();
    await expect.poll(() => html.getAttribute("class")).toBe("light");
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("on a 390 px wide screen the drawer opens with Home, About, Privacy and Terms", async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${ctx.url}/blog`);
      expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
      await page.getByRole("button", { name: "Open menu" }).click();
      const drawer = page.getByRole("dialog");
      await drawer.waitFor();
      const links = await drawer.getByRole("navigation", { name: "Menu" }).getByRole("link").allInnerTexts();
      expect(links).toEqual(expect.arrayContaining(["Home", "About", "Privacy", "Terms", "Blog"]));
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
      await page.getByRole("button", { name: "Open menu" }).click();
      await drawer.getByRole("link", { name: "Privacy" }).click();
      await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
      await drawer.waitFor({ state: "hidden" });
      expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it("home passes axe with no serious or critical violations, in light and dark", async () => {
    await withContextPage(ctx.browser, async (page, errors) => {
      await page.goto(`${ctx.url}/`);
      await page.getByRole("heading", { name: "Social Media Analytics Made Simple" }).waitFor();
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Switch to dark theme" }).click();
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The open mobile drawer (keyboard focus trap) too.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog").waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});

/** What the top bar looks like at the current viewport width (measured in the page). */
interface BarLayout {
  width: number;
  headerHeight: number;
  /** Each visible control of the bar: its text, and whether it is inside the bar's row. */
  outside: string[];
  /** Visible controls that sit lower or higher than the first one, or are taller than one line. */
  offRow: string[];
  pageScrollWidth: number;
  rowScrollWidth: number;
  rowClientWidth: number;
  mainNavVisible: boolean;
  menuButtonVisible: boolean;
  /** Whether the brand name is on show beside the mark (it is shown whole or not at all). */
  brandVisible: boolean;
}

async function barLayout(page: Page): Promise<BarLayout> {
  return page.evaluate(() => {
    const header = document.querySelector("header")!;
    const row = header.firstElementChild as HTMLElement;
    const rowBox = row.getBoundingClientRect();
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const controls = [...row.querySelectorAll<HTMLElement>("a, button, [data-testid='reports-left']")].filter(
      visible,
    );
    const name = (el: HTMLElement) => el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName;
    const centre = (el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      return box.top + box.height / 2;
    };
    const rowCentre = rowBox.top + rowBox.height / 2;
    const brand = row.querySelector<HTMLElement>("[data-testid='brand-name']")!;
    const brandBox = brand.getBoundingClientRect();
    const clipBox = brand.parentElement!.getBoundingClientRect();
    return {
      width: window.innerWidth,
      headerHeight: header.getBoundingClientRect().height,
      outside: controls
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return (
            box.left < rowBox.left ||
            box.right > rowBox.right ||
            box.top < rowBox.top ||
            box.bottom > rowBox.bottom
          );
        })
        .map(name),
      offRow: controls
        .filter((el) => Math.abs(centre(el) - rowCentre) > 1 || el.getBoundingClientRect().height > 40)
        .map(name),
      pageScrollWidth: document.documentElement.scrollWidth,
      rowScrollWidth: row.scrollWidth,
      rowClientWidth: row.clientWidth,
      mainNavVisible: visible(row.querySelector("nav[aria-label='Main']")!),
      menuButtonVisible: [...row.querySelectorAll("button")].some(
        (b) => b.getAttribute("aria-label") === "Open menu" && visible(b),
      ),
      brandVisible:
        brandBox.top >= clipBox.top &&
        brandBox.bottom <= clipBox.bottom &&
        brandBox.right <= clipBox.right + 0.5 &&
        brandBox.width > 0,
    };
  });
}

describe("top bar at every width, signed out and signed in as admin", () => {
  const ctx = useE2e({ DEV_LOGIN: "1", ADMIN_EMAILS: "admin@example.com" });
  // The brief's four desktop widths, and the edges of the range around them.
  const WIDTHS = [320, 390, 768, 1023, 1024, 1180, 1279, 1280, 1440, 1920];

  async function expectOneRow(page: Page, who: string) {
    const seen: BarLayout[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const bar = await barLayout(page);
      seen.push(bar);
      const where = `${who} at ${width} px: ${JSON.stringify(bar)}`;
      // One row: the bar keeps its height (h-16 and its 1 px border), every control on the row's centre line.
      expect(bar.headerHeight, where).toBe(65);
      expect(bar.offRow, where).toEqual([]);
      // Nothing overflows: not out of the row, not the row itself, not the page.
      expect(bar.outside, where).toEqual([]);
      expect(bar.rowScrollWidth, where).toBeLessThanOrEqual(bar.rowClientWidth);
      expect(bar.pageScrollWidth, where).toBeLessThanOrEqual(width);
      // Every link stays reachable: the row of links from 1024 px (decision 011), the drawer's button below.
      expect(bar.mainNavVisible, where).toBe(width >= 1024);
      expect(bar.menuButtonVisible, where).toBe(width < 1024);
      // The brand name has room wherever the drawer holds the links, from tablet widths up.
      if (width >= 768 && width < 1024) expect(bar.brandVisible, where).toBe(true);
    }
    return seen;
  }

  it("is one row high and nothing overflows at 320–1920 px (1024, 1180, 1280 and 1440 among them)", async () => {
    await withContextPage(ctx.browser, async (page, errors) => {
      await page.goto(`${ctx.url}/`);
      await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).waitFor();
      const visitorBars = await expectOneRow(page, "signed out");
      // A visitor's bar is shorter: the brand name fits beside the row of links too.
      expect(visitorBars.filter((b) => b.width >= 1280).every((b) => b.brandVisible)).toBe(true);
      console.info(
        `top bar (visitor): brand name shown at ${visitorBars
          .filter((b) => b.brandVisible)
          .map((b) => b.width)
          .join(", ")} px`,
      );

      // The longest bar: an admin (Settings and 'Reports: N left' too), signed in by the dev login.
      await page.setViewportSize({ width: 1280, height: 800 });
      const status = await page.evaluate(async () => {
        const res = await fetch("/api/auth/dev-login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "admin@example.com" }),
        });
        return res.status;
      });
      expect(status).toBe(200);
      await page.reload();
      const banner = page.getByRole("banner");
      await banner.getByRole("button", { name: "Sign Out" }).waitFor();
      await banner.getByText("Reports: 50 left").waitFor();
      await banner
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Settings" })
        .waitFor();
      const bars = await expectOneRow(page, "admin");
      console.info(
        `top bar (admin): brand name shown at ${bars
          .filter((b) => b.brandVisible)
          .map((b) => b.width)
          .join(", ")} px`,
      );
      expect(errors).toEqual([]);
    });
  });

  it("at 1024 px every top-bar link is in the bar, each on one line, none cut off (signed out and admin)", async () => {
    await withContextPage(ctx.browser, async (page, errors) => {
      await page.setViewportSize({ width: 1024, height: 800 });
      await page.goto(`${ctx.url}/`);
      await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).waitFor();
      const check = async (who: string, expected: string[]) => {
        const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
        expect(await nav.getByRole("link").allInnerTexts(), who).toEqual(expected);
        const boxes = await nav.getByRole("link").evaluateAll((links) =>
          links.map((a) => {
            const box = a.getBoundingClientRect();
            const line = Number.parseFloat(getComputedStyle(a).lineHeight);
            return {
              text: a.textContent,
              left: box.left,
              right: box.right,
              lines: Math.round((box.height - 16) / line),
            };
          }),
        );
        for (const b of boxes) {
          expect(b.lines, `${who}: ${JSON.stringify(b)}`).toBe(1);
          expect(b.left, `${who}: ${JSON.stringify(b)}`).toBeGreaterThanOrEqual(0);
          expect(b.right, `${who}: ${JSON.stringify(b)}`).toBeLessThanOrEqual(1024);
        }
        expect(await page.getByRole("button", { name: "Open menu" }).isVisible(), who).toBe(false);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), who).toBeLessThanOrEqual(
          1024,
        );
      };
      const links = [
        "Influencer Discovery",
        "Account Finder",
        "Influencer Insight",
        "Blog",
        "Recently Viewed",
      ];
      await check("signed out", links);
      await page.evaluate(() =>
        fetch("/api/auth/dev-login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "admin@example.com" }),
        }),
      );
      await page.reload();
      await page
        .getByRole("banner")
        .getByText(/Reports: \d+ left/)
        .waitFor();
      await check("admin", [...links, "Lists", "Settings"]);
      expect(errors).toEqual([]);
    });
  });

  it("below 1024 px the drawer holds every link, Settings and the quota included, and works by keyboard", async () => {
    await withContextPage(ctx.browser, async (page, errors) => {
      await page.setViewportSize({ width: 1000, height: 800 });
      await page.goto(`${ctx.url}/influencer-discovery?tab=finder`);
      await page.evaluate(() =>
        fetch("/api/auth/dev-login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "admin@example.com" }),
        }),
      );
      await page.reload();
      await page.getByRole("button", { name: "Sign Out" }).waitFor();
      const menu = page.getByRole("button", { name: "Open menu" });
      await menu.focus();
      await page.keyboard.press("Enter");
      const drawer = page.getByRole("dialog");
      await drawer.waitFor();
      const nav = drawer.getByRole("navigation", { name: "Menu" });
      expect(await nav.getByRole("link").allInnerTexts()).toEqual([
        "Home",
        "Influencer Discovery",
        "Account Finder",
        "Influencer Insight",
        "Blog",
        "Recently Viewed",
        "Lists",
        "Settings",
        "About",
        "Privacy",
        "Terms",
      ]);
      expect(await nav.getByRole("link", { name: "Account Finder" }).getAttribute("aria-current")).toBe(
        "page",
      );
      expect(
        await nav.getByRole("link", { name: "Influencer Discovery" }).getAttribute("aria-current"),
      ).toBeNull();
      await drawer.getByText("Reports: 50 left").waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Keyboard: Tab reaches the links inside the drawer; Enter follows one and closes it.
      await nav.getByRole("link", { name: "Blog" }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 1, name: "Blog", exact: true }).waitFor();
      await drawer.waitFor({ state: "hidden" });
      expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(errors).toEqual([]);
    });
  });
});
