// @vitest-environment jsdom
import "../testing/dom";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRouter } from "../app/router";
import { reportCountQueryKey } from "../features/auth";
import { makeAccount, SAMPLE } from "../features/report/testing/account-fixture";
import { mockSession, renderWithApp, TEST_CONFIG, TEST_USER } from "../testing/render";
import { actingAs } from "../testing/workspace";

const ACCOUNT = makeAccount(SAMPLE.plain);
const OTHER = makeAccount(SAMPLE.verified);

class FakeResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

let openSpy: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubGlobal("ResizeObserver", FakeResizeObserver);
  openSpy = vi.fn(() => ({ opener: window }));
  vi.stubGlobal("open", openSpy);
});
afterEach(() => {
  toast.dismiss();
});

type Session = NonNullable<Parameters<typeof mockSession>[0]>;

function visit(path: string, session: Session = {}) {
  const api = mockSession({
    ...session,
    extra: {
      "GET /api/accounts": { json: [ACCOUNT, OTHER] },
      "GET /api/accounts/gabrielthomas": { json: ACCOUNT },
      "POST /api/analyze": { json: ACCOUNT },
      ...session.extra,
    },
  });
  return { ...api, ...renderWithApp(<AppRouter />, { path }) };
}

const report = () => screen.findByRole("article", { name: "Report for @gabrielthomas" }, { timeout: 3000 });
/** Report reads (the growth card's and similar creators' own calls are counted apart). */
const accountCalls = (calls: { url: string }[]) =>
  calls.filter(
    (c) => c.url.startsWith("/api/accounts/") && !c.url.includes("/growth") && !c.url.includes("/similar"),
  );

