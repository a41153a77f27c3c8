// @vitest-environment jsdom
import "../testing/dom";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { AppShell } from "../app/layout/app-shell";
import { mockSession, renderWithApp, TEST_USER } from "../testing/render";
import { actingAs } from "../testing/workspace";
import { WatchlistsPage } from "./watchlists-page";

const ID = "0b7f6c1e-8a52-4d8e-9a55-1f2d3c4b5a69";
const change = (pct: number) => ({
  followers: 100,
  followersPct: pct,
  engagementRate: null,
  from: "2026-11-01T00:00:00.000Z",
  points: 3,
});
const DETAIL = {
  id: ID,
  name: "Clients",
  cadence: "daily",
  createdAt: "2026-11-01T00:00:00.000Z",
  accounts: [
    {
      platform: "tiktok",
      username: "chef",
      name: "Chef",
      followers: 130_000,
      engagementRate: 7.1,
      grade: "B+",
      lastUpdated: "2026-11-20T09:00:00.000Z",
      change: { days7: change(30.2), days30: change(-1.5), days90: null },
      sparkline: [100_000, 100_200, 130_000],
      addedAt: "2026-11-01T00:00:00.000Z",
    },
  ],
  rules: [
    {
      id: "6f3c1b2a-1d4e-4f5a-8b6c-7d8e9f0a1b2c",
      kind: "followers_change",
      threshold: 10,
      channel: { type: "webhook", url: "https://hooks.example.com/a" },
      createdAt: "2026-11-01T00:00:00.000Z",
    },
  ],
  deliveries: [
    {
      id: 1,
      ruleId: "6f3c1b2a-1d4e-4f5a-8b6c-7d8e9f0a1b2c",
      kind: "followers_change",
      channel: "webhook",
      platform: "tiktok",
      username: "chef",
      message: "@chef on TikTok: followers +30.0% (100,000 → 130,000) since 2026-11-10",
      status: "delivered",
      attempts: 2,
      lastError: null,
      createdAt: "2026-11-11T09:00:00.000Z",
      deliveredAt: "2026-11-11T09:01:00.000Z",
    },
  ],
};
const LISTS = {
  watchlists: [
    { id: ID, name: "Clients", cadence: "daily", accounts: 1, rules: 1, createdAt: DETAIL.createdAt },
  ],
};

afterEach(() => {
  toast.dismiss();
});

describe("watchlists page", () => {
  it("asks visitors to sign in", async () => {
    mockSession({ user: null });
    renderWithApp(<WatchlistsPage />, { path: "/watchlists" });
    expect(await screen.findByRole("heading", { name: "Sign In to Use Watchlists" })).toBeInTheDocument();
  });

  it("shows the lists, the accounts with sparkline and changes, rules and the delivery log; a new webhook rule shows its secret once", async () => {
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/watchlists": { json: LISTS },
        [`GET /api/watchlists/${ID}`]: { json: DETAIL },
        "GET /api/notifications": { json: { notifications: [], unread: 0 } },
        [`POST /api/watchlists/${ID}/alerts`]: {
          status: 201,
          json: {
            id: "7f3c1b2a-1d4e-4f5a-8b6c-7d8e9f0a1b2c",
            kind: "grade_change",
            threshold: null,
            channel: { type: "webhook", url: "https://hooks.example.com/b" },
            createdAt: "2026-11-20T00:00:00.000Z",
            secret: "ab".repeat(32),
          },
        },
      },
    });
    renderWithApp(<WatchlistsPage />, { path: "/watchlists" });
    const panel = await screen.findByTestId("watchlist-panel");
    expect(within(panel).getByRole("heading", { name: "Clients" })).toBeInTheDocument();
    // The alerts are on the page too (the bell is in the top bar only on wide screens).
    expect(
      await within(screen.getByTestId("notifications-card")).findByText("No alerts yet."),
    ).toBeInTheDocument();
    const row = within(panel).getByRole("link", { name: "@chef" }).closest("tr")!;
    expect(within(row).getByRole("link", { name: "@chef" })).toHaveAttribute("href", "/report/tiktok/chef");
    expect(row).toHaveTextContent("130.0K");
    expect(row).toHaveTextContent("+30.2%");
    expect(row).toHaveTextContent("−1.5%");
    expect(within(row).getByRole("img", { name: "Followers of @chef, last 3 points" })).toBeInTheDocument();
    expect(panel).toHaveTextContent("Followers change (%) ≥ 10% → https://hooks.example.com/a");
    expect(panel).toHaveTextContent("delivered after 2 attempts");
    await userEvent.selectOptions(within(panel).getByLabelText("When"), "grade_change");
    expect(within(panel).queryByLabelText("Threshold (%)")).toBeNull();
    await userEvent.type(within(panel).getByLabelText("Webhook URL"), "https://hooks.example.com/b");
    await userEvent.click(within(panel).getByRole("button", { name: "Add rule" }));
    expect(await within(panel).findByText("ab".repeat(32))).toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST" && c.url === `/api/watchlists/${ID}/alerts`);
    expect(post?.body).toEqual({
      kind: "grade_change",
      channel: { type: "webhook", url: "https://hooks.example.com/b" },
    });
  });
});

