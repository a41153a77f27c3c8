// @vitest-environment jsdom
import "../testing/dom";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Route } from "wouter";
import {
  bestByRow,
  type ComparedAccount,
  type CompareResponse,
  figuresFromReport,
} from "#core/schemas/compare";
import type { ListDetail, ListItem, SharedList } from "#core/schemas/lists";
import { compareSelection } from "../features/compare";
import { makeAccount, SAMPLE } from "../features/report/testing/account-fixture";
import { mockSession, renderWithApp, TEST_USER } from "../testing/render";
import { actingAs } from "../testing/workspace";
import { ComparePage } from "./compare-page";
import { HistoryPage } from "./history-page";
import { ListsPage } from "./lists-page";
import { SharedListPage } from "./shared-list-page";

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const FORMULA = '=HYPERLINK("http://evil.example","x")';

function item(id: number, username: string, over: Partial<ListItem> = {}): ListItem {
  return {
    id,
    platform: "instagram",
    username,
    name: `Name ${username}`,
    followers: 12_300,
    engagementRate: 3.21,
    grade: "A",
    estimatedPostValue: "$50 – $100 per post (estimate)",
    estimatedCostLow: 50,
    estimatedCostHigh: 100,
    reportDate: "2026-11-20T10:00:00.000Z",
    isSample: true,
    note: "",
    status: "prospect",
    addedAt: "2026-11-21T10:00:00.000Z",
    ...over,
  };
}

const LIST: ListDetail = {
  id: 7,
  name: "Spring launch",
  items: [
    item(1, "alpha", { note: HOSTILE, status: "contacted" }),
    item(2, "beta", { note: FORMULA }),
    item(3, "gamma", { reportDate: null, estimatedCostLow: null, estimatedCostHigh: null }),
  ],
  totals: {
    creators: 3,
    followers: 36_900,
    estimatedCostLow: 100,
    estimatedCostHigh: 200,
    costEstimatedFor: 2,
  },
};

const SUMMARIES = [
  {
    id: 7,
    name: "Spring launch",
    creators: 3,
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-21T10:00:00.000Z",
  },
  {
    id: 8,
    name: "Autumn",
    creators: 0,
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
  },
];

afterEach(() => {
  toast.dismiss();
  compareSelection.clear();
  delete (window as { __pwned?: number }).__pwned;
});

describe("lists page", () => {
  it("asks visitors to sign in", async () => {
    mockSession({ user: null });
    renderWithApp(<ListsPage />, { path: "/lists" });
    expect(await screen.findByRole("heading", { name: "Sign In to Use Lists" })).toBeInTheDocument();
  });

  it("shows the list with totals, renders hostile notes as text, and saves status and note changes", async () => {
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/lists": { json: SUMMARIES },
        "GET /api/lists/7": { json: LIST },
        "PATCH /api/lists/7/items/1": ({ body }) => ({ json: { ...LIST.items[0], ...(body as object) } }),
      },
    });
    renderWithApp(<Route path="/lists/:id" component={ListsPage} />, { path: "/lists/7" });
    expect(await screen.findByRole("heading", { name: "Spring launch" })).toBeInTheDocument();
    const rows = await screen.findAllByTestId("list-item");
    expect(rows).toHaveLength(3);
    // The total leaves out gamma, which has no estimate, and says so (issue #39 item 12).
    expect(screen.getByTestId("list-totals")).toHaveTextContent(
      "3 creators · 36.9K followers · estimated cost $100 – $200 for one post each (cost estimated for 2 of 3 creators)",
    );
    // The hostile note is the textarea's text, never markup.
    const note = within(rows[0]!).getByRole("textbox", { name: "Note on @alpha" });
    expect(note).toHaveValue(HOSTILE);
    expect(document.querySelector("img[src='x']")).toBeNull();
    expect(document.querySelector("main script, [role='main'] script")).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(within(rows[1]!).getByRole("textbox", { name: "Note on @beta" })).toHaveValue(FORMULA);
    expect(rows[2]).toHaveTextContent("No report yet");

    fireEvent.change(within(rows[0]!).getByRole("combobox", { name: "Status of @alpha" }), {
      target: { value: "booked" },
    });
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")).toMatchObject({
      url: "/api/lists/7/items/1",
      body: { status: "booked" },
    });

    await userEvent.clear(note);
    await userEvent.type(note, "Call on Monday");
    fireEvent.blur(note);
    await waitFor(() => expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "PATCH")[1]!.body).toEqual({ note: "Call on Monday" });

    for (const format of ["CSV", "XLSX", "PDF"]) {
      expect(screen.getByRole("link", { name: `Export ${format}` })).toHaveAttribute(
        "href",
        `/api/lists/7/export?format=${format.toLowerCase()}`,
      );
    }
    // Two ticked creators make a comparison link.
    await userEvent.click(within(rows[0]!).getByRole("checkbox", { name: "Compare @alpha" }));
    await userEvent.click(within(rows[1]!).getByRole("checkbox", { name: "Compare @beta" }));
    expect(screen.getByRole("link", { name: /Compare selected \(2\)/ })).toHaveAttribute(
      "href",
      "/compare?accounts=instagram:alpha,instagram:beta",
    );
  });

  it("creates a share link with the chosen expiry and notes setting, shows it once, and revokes it", async () => {
    const token = "t".repeat(43);
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/lists": { json: SUMMARIES },
        "GET /api/lists/7": { json: LIST },
        "GET /api/lists/7/shares": { json: [] },
        "POST /api/lists/7/share": ({ body }) => ({
          status: 201,
          json: {
            id: 3,
            token,
            url: `https://analytics.example.com/shared/lists/${token}`,
            expiresAt: "2026-12-21T10:00:00.000Z",
            includeNotes: (body as { includeNotes: boolean }).includeNotes,
          },
        }),
        [`DELETE /api/lists/7/share/${token}`]: { json: { ok: true } },
      },
    });
    renderWithApp(<Route path="/lists/:id" component={ListsPage} />, { path: "/lists/7" });
    await userEvent.click(await screen.findByRole("button", { name: "Share" }));
    const dialog = await screen.findByRole("dialog", { name: "Share “Spring launch”" });
    await userEvent.selectOptions(within(dialog).getByLabelText("Expires after"), "30");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Include notes" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create link" }));
    expect(
      await within(dialog).findByDisplayValue(`https://analytics.example.com/shared/lists/${token}`),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ expiresInDays: 30, includeNotes: true });
    await userEvent.click(within(dialog).getByRole("button", { name: "Revoke this link" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
    expect(within(dialog).queryByDisplayValue(/shared\/lists/)).toBeNull();
  });
});

