// @vitest-environment jsdom
import "../testing/dom";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeAccount, SAMPLE } from "../features/report/testing/account-fixture";
import { mockSession, renderWithApp } from "../testing/render";
import { HomePage } from "./home-page";
import { HERO_MESSAGES, HERO_ROTATE_MS, RotatingHero } from "./home-variant-b";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** jsdom has no IntersectionObserver: this one lets the test say when the list's place comes into view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {}
  enter() {
    const entries = this.observed.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

describe("home page variant A", () => {
  it("asks for the recent accounts only once their place comes near the viewport (decision 056)", async () => {
    // The list's own chunk already loaded, so only the wait for the viewport can hold it back.
    await import("../features/accounts");
    FakeObserver.all = [];
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { calls } = mockSession({
      extra: { "GET /api/accounts": { json: [makeAccount(SAMPLE.verified)] } },
    });
    renderWithApp(<HomePage />);
    await screen.findByRole("heading", { name: "Start Your Analysis" });
    // The place is held, with its heading, and nothing is fetched for it yet.
    expect(screen.getByRole("heading", { name: "Recently Viewed Accounts" })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.some((c) => c.url.startsWith("/api/accounts"))).toBe(false);
    const observer = FakeObserver.all.find((o) =>
      o.observed.some((el) => el.textContent?.includes("Recently Viewed")),
    );
    expect(observer).toBeDefined();
    act(() => observer!.enter());
    const table = await screen.findByTestId("recent-accounts-table");
    expect(within(table).getByRole("link", { name: "View Report for @caseynguyen" })).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith("/api/accounts"))?.url).toBe("/api/accounts?limit=10");
  });
});

describe("home page variant B (HOME_VARIANT=b)", () => {
  it("shows the rotating hero with both calls to action when the server asks for variant B", async () => {
    mockSession({ config: { homeVariant: "b" } });
    renderWithApp(<HomePage />);
    expect(await screen.findByTestId("home-variant-b")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /NEW: Discover Influencers/ })).toHaveAttribute(
      "href",
      "/influencer-discovery",
    );
    expect(screen.getByRole("link", { name: "Get Analytics Report" })).toHaveAttribute(
      "href",
      "/influencer-insight",
    );
    expect(screen.queryByText("Start Your Analysis")).toBeNull();
  });

  it("has the 'Advertisement' slot only when AdSense is configured", async () => {
    mockSession({ config: { homeVariant: "b", adsenseClientId: "ca-pub-1234567890" } });
    const first = renderWithApp(<HomePage />);
    await screen.findByTestId("home-variant-b");
    const ad = screen.getByRole("region", { name: "Advertisement" });
    expect(ad.querySelector("ins")).toHaveAttribute("data-ad-client", "ca-pub-1234567890");
    first.unmount();
    for (const script of document.querySelectorAll("script")) script.remove();

    mockSession({ config: { homeVariant: "b" } });
    renderWithApp(<HomePage />);
    await screen.findByTestId("home-variant-b");
    expect(screen.queryByRole("region", { name: "Advertisement" })).toBeNull();
    expect(document.querySelector('script[src*="adsbygoogle"]')).toBeNull();
  });

  it("keeps variant A by default", async () => {
    mockSession();
    renderWithApp(<HomePage />);
    expect(await screen.findByText("Start Your Analysis")).toBeInTheDocument();
    expect(screen.queryByTestId("home-variant-b")).toBeNull();
  });

  it("rotates every 8 seconds, jumps with the dots, and stops when paused", async () => {
    vi.useFakeTimers();
    mockSession();
    renderWithApp(<RotatingHero />);
    const title = () => screen.getByTestId("hero-title").textContent;
    expect(title()).toBe(HERO_MESSAGES[0].title);
    act(() => vi.advanceTimersByTime(HERO_ROTATE_MS - 1));
    expect(title()).toBe(HERO_MESSAGES[0].title);
    act(() => vi.advanceTimersByTime(1));
    expect(title()).toBe(HERO_MESSAGES[1].title);
    fireEvent.click(screen.getByRole("button", { name: "Show message 3 of 3" }));
    expect(title()).toBe(HERO_MESSAGES[2].title);
    expect(screen.getByRole("button", { name: "Show message 3 of 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    fireEvent.click(screen.getByRole("button", { name: "Pause rotating messages" }));
    act(() => vi.advanceTimersByTime(HERO_ROTATE_MS * 3));
    expect(title()).toBe(HERO_MESSAGES[2].title);
  });
});