describe("history import", () => {
  it("uploads a CSV for a watched account as text/csv and says what was imported, or the server's problems", async () => {
    let answer: { status: number; json: unknown } = { status: 200, json: { imported: 3, skipped: 1 } };
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/watchlists": { json: LISTS },
        [`GET /api/watchlists/${ID}`]: { json: DETAIL },
        "POST /api/accounts/chef/growth/import": () => answer,
      },
    });
    renderWithApp(<WatchlistsPage />, { path: "/watchlists" });
    const panel = await screen.findByTestId("watchlist-panel");
    const input = within(panel).getByLabelText("Import history of @chef (CSV: date,followers)");
    const csv = "date,followers\n2026-08-01,30000\n";
    await userEvent.upload(input, new File([csv], "chef.csv", { type: "text/csv" }));
    expect(await screen.findByText("Imported 3 points for @chef")).toBeInTheDocument();
    expect(screen.getByText("1 rows on or after the first measured point were skipped.")).toBeInTheDocument();
    const call = calls.find((c) => c.url === "/api/accounts/chef/growth/import?platform=tiktok");
    expect(call).toMatchObject({ method: "POST", body: csv, headers: { "content-type": "text/csv" } });
    toast.dismiss();
    answer = {
      status: 400,
      json: { message: 'The history file has problems: line 2: date "x" is not a date (use YYYY-MM-DD).' },
    };
    await userEvent.upload(input, new File(["date,followers\nx,1\n"], "bad.csv", { type: "text/csv" }));
    expect(await screen.findByText("Could not import the history of @chef")).toBeInTheDocument();
    expect(
      screen.getByText('The history file has problems: line 2: date "x" is not a date (use YYYY-MM-DD).'),
    ).toBeInTheDocument();
  });
});