describe("lists page for a viewer (issue #37)", () => {
  function openList(role: "viewer" | "editor") {
    const api = mockSession({
      user: TEST_USER,
      extra: {
        ...actingAs(role),
        "GET /api/lists": { json: SUMMARIES },
        "GET /api/lists/7": { json: LIST },
        "GET /api/lists/7/shares": { json: [] },
      },
    });
    const { queryClient } = renderWithApp(<Route path="/lists/:id" component={ListsPage} />, {
      path: "/lists/7",
    });
    return { ...api, queryClient };
  }

  it("a viewer reads statuses and notes as text, with no select, note box or remove button", async () => {
    openList("viewer");
    expect(await screen.findByTestId("viewer-hint")).toHaveTextContent("Viewers can read and export.");
    const rows = await screen.findAllByTestId("list-item");
    expect(rows).toHaveLength(3);
    expect(screen.queryByRole("combobox", { name: /Status of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: /Note on/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Remove @/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete list" })).not.toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("Contacted");
    // The note still shows, as text, never markup.
    expect(rows[0]).toHaveTextContent(HOSTILE);
    expect(document.querySelector("img[src='x']")).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    // Reading, exporting and comparing stay.
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/lists/7/export?format=csv",
    );
    expect(within(rows[0]!).getByRole("checkbox", { name: "Compare @alpha" })).toBeInTheDocument();
  });

  it("an editor of the same workspace keeps the select, note box and remove button", async () => {
    const { queryClient } = openList("editor");
    const rows = await screen.findAllByTestId("list-item");
    // The role is known (the workspace list arrived) before asserting that the controls stay.
    await waitFor(() => expect(queryClient.getQueryData(["/api/workspaces"])).toBeDefined());
    expect(within(rows[0]!).getByRole("textbox", { name: "Note on @alpha" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete list" })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole("combobox", { name: "Status of @alpha" })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole("button", { name: "Remove @alpha" })).toBeInTheDocument();
    expect(screen.queryByTestId("viewer-hint")).not.toBeInTheDocument();
  });

  it("a viewer gets no share-link controls", async () => {
    const { calls } = openList("viewer");
    expect(await screen.findByTestId("viewer-hint")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Share" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create link" })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes("/share"))).toBe(false);
  });

  it("an editor of the same workspace creates share links", async () => {
    const { queryClient } = openList("editor");
    await waitFor(() => expect(queryClient.getQueryData(["/api/workspaces"])).toBeDefined());
    await userEvent.click(await screen.findByRole("button", { name: "Share" }));
    const dialog = await screen.findByRole("dialog", { name: "Share “Spring launch”" });
    expect(within(dialog).getByRole("button", { name: "Create link" })).toBeInTheDocument();
  });
});

describe("shared list page", () => {
  const shared = (includeNotes: boolean): SharedList => ({
    name: "Spring launch",
    items: LIST.items.map(({ id: _id, note, ...rest }) => (includeNotes ? { ...rest, note } : rest)),
    totals: LIST.totals,
    expiresAt: "2026-12-01T00:00:00.000Z",
    includeNotes,
    brand: { name: "Acme Talent", logoUrl: null },
  });

  it("shows the list read-only without notes unless the owner included them", async () => {
    mockSession({ extra: { "GET /api/shared/lists/abc": { json: shared(false) } } });
    renderWithApp(<Route path="/shared/lists/:token" component={SharedListPage} />, {
      path: "/shared/lists/abc",
    });
    expect(await screen.findByRole("heading", { name: "Spring launch" })).toBeInTheDocument();
    expect(screen.getByText("Acme Talent")).toBeInTheDocument();
    expect(screen.getAllByTestId("shared-item")).toHaveLength(3);
    expect(screen.queryByRole("columnheader", { name: "Note" })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("never shows an invented $0: a shared list of creators nobody has analysed has no cost estimate yet", async () => {
    const none = {
      ...shared(false),
      items: LIST.items.map(({ id: _id, note: _note, ...i }) => ({
        ...i,
        reportDate: null,
        estimatedCostLow: null,
        estimatedCostHigh: null,
      })),
      totals: { ...LIST.totals, estimatedCostLow: null, estimatedCostHigh: null, costEstimatedFor: 0 },
    };
    mockSession({ extra: { "GET /api/shared/lists/abc": { json: none } } });
    renderWithApp(<Route path="/shared/lists/:token" component={SharedListPage} />, {
      path: "/shared/lists/abc",
    });
    const totals = await screen.findByTestId("list-totals");
    expect(totals).toHaveTextContent(
      "3 creators · 36.9K followers · no cost estimate yet (cost estimated for 0 of 3 creators)",
    );
    expect(totals).not.toHaveTextContent("$0");
  });

  it("shows included notes as plain text", async () => {
    mockSession({ extra: { "GET /api/shared/lists/abc": { json: shared(true) } } });
    renderWithApp(<Route path="/shared/lists/:token" component={SharedListPage} />, {
      path: "/shared/lists/abc",
    });
    expect(await screen.findByRole("columnheader", { name: "Note" })).toBeInTheDocument();
    expect(screen.getByText(HOSTILE)).toBeInTheDocument();
    expect(screen.getByText(FORMULA)).toBeInTheDocument();
    expect(document.querySelector("img[src='x']")).toBeNull();
  });

  it("says when a link has expired or was revoked", async () => {
    mockSession({
      extra: {
        "GET /api/shared/lists/old": {
          status: 404,
          json: { message: "This share link has expired.", code: "NOT_FOUND" },
        },
      },
    });
    renderWithApp(<Route path="/shared/lists/:token" component={SharedListPage} />, {
      path: "/shared/lists/old",
    });
    expect(await screen.findByRole("heading", { name: "This link no longer works" })).toBeInTheDocument();
    expect(screen.getByText("This share link has expired.")).toBeInTheDocument();
  });
});

describe("compare page", () => {
  const a = makeAccount(SAMPLE.plain);
  const b = makeAccount(SAMPLE.verified);
  const found = (acc: typeof a): ComparedAccount => ({
    key: `${acc.platform}:${acc.username}`,
    platform: acc.platform,
    username: acc.username,
    found: true,
    figures: figuresFromReport(acc, { isSample: true, createdAt: new Date(acc.lastUpdated) }),
  });
  const missing: ComparedAccount = {
    key: "tiktok:nobody",
    platform: "tiktok",
    username: "nobody",
    found: false,
    message: "No stored report for @nobody on TikTok yet. Analyse the account to add it to the comparison.",
  };
  const response = (accounts: ComparedAccount[]): CompareResponse => ({
    accounts,
    best: bestByRow(accounts),
  });
  const q = `${a.platform}:${a.username},${b.platform}:${b.username},tiktok:nobody`;

  beforeEach(() => compareSelection.clear());

  it("puts stored reports side by side, marks the best of each row, and offers to analyse a missing one", async () => {
    let analysed = false;
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/compare": () => ({
          json: response(analysed ? [found(a), found(b)] : [found(a), found(b), missing]),
        }),
        "POST /api/analyze": () => {
          analysed = true;
          return { json: makeAccount(SAMPLE.sponsored) };
        },
      },
    });
    renderWithApp(<ComparePage />, { path: `/compare?accounts=${q}` });
    const table = await screen.findByRole("table", { name: "Creator comparison" });
    expect(within(table).getByRole("link", { name: `@${a.username}` })).toBeInTheDocument();
    const followers = within(table).getByRole("rowheader", { name: "Followers" }).closest("tr")!;
    const bigger = a.followers >= b.followers ? 0 : 1;
    const cells = within(followers).getAllByRole("cell");
    expect(cells[bigger]).toHaveAttribute("data-best", "true");
    expect(within(cells[bigger]!).getByLabelText("Best")).toBeInTheDocument();
    expect(cells[1 - bigger]).not.toHaveAttribute("data-best");
    // Provenance under each figure.
    expect(within(cells[0]!).getByText("sample")).toHaveAttribute(
      "title",
      expect.stringContaining("Follower"),
    );
    expect(screen.getByRole("link", { name: "Export PDF" })).toHaveAttribute(
      "href",
      `/api/compare/export?accounts=${encodeURIComponent(q)}&format=pdf`,
    );

    // The cost total covers the two creators with an estimate and says so (issue #39 item 12).
    const fa = found(a).figures!;
    const fb = found(b).figures!;
    const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;
    expect(screen.getByTestId("compare-cost-total")).toHaveTextContent(
      `Estimated cost ${usd(fa.priceLow! + fb.priceLow!)} – ${usd(fa.priceHigh! + fb.priceHigh!)} for one post each (cost estimated for 2 of 3 creators)`,
    );
    const alert = screen.getByTestId("compare-missing");
    expect(alert).toHaveTextContent(missing.message!);
    await userEvent.click(within(alert).getByRole("button", { name: "Analyse @nobody" }));
    await waitFor(() => expect(screen.queryByTestId("compare-missing")).toBeNull());
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ platform: "tiktok", username: "nobody" });
    expect(calls.filter((c) => c.url.startsWith("/api/compare")).length).toBe(2);
  });
});