describe("home page (variant A)", () => {
  it("has the hero, 'Start Your Analysis', three feature cards, a labelled sample report and recent accounts", async () => {
    visit("/");
    expect(
      screen.getByRole("heading", { level: 1, name: "Social Media Analytics Made Simple" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Start Your Analysis" })).toBeInTheDocument();
    for (const title of ["Instant Reports", "Every Number Explained", "Marketing Value"]) {
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole("img", { name: /sample report/i })).toBeInTheDocument();
    expect(screen.getByText("Sample report — illustrative data, not a real account.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Recently Viewed Accounts" })).toBeInTheDocument();
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });

  it("clicking a recent account shows its report at /report/{platform}/{username} without asking again", async () => {
    const { location, calls } = visit("/");
    const table = await screen.findByRole("table");
    fireEvent.click(within(table).getByRole("link", { name: "View Report for @gabrielthomas" }));
    expect(await report()).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe("/report/instagram/gabrielthomas");
    expect(accountCalls(calls)).toHaveLength(0);
  });

  it("analysing counts the report and opens it in a new tab", async () => {
    const { queryClient } = visit("/");
    await waitFor(() => expect(queryClient.getQueryData(reportCountQueryKey)).toBeDefined());
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Username"), "gabrielthomas{Enter}");
    expect(await screen.findByText("Report Generated")).toBeInTheDocument();
    expect(openSpy).toHaveBeenCalledWith("/report/instagram/gabrielthomas", "_blank");
    expect(queryClient.getQueryData(reportCountQueryKey)).toMatchObject({ count: 1, remaining: 0 });
  });

  it("a stored report served free (X-Quota-Spent: 0) is not counted", async () => {
    const { queryClient } = visit("/", {
      extra: { "POST /api/analyze": { json: ACCOUNT, headers: { "x-quota-spent": "0" } } },
    });
    await waitFor(() => expect(queryClient.getQueryData(reportCountQueryKey)).toBeDefined());
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Username"), "gabrielthomas{Enter}");
    expect(await screen.findByText("Report Generated")).toBeInTheDocument();
    expect(openSpy).toHaveBeenCalledWith("/report/instagram/gabrielthomas", "_blank");
    expect(queryClient.getQueryData(reportCountQueryKey)).toMatchObject({ count: 0, remaining: 1 });
  });
});

describe("report page", () => {
  it("/report/{platform}/{username} loads the account with its platform and names the page", async () => {
    const { calls } = visit("/report/instagram/gabrielthomas");
    expect(await report()).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "@gabrielthomas" })).toBeInTheDocument();
    expect(accountCalls(calls).map((c) => c.url)).toEqual(["/api/accounts/gabrielthomas?platform=instagram"]);
    // The fixture is a generated sample creator: labelled so, and kept out of search engines.
    await waitFor(() => expect(document.title).toBe("Sample: @gabrielthomas Instagram report | Test Brand"));
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, follow");
  });

  it("/report/{username} loads it without a platform", async () => {
    const { calls } = visit("/report/gabrielthomas");
    expect(await report()).toBeInTheDocument();
    expect(accountCalls(calls).map((c) => c.url)).toEqual(["/api/accounts/gabrielthomas"]);
  });

  it("an unknown account offers to analyse the handle, then shows its report", async () => {
    const { location } = visit("/report/tiktok/nobody.here", {
      extra: {
        "GET /api/accounts/nobody.here": {
          status: 404,
          json: { message: "No report for @nobody.here on TikTok yet.", code: "NOT_FOUND" },
        },
      },
    });
    expect(
      await screen.findByRole("heading", { name: "No report for @nobody.here yet" }, { timeout: 3000 }),
    ).toBeInTheDocument();
    const prompt = screen.getByTestId("analyze-prompt");
    expect(within(prompt).getByLabelText("Username")).toHaveValue("nobody.here");
    expect((within(prompt).getByLabelText("Platform") as HTMLSelectElement).value).toBe("tiktok");
    fireEvent.click(within(prompt).getByRole("button", { name: "Analyze" }));
    expect(await report()).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe("/report/instagram/gabrielthomas");
    expect(openSpy).not.toHaveBeenCalled();
  });

  it("another failure says the report could not be loaded", async () => {
    visit("/report/instagram/gabrielthomas", {
      extra: { "GET /api/accounts/gabrielthomas": { status: 503, json: { message: "Database is busy" } } },
    });
    expect(
      await screen.findByText("The report could not be loaded", undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("Database is busy")).toBeInTheDocument();
  });

  it("signed-in users who are not the admin get no Refresh button", async () => {
    const { queryClient } = visit("/report/instagram/gabrielthomas", { user: TEST_USER });
    expect(await report()).toBeInTheDocument();
    // Once the session knows who this is.
    await waitFor(() => expect(queryClient.getQueryData(["/api/auth/me"])).toMatchObject({ isAdmin: false }));
    expect(screen.getByRole("button", { name: "Download PDF" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Refresh" })).not.toBeInTheDocument();
  });

  it("the admin refreshes the report and sees the new figures", async () => {
    visit("/report/instagram/gabrielthomas", {
      user: { ...TEST_USER, isAdmin: true },
      extra: {
        "POST /api/accounts/gabrielthomas/refresh": { json: { ...ACCOUNT, followers: 2_345_678 } },
      },
    });
    expect(await report()).toBeInTheDocument();
    expect(screen.getByTestId("followers")).toHaveTextContent("1.5K");
    fireEvent.click(await screen.findByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("Account refreshed")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("followers")).toHaveTextContent("2.3M"));
  });
});

describe("insight page", () => {
  it("without an account: analyser, a tip linking to discovery, 'What You'll Get', no ad", async () => {
    visit("/influencer-insight");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Influencer Insight" }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Username")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Discover influencers" })).toHaveAttribute(
      "href",
      "/influencer-discovery",
    );
    expect(screen.getByRole("heading", { name: "What You'll Get" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Advertisement" })).not.toBeInTheDocument();
  });

  it("analysing shows the report and changes the address without a new tab", async () => {
    const { location, queryClient } = visit("/influencer-report");
    const input = await screen.findByLabelText("Username", undefined, { timeout: 3000 });
    await waitFor(() => expect(queryClient.getQueryData(reportCountQueryKey)).toBeDefined());
    const user = userEvent.setup();
    await user.type(input, "gabrielthomas{Enter}");
    expect(await report()).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe("/influencer-insight/instagram/gabrielthomas");
    expect(openSpy).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(reportCountQueryKey)).toMatchObject({ count: 1 });
    expect(screen.getByRole("button", { name: "Analyze Another Account" })).toBeInTheDocument();
  });

  it("with an account in the address, loads and shows it", async () => {
    const { calls } = visit("/influencer-report/instagram/gabrielthomas");
    expect(await report()).toBeInTheDocument();
    expect(accountCalls(calls).map((c) => c.url)).toEqual(["/api/accounts/gabrielthomas?platform=instagram"]);
    await waitFor(() =>
      expect(document.title).toBe("@gabrielthomas Instagram Influencer Insight | Test Brand"),
    );
  });

  it("shows the 'Advertisement' slot only when AdSense is configured", async () => {
    visit("/influencer-insight", {
      extra: { "GET /api/config": { json: { ...TEST_CONFIG, adsenseClientId: "ca-pub-123" } } },
    });
    const ad = await screen.findByRole("region", { name: "Advertisement" }, { timeout: 3000 });
    expect(within(ad).getByText("Advertisement")).toBeInTheDocument();
    const slot = ad.querySelector("ins.adsbygoogle") as HTMLElement;
    expect(slot).toHaveAttribute("data-ad-client", "ca-pub-123");
    expect(slot.style.minHeight).toBe("250px");
  });
});

describe("platform landing pages", () => {
  it("/tiktok-analytics: hero with a TikTok analyser; analysing moves to /{platform}-analytics/{username}", async () => {
    const { location } = visit("/tiktok-analytics");
    expect(
      await screen.findByRole("heading", { level: 1, name: "TikTok Analytics" }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect((screen.getByLabelText("Platform") as HTMLSelectElement).value).toBe("tiktok");
    expect(screen.getByRole("link", { name: "Start Analysis" })).toHaveAttribute(
      "href",
      "/influencer-insight",
    );
    expect(screen.getByRole("heading", { name: "What the report covers" })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Username"), "gabrielthomas{Enter}");
    expect(await report()).toBeInTheDocument();
    // The account analysed is an Instagram one: its own platform's page.
    expect(location.history?.at(-1)).toBe("/instagram-analytics/gabrielthomas");
  });

  it("/social-media-analytics links to the three platform pages", async () => {
    visit("/social-media-analytics");
    const nav = await screen.findByRole("navigation", { name: "Platform analytics" }, { timeout: 3000 });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/instagram-analytics", "/tiktok-analytics", "/youtube-analytics"]);
  });

  it("/instagram-analytics/{username} loads the account", async () => {
    const { calls } = visit("/instagram-analytics/gabrielthomas");
    expect(await report()).toBeInTheDocument();
    expect(accountCalls(calls).map((c) => c.url)).toEqual(["/api/accounts/gabrielthomas?platform=instagram"]);
  });
});

describe("report page: growth and watching", () => {
  const day = (d: number) => new Date(Date.parse("2026-11-20T12:00:00Z") - d * 86_400_000).toISOString();
  const point = (d: number, followers: number, source = "instagram-web") => ({
    at: day(d),
    followers,
    following: null,
    postsCount: null,
    engagementRate: 2.5,
    medianViews: null,
    source,
  });
  const GROWTH = {
    platform: "instagram",
    username: "gabrielthomas",
    points: [
      point(60, 9_000, "import"),
      point(31, 9_500),
      point(20, 9_600),
      point(4, 9_700),
      point(3, 13_000),
    ],
    change: {
      days7: { followers: 3_400, followersPct: 35.42, engagementRate: 0, from: day(20), points: 3 },
      days30: { followers: 3_500, followersPct: 36.84, engagementRate: 0, from: day(31), points: 4 },
      days90: null,
    },
    summary: "+36.8% followers in 30 days (measured from 4 snapshots)",
    anomalies: [
      {
        kind: "spike",
        from: day(4),
        to: day(3),
        followersPct: 34,
        days: 1,
        engagementPct: -20,
        message:
          "+34% followers in 1 day while engagement per post fell 20%: a pattern seen with bought followers",
      },
    ],
  };

  it("shows the growth line, the changes and an anomaly with its dates", async () => {
    const { calls } = visit("/report/instagram/gabrielthomas", {
      extra: { "GET /api/accounts/gabrielthomas/growth": { json: GROWTH } },
    });
    expect(await report()).toBeInTheDocument();
    const card = await screen.findByTestId("growth-card");
    expect(
      await within(card).findByText("+36.8% followers in 30 days (measured from 4 snapshots)"),
    ).toBeInTheDocument();
    expect(within(card).getByTestId("change-days30")).toHaveTextContent("+36.8%");
    expect(within(card).getByTestId("change-days90")).toHaveTextContent("—");
    expect(within(card).getByTestId("growth-anomaly")).toHaveTextContent(
      "+34% followers in 1 day while engagement per post fell 20%: a pattern seen with bought followers (between Nov 16, 2026 and Nov 17, 2026).",
    );
    expect(within(card).getByText("The 5 points behind this")).toBeInTheDocument();
    expect(within(card).getByText("imported")).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain("/api/accounts/gabrielthomas/growth?platform=instagram");
  });

  it("says when there is not enough history yet", async () => {
    visit("/report/instagram/gabrielthomas", {
      extra: {
        "GET /api/accounts/gabrielthomas/growth": {
          json: {
            ...GROWTH,
            points: [point(0, 9_000)],
            change: { days7: null, days30: null, days90: null },
            summary: null,
            anomalies: [],
          },
        },
      },
    });
    const card = await screen.findByTestId("growth-card");
    expect(
      await within(card).findByText("Not enough history yet: 1 snapshot so far. Each refresh adds a point."),
    ).toBeInTheDocument();
  });

  it("Watch asks a visitor to sign in", async () => {
    visit("/report/instagram/gabrielthomas");
    await report();
    await userEvent.click(screen.getByRole("button", { name: "Watch" }));
    expect(await screen.findByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument();
  });

  it("a viewer of the workspace gets the hint instead of the watchlist choice (issue #37)", async () => {
    const { calls, queryClient } = visit("/report/instagram/gabrielthomas", {
      user: TEST_USER,
      extra: { ...actingAs("viewer"), "GET /api/watchlists": { json: { watchlists: [] } } },
    });
    await report();
    await waitFor(() => expect(queryClient.getQueryData(["/api/workspaces"])).toBeDefined());
    await userEvent.click(screen.getByRole("button", { name: "Watch" }));
    const dialog = await screen.findByRole("dialog", { name: "Watch @gabrielthomas" });
    expect(await within(dialog).findByTestId("viewer-hint")).toHaveTextContent(
      "Viewers can read and export.",
    );
    expect(within(dialog).queryByRole("option", { name: "New watchlist…" })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Watchlist")).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Watch" })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith("/api/watchlists"))).toBe(false);
  });

  it("an editor of the workspace chooses a watchlist or a new one", async () => {
    const { calls, queryClient } = visit("/report/instagram/gabrielthomas", {
      user: TEST_USER,
      extra: { ...actingAs("editor"), "GET /api/watchlists": { json: { watchlists: [] } } },
    });
    await report();
    await waitFor(() => expect(queryClient.getQueryData(["/api/workspaces"])).toBeDefined());
    await userEvent.click(screen.getByRole("button", { name: "Watch" }));
    const dialog = await screen.findByRole("dialog", { name: "Watch @gabrielthomas" });
    expect(within(dialog).getByRole("option", { name: "New watchlist…" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Watch" })).toBeInTheDocument();
    expect(within(dialog).queryByTestId("viewer-hint")).not.toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === "/api/watchlists")).toBe(true));
  });

  it("adds the account to a new watchlist", async () => {
    const { calls } = visit("/report/instagram/gabrielthomas", {
      user: TEST_USER,
      extra: {
        "GET /api/watchlists": { json: { watchlists: [] } },
        "POST /api/watchlists": {
          status: 201,
          json: { id: "0b7f6c1e-8a52-4d8e-9a55-1f2d3c4b5a69", name: "Clients", cadence: "daily" },
        },
        "POST /api/watchlists/0b7f6c1e-8a52-4d8e-9a55-1f2d3c4b5a69/accounts": {
          status: 201,
          json: { platform: "instagram", username: "gabrielthomas" },
        },
      },
    });
    await report();
    await userEvent.click(screen.getByRole("button", { name: "Watch" }));
    const dialog = await screen.findByRole("dialog", { name: "Watch @gabrielthomas" });
    const name = within(dialog).getByLabelText("Name");
    await userEvent.clear(name);
    await userEvent.type(name, "Clients");
    await userEvent.selectOptions(within(dialog).getByLabelText("Refresh"), "daily");
    await userEvent.click(within(dialog).getByRole("button", { name: "Watch" }));
    expect(await screen.findByText("Watching @gabrielthomas")).toBeInTheDocument();
    const writes = calls.filter((c) => c.method === "POST" && c.url.startsWith("/api/watchlists"));
    expect(writes.map((c) => [c.url, c.body])).toEqual([
      ["/api/watchlists", { name: "Clients", cadence: "daily" }],
      [
        "/api/watchlists/0b7f6c1e-8a52-4d8e-9a55-1f2d3c4b5a69/accounts",
        { platform: "instagram", username: "gabrielthomas" },
      ],
    ]);
  });
});
