// @vitest-environment jsdom
import "../../testing/dom";
import { act, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOAST_DURATION_MS } from "../../components/ui/toaster";
import { useSession } from "../../features/auth";
import { DiscoveryPage } from "../../pages/discovery-page";
import { countBody, mockSession, renderWithApp, TEST_USER } from "../../testing/render";
import { AppShell } from "./app-shell";
import { LOGO_ANIMATION_EVERY_MS, LOGO_ANIMATION_FOR_MS, useLogoAnimation } from "./logo";
import { currentNavHref, drawerNavItems, isActivePath, topNavItems } from "./nav-items";

function CountButton() {
  const { incrementReportCount } = useSession();
  return <button onClick={incrementReportCount}>made a report</button>;
}

function renderShell(path = "/") {
  return renderWithApp(
    <AppShell>
      <CountButton />
    </AppShell>,
    { path },
  );
}

afterEach(() => vi.useRealTimers());

describe("nav items", () => {
  it("top bar: the spec's four links and the account finder for visitors, plus Settings when signed in", () => {
    expect(topNavItems({ isAuthenticated: false }).map((i) => i.label)).toEqual([
      "Influencer Discovery",
      "Account Finder",
      "Influencer Insight",
      "Blog",
      "Recently Viewed",
    ]);
    expect(topNavItems({ isAuthenticated: true }).map((i) => [i.label, i.href])).toContainEqual([
      "Settings",
      "/settings",
    ]);
    expect(topNavItems({ isAuthenticated: true }).map((i) => [i.label, i.href])).toContainEqual([
      "Lists",
      "/lists",
    ]);
  });

  it("drawer adds Home first and About, Privacy, Terms last", () => {
    const labels = drawerNavItems({ isAuthenticated: false }).map((i) => i.label);
    expect(labels[0]).toBe("Home");
    expect(labels.slice(-3)).toEqual(["About", "Privacy", "Terms"]);
  });

  it("marks the current section", () => {
    expect(isActivePath("/blog", "/blog/some-post")).toBe(true);
    expect(isActivePath("/", "/blog")).toBe(false);
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/blog", "/blogger")).toBe(false);
  });

  it("the current page follows the query too: the finder tab is the Account Finder", () => {
    const items = topNavItems({ isAuthenticated: true });
    const current = (location: string, search = "") =>
      items.find((i) => i.href === currentNavHref(items, location, search))?.label ?? null;
    expect(current("/influencer-discovery")).toBe("Influencer Discovery");
    expect(current("/influencer-discovery", "tab=finder")).toBe("Account Finder");
    expect(current("/influencer-discovery", "?tab=finder")).toBe("Account Finder");
    expect(current("/influencer-discovery", "tab=other")).toBe("Influencer Discovery");
    expect(current("/influencer-discovery", "utm_source=mail&tab=finder")).toBe("Account Finder");
    // The alias is the same page, with the same tabs.
    expect(current("/influencer-search")).toBe("Influencer Discovery");
    expect(current("/influencer-search", "tab=finder")).toBe("Account Finder");
    expect(current("/influencer-report/instagram/nasa")).toBe("Influencer Insight");
    expect(current("/blog/some-post", "tab=finder")).toBe("Blog");
    expect(current("/settings")).toBe("Settings");
    expect(current("/about")).toBeNull();
    expect(current("/")).toBeNull();
    const drawer = drawerNavItems({ isAuthenticated: false });
    expect(currentNavHref(drawer, "/", "")).toBe("/");
    expect(currentNavHref(drawer, "/influencer-discovery", "tab=finder")).toBe(
      "/influencer-discovery?tab=finder",
    );
  });
});