describe("a viewer of the workspace (issue #37)", () => {
  function open(role: "viewer" | "editor") {
    const api = mockSession({
      user: TEST_USER,
      extra: {
        ...actingAs(role),
        "GET /api/watchlists": { json: LISTS },
        [`GET /api/watchlists/${ID}`]: { json: DETAIL },
        "GET /api/notifications": { json: { notifications: [], unread: 0 } },
      },
    });
    const { queryClient } = renderWithApp(<WatchlistsPage />, { path: "/watchlists" });
    return { ...api, queryClient };
  }

  it("reads the alert rules but gets the hint instead of adding or deleting one", async () => {
    open("viewer");
    const panel = await screen.findByTestId("watchlist-panel");
    expect(panel).toHaveTextContent("Followers change (%) ≥ 10% → https://hooks.example.com/a");
    expect(panel).toHaveTextContent("delivered after 2 attempts");
    await waitFor(() => expect(within(panel).getByTestId("viewer-hint")).toBeInTheDocument());
    expect(within(panel).queryByRole("form", { name: "New alert rule" })).not.toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Add rule" })).not.toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: /Delete rule/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Delete list" })).not.toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Stop watching @chef" })).not.toBeInTheDocument();
  });

  it("an editor adds and deletes alert rules there", async () => {
    const { queryClient } = open("editor");
    const panel = await screen.findByTestId("watchlist-panel");
    await waitFor(() => expect(queryClient.getQueryData(["/api/workspaces"])).toBeDefined());
    expect(within(panel).getByRole("form", { name: "New alert rule" })).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Add rule" })).toBeInTheDocument();
    expect(
      within(panel).getByRole("button", { name: "Delete rule Followers change (%)" }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Stop watching @chef" })).toBeInTheDocument();
    expect(screen.queryByTestId("viewer-hint")).not.toBeInTheDocument();
  });

  it("gets no history import", async () => {
    open("viewer");
    const panel = await screen.findByTestId("watchlist-panel");
    await waitFor(() => expect(within(panel).getByTestId("viewer-hint")).toBeInTheDocument());
    expect(within(panel).getByRole("link", { name: "@chef" })).toBeInTheDocument();
    expect(
      within(panel).queryByLabelText("Import history of @chef (CSV: date,followers)"),
    ).not.toBeInTheDocument();
  });

  it("an editor imports history there", async () => {
    const { queryClient } = open("editor");
    const panel = await screen.findByTestId("watchlist-panel");
    await waitFor(() => expect(queryClient.getQueryData(["/api/workspaces"])).toBeDefined());
    expect(within(panel).getByLabelText("Import history of @chef (CSV: date,followers)")).toBeInTheDocument();
  });
});

describe("notification bell", () => {
  it("shows the unread count to a signed-in user, lists the alerts, and marks them read when closed", async () => {
    const list = {
      notifications: [
        {
          id: 2,
          kind: "anomaly",
          title: "@chef on TikTok: +30% followers in 1 day while engagement per post fell 30%",
          body: "",
          platform: "tiktok",
          username: "chef",
          createdAt: "2026-11-11T09:00:00.000Z",
          read: false,
        },
      ],
      unread: 1,
    };
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/notifications": { json: list },
        "POST /api/notifications/read": { json: { ...list, unread: 0 } },
      },
    });
    renderWithApp(<AppShell>page</AppShell>, { path: "/" });
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    await userEvent.click(bell);
    expect(await screen.findByText(list.notifications[0]!.title)).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("button", { name: "Notifications" })).toBeInTheDocument());
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/notifications/read")).toBe(true);
  });

  it("signing out aborts an alerts request in flight and never asks again (no 401 in the console)", async () => {
    let signedIn = true;
    let answerPending: () => void = () => undefined;
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        // The first poll is still on its way when the user signs out; it answers only afterwards.
        "GET /api/notifications": () =>
          new Promise((resolve) => {
            answerPending = () =>
              resolve(
                signedIn
                  ? { json: { notifications: [], unread: 0 } }
                  : { status: 401, json: { message: "Sign in first" } },
              );
          }),
        // The server ends the session, then answers the poll that was waiting: it would be a 401.
        "POST /api/auth/logout": () => {
          signedIn = false;
          answerPending();
          return { text: "OK" };
        },
      },
    });
    renderWithApp(<AppShell>page</AppShell>, { path: "/" });
    await waitFor(() => expect(calls.some((c) => c.url === "/api/notifications")).toBe(true));
    await userEvent.click(await screen.findByRole("button", { name: "Sign Out" }));
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === "/api/reports/count").length).toBe(2));
    const alerts = calls.filter((c) => c.url === "/api/notifications");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.status).toBeUndefined();
  });

  it("is not there for visitors", async () => {
    mockSession({ user: null });
    renderWithApp(<AppShell>page</AppShell>, { path: "/" });
    await screen.findByText("page");
    expect(screen.queryByRole("button", { name: /^Notifications/ })).toBeNull();
  });
});