describe("creator actions on the history page", () => {
  it("adds a creator to a list and picks it for comparison", async () => {
    const account = makeAccount(SAMPLE.plain);
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/accounts": { json: [account] },
        "GET /api/lists": { json: SUMMARIES },
        "POST /api/lists/8/items": ({ body }) => ({
          status: 201,
          json: item(9, (body as { username: string }).username),
        }),
      },
    });
    renderWithApp(<HistoryPage />, { path: "/history" });
    await userEvent.click(await screen.findByRole("button", { name: `Add @${account.username} to a list` }));
    const dialog = await screen.findByRole("dialog", { name: `Add @${account.username} to a list` });
    await userEvent.click(await within(dialog).findByRole("button", { name: /Autumn/ }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      platform: account.platform,
      username: account.username,
    });

    await userEvent.click(screen.getByRole("button", { name: `Compare @${account.username}` }));
    const tray = screen.getByRole("complementary", { name: "Comparison" });
    expect(within(tray).getByRole("link", { name: "Compare now" })).toHaveAttribute(
      "href",
      `/compare?accounts=${account.platform}:${account.username}`,
    );
  });
});

describe("a user's own captures (Trust III, #33)", () => {
  it("says which list rows, shared rows and compared creators show the user's own browser capture", async () => {
    const own = item(1, "alpha", { privateTo: "you", isSample: false });
    const list: ListDetail = { ...LIST, items: [own, item(2, "beta", { isSample: false })] };
    const acc = makeAccount(SAMPLE.plain);
    const compared: ComparedAccount = {
      key: `${acc.platform}:${acc.username}`,
      platform: acc.platform,
      username: acc.username,
      found: true,
      figures: figuresFromReport(acc, { isSample: false, createdAt: new Date(acc.lastUpdated) }),
      privateTo: "you",
    };
    const sharedList: SharedList = {
      name: list.name,
      items: list.items.map(({ id: _id, note: _note, ...rest }) => rest),
      totals: list.totals,
      expiresAt: "2026-12-01T00:00:00.000Z",
      includeNotes: false,
      brand: { name: "Acme Talent", logoUrl: null },
    };
    mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/lists": { json: SUMMARIES },
        "GET /api/lists/7": { json: list },
        "GET /api/shared/lists/abc": { json: sharedList },
        "GET /api/compare": { json: { accounts: [compared], best: bestByRow([compared]) } },
      },
    });
    const mine = renderWithApp(<Route path="/lists/:id" component={ListsPage} />, { path: "/lists/7" });
    const rows = await screen.findAllByTestId("list-item");
    expect(rows[0]).toHaveTextContent("Your browser capture (only you see it)");
    expect(rows[1]).not.toHaveTextContent("browser capture");
    mine.unmount();

    const sharedView = renderWithApp(<Route path="/shared/lists/:token" component={SharedListPage} />, {
      path: "/shared/lists/abc",
    });
    const sharedRows = await screen.findAllByTestId("shared-item");
    expect(sharedRows[0]).toHaveTextContent("From the list owner's own browser capture");
    expect(sharedRows[1]).not.toHaveTextContent("browser capture");
    sharedView.unmount();

    renderWithApp(<ComparePage />, { path: `/compare?accounts=${acc.platform}:${acc.username}` });
    const table = await screen.findByRole("table", { name: "Creator comparison" });
    expect(table).toHaveTextContent("Your browser capture (only you see it)");
  });
});