describe("AppShell", () => {
  it("shows a visitor the five links, a sign-in button, the footer and no quota", async () => {
    mockSession();
    renderShell();
    const main = screen.getByRole("navigation", { name: "Main" });
    await screen.findByRole("button", { name: "Sign in" });
    expect(
      within(main)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Influencer Discovery", "/influencer-discovery"],
      ["Account Finder", "/influencer-discovery?tab=finder"],
      ["Influencer Insight", "/influencer-insight"],
      ["Blog", "/blog"],
      ["Recently Viewed", "/history"],
    ]);
    expect(screen.queryByText(/Reports: \d+ left/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Test Brand" })).toHaveAttribute("href", "/");

    const footer = screen.getByRole("contentinfo");
    const footerNav = within(footer).getByRole("navigation", { name: "Footer" });
    expect(within(footerNav).getByRole("link", { name: "About" })).toHaveAttribute("href", "/about");
    expect(within(footerNav).getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
    expect(within(footerNav).getByRole("link", { name: "Terms" })).toHaveAttribute("href", "/terms");
    expect(
      within(footerNav)
        .getByRole("link", { name: /Feedback/ })
        .getAttribute("href"),
    ).toMatch(/^mailto:/);
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Test Brand. All rights reserved.`);
    expect(footer).toHaveTextContent(
      "Data comes from public sources, is analysed by AI and is only an estimate.",
    );
  });

  it("does not claim AI analysis when the server has no language model", async () => {
    mockSession({ config: { aiEnabled: false } });
    renderShell();
    expect(
      await screen.findByText(
        "Data comes from public sources, is analysed automatically and is only an estimate.",
      ),
    ).toBeInTheDocument();
  });

  it("the sign-in button opens the sign-in dialog", async () => {
    mockSession();
    renderShell();
    await userEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument();
  });

  it("shows a signed-in user Settings, the reports left and Sign Out; counts reports locally", async () => {
    const { calls } = mockSession({ user: TEST_USER, count: 1 });
    renderShell();
    expect(await screen.findByText("Reports: 49 left")).toBeInTheDocument();
    const main = screen.getByRole("navigation", { name: "Main" });
    expect(within(main).getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    expect(screen.getByRole("button", { name: "Sign Out" })).toBeEnabled();
    await userEvent.click(screen.getByRole("button", { name: "made a report" }));
    expect(screen.getByText("Reports: 48 left")).toBeInTheDocument();
    // The count is local: no new request was made for it.
    expect(calls.filter((c) => c.url === "/api/reports/count")).toHaveLength(1);
  });

  it("signs out: clears the user and the quota, back to the sign-in button", async () => {
    let signedIn = true;
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/reports/count": () => ({ json: countBody(signedIn, 3) }),
        "POST /api/auth/logout": () => {
          signedIn = false;
          return { text: "OK" };
        },
      },
    });
    renderShell();
    await userEvent.click(await screen.findByRole("button", { name: "Sign Out" }));
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Settings" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Reports: \d+ left/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === "/api/auth/logout")).toHaveLength(1);
    // Signed out, the user is not asked for again (no 401 in the browser console).
    await waitFor(() =>
      expect(calls.filter((c) => c.url === "/api/reports/count").length).toBeGreaterThan(1),
    );
    expect(calls.filter((c) => c.url === "/api/auth/me")).toHaveLength(1);
  });

  it("a failed sign-out is only logged and the user stays signed in", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    mockSession({
      user: TEST_USER,
      extra: { "POST /api/auth/logout": { status: 500, json: { message: "Database unavailable" } } },
    });
    renderShell();
    await userEvent.click(await screen.findByRole("button", { name: "Sign Out" }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith("Logout failed:", "Database unavailable"));
    expect(screen.getByRole("button", { name: "Sign Out" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Settings" })).toBeInTheDocument();
    warn.mockRestore();
  });

  it("keeps where the reader scrolled the page the server sent; a page navigated to starts at the top", async () => {
    mockSession();
    document.documentElement.scrollTop = 300;
    const { location } = renderShell("/about");
    await screen.findByRole("button", { name: "Sign in" });
    expect(document.documentElement.scrollTop).toBe(300);
    act(() => location.navigate("/privacy"));
    await waitFor(() => expect(document.documentElement.scrollTop).toBe(0));
  });

  it("visitors never request /api/auth/me (no expected 401s)", async () => {
    const { calls } = mockSession();
    renderShell();
    await screen.findByRole("button", { name: "Sign in" });
    expect(calls.map((c) => c.url)).not.toContain("/api/auth/me");
  });

  it("the mobile drawer opens from the menu button and lists Home, About, Privacy, Terms", async () => {
    mockSession();
    renderShell("/blog");
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("dialog");
    const nav = within(drawer).getByRole("navigation", { name: "Menu" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual([
      "Home",
      "Influencer Discovery",
      "Account Finder",
      "Influencer Insight",
      "Blog",
      "Recently Viewed",
      "About",
      "Privacy",
      "Terms",
    ]);
    expect(within(nav).getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");
    await userEvent.click(within(nav).getByRole("link", { name: "About" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("AppShell: the current page on the discovery page's tabs", () => {
  const link = (nav: HTMLElement, name: string) => within(nav).getByRole("link", { name });

  function expectCurrent(nav: HTMLElement, current: string, other: string) {
    expect(link(nav, current)).toHaveAttribute("aria-current", "page");
    // The highlight: the accent background itself, not only on hover.
    expect(link(nav, current).className.split(" ")).toContain("bg-accent");
    expect(link(nav, other)).not.toHaveAttribute("aria-current");
    expect(link(nav, other).className.split(" ")).not.toContain("bg-accent");
  }

  it("marks Account Finder on ?tab=finder, and follows the tabs without a reload", async () => {
    mockSession();
    const { location } = renderWithApp(
      <AppShell>
        <DiscoveryPage />
      </AppShell>,
      { path: "/influencer-discovery?tab=finder" },
    );
    const main = screen.getByRole("navigation", { name: "Main" });
    expectCurrent(main, "Account Finder", "Influencer Discovery");
    expect(await screen.findByRole("form", { name: "Account finder" })).toBeInTheDocument();

    // The page's own tabs change the address in place; the top bar follows.
    await userEvent.click(screen.getByRole("tab", { name: "Influencer Discovery" }));
    expect(location.history?.at(-1)).toBe("/influencer-discovery");
    expectCurrent(main, "Influencer Discovery", "Account Finder");
    await userEvent.click(screen.getByRole("tab", { name: "Account Finder" }));
    expectCurrent(main, "Account Finder", "Influencer Discovery");

    // So do the top bar's own links, and the drawer's.
    await userEvent.click(link(main, "Influencer Discovery"));
    expect(screen.getByRole("tab", { name: "Influencer Discovery" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expectCurrent(main, "Influencer Discovery", "Account Finder");
    await userEvent.click(link(main, "Account Finder"));
    expect(screen.getByRole("tab", { name: "Account Finder" })).toHaveAttribute("aria-selected", "true");
    expectCurrent(main, "Account Finder", "Influencer Discovery");
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = within(await screen.findByRole("dialog")).getByRole("navigation", { name: "Menu" });
    expectCurrent(drawer, "Account Finder", "Influencer Discovery");
  });

  it("on the alias /influencer-search too", () => {
    mockSession();
    renderWithApp(
      <AppShell>
        <p>page</p>
      </AppShell>,
      { path: "/influencer-search?tab=finder" },
    );
    expectCurrent(screen.getByRole("navigation", { name: "Main" }), "Account Finder", "Influencer Discovery");
  });
});

describe("toasts", () => {
  it("shows one toast at a time", async () => {
    mockSession();
    renderShell();
    await screen.findByRole("button", { name: "Sign in" });
    act(() => {
      toast("First toast");
      toast("Second toast");
    });
    await screen.findByText("Second toast");
    await waitFor(() =>
      expect(document.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(1),
    );
    expect(TOAST_DURATION_MS).toBe(5000);
  });
});

describe("logo animation", () => {
  it("runs every 3 s for 1 s", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useLogoAnimation());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(LOGO_ANIMATION_EVERY_MS));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(LOGO_ANIMATION_FOR_MS));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(LOGO_ANIMATION_EVERY_MS - LOGO_ANIMATION_FOR_MS));
    expect(result.current).toBe(true);
  });

  it("never runs when reduced motion is requested", () => {
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({ matches: query.includes("reduced-motion"), media: query })),
    );
    vi.useFakeTimers();
    const { result } = renderHook(() => useLogoAnimation());
    act(() => vi.advanceTimersByTime(LOGO_ANIMATION_EVERY_MS * 3));
    expect(result.current).toBe(false);
  });
});
