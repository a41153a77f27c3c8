// @vitest-environment jsdom
import "../testing/dom";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import type { Account } from "#core/schemas/account";
import { accountQueryKey } from "../features/report/api/get-account";
import { makeAccount, makeEmptyAccount, SAMPLE } from "../features/report/testing/account-fixture";
import { mockSession, renderWithApp, TEST_USER } from "../testing/render";
import { HistoryPage } from "./history-page";

const ADMIN = { ...TEST_USER, email: "admin@example.com", isAdmin: true };
const ROWS: Account[] = [
  makeAccount(SAMPLE.verified, { lastUpdated: "2026-11-22T10:00:00.000Z" }),
  makeAccount(SAMPLE.plain, { lastUpdated: "2026-03-05T10:00:00.000Z" }),
  { ...makeEmptyAccount(), username: "nograde", lastUpdated: "2025-12-31T23:00:00.000Z" },
];

type Extra = NonNullable<Parameters<typeof mockSession>[0]>["extra"];

function visit(user: typeof TEST_USER | null, extra: Extra = {}) {
  const api = mockSession({ user, extra: { "GET /api/accounts": { json: ROWS }, ...extra } });
  return { ...api, ...renderWithApp(<HistoryPage />, { path: "/history" }) };
}

const historyCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.startsWith("/api/accounts?")).map((c) => c.url);
const table = () => screen.findByRole("table");

afterEach(() => {
  toast.dismiss();
});

describe("history page", () => {
  it("asks visitors to sign in, and asks the server for nothing", async () => {
    const { calls } = visit(null);
    expect(await screen.findByRole("heading", { name: "Sign In to View Your History" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument();
    expect(historyCalls(calls)).toEqual([]);
  });

  it("lists the user's accounts with the spec's columns, while loading says so, and counts them", async () => {
    const { calls } = visit(TEST_USER);
    expect(await screen.findByText("Loading accounts...")).toBeInTheDocument();
    const t = await table();
    expect(historyCalls(calls)).toEqual(["/api/accounts?scope=history&limit=100&sort=recent"]);
    expect(
      within(t)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Account", "Industry", "Followers", "Engagement", "Grade", "Last Updated", "Actions"]);
    const rows = within(t).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    const verified = ROWS[0]!;
    expect(first).toHaveTextContent(`@${verified.username} · Instagram · sample data`);
    expect(first).toHaveTextContent(verified.industry);
    expect(first).toHaveTextContent("1.1M");
    expect(first).toHaveTextContent(`${Number.parseFloat(verified.engagementRate).toFixed(2)}%`);
    expect(within(first).getByText(verified.grade!)).toHaveAttribute("data-tone", "good");
    expect(first).toHaveTextContent("Nov 22, 2026");
    expect(second).toHaveTextContent("Mar 5, 2026");
    // An account without a grade or a rate.
    expect(third).toHaveTextContent("N/A");
    expect(third).toHaveTextContent("Dec 31, 2025");
    expect(within(t).getAllByRole("link", { name: /^View report for @/ })).toHaveLength(3);
    expect(screen.getByText("Showing 3 accounts")).toBeInTheDocument();
    // Not the admin: no refresh buttons.
    expect(screen.queryByRole("button", { name: /^Refresh @/ })).not.toBeInTheDocument();
  });

  it("colours grade badges as spec §5: A/B+ good, B–C warning, C- and below bad", async () => {
    const graded = (grade: string, i: number) =>
      makeAccount(SAMPLE.plain, { grade: grade as Account["grade"], username: `g${i}` });
    visit(TEST_USER, { "GET /api/accounts": { json: ["A+", "B+", "B", "C", "C-", "F"].map(graded) } });
    const t = await table();
    const tones = ["A+", "B+", "B", "C", "C-", "F"].map((g) =>
      within(t).getByText(g).getAttribute("data-tone"),
    );
    expect(tones).toEqual(["good", "good", "warning", "warning", "bad", "bad"]);
  });

  it("searches on the server once typing pauses, and filters by grade and market and sorts there too", async () => {
    const { calls } = visit(TEST_USER);
    await table();
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "Gab");
    // Nothing asked while typing…
    expect(historyCalls(calls)).toHaveLength(1);
    // …one request once it pauses.
    await waitFor(() => expect(historyCalls(calls)).toHaveLength(2));
    expect(historyCalls(calls)[1]).toBe("/api/accounts?scope=history&limit=100&sort=recent&q=Gab");

    const grade = screen.getByRole("combobox", { name: "Grade" });
    expect(
      within(grade)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All", "A", "B", "C", "D", "F"]);
    await user.selectOptions(grade, "A");
    const market = screen.getByRole("combobox", { name: "Target market" });
    expect(
      within(market)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All", "United States", "Canada", "Europe", "UK", "Australia", "Asia", "Global"]);
    await user.selectOptions(market, "United States");
    // Spec §8: the market filter's toast.
    expect(await screen.findByText("Market Filter Applied")).toBeInTheDocument();
    expect(screen.getByText("Showing accounts targeting United States")).toBeInTheDocument();
    const sort = screen.getByRole("combobox", { name: "Sort by" });
    expect(
      within(sort)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Most Recent", "Oldest First", "Highest Engagement", "Most Followers"]);
    await user.selectOptions(sort, "Most Followers");
    await waitFor(() =>
      expect(historyCalls(calls).at(-1)).toBe(
        "/api/accounts?scope=history&limit=100&sort=followers&q=Gab&grade=A&market=united+states",
      ),
    );
    await user.selectOptions(sort, "Highest Engagement");
    await waitFor(() => expect(historyCalls(calls).at(-1)).toContain("sort=engagement"));
    await user.selectOptions(sort, "Oldest First");
    await waitFor(() => expect(historyCalls(calls).at(-1)).toContain("sort=oldest"));
  });

  it("says when there is nothing yet, and when nothing matches the filters (with a way back)", async () => {
    const { calls } = visit(TEST_USER, { "GET /api/accounts": { json: [] } });
    expect(await screen.findByText("No accounts yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Analyze an account" })).toHaveAttribute("href", "/");
    fireEvent.change(screen.getByRole("combobox", { name: "Grade" }), { target: { value: "F" } });
    expect(await screen.findByText("No accounts match these filters")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(await screen.findByText("No accounts yet")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Grade" })).toHaveValue("");
    expect(historyCalls(calls)).toEqual([
      "/api/accounts?scope=history&limit=100&sort=recent",
      "/api/accounts?scope=history&limit=100&sort=recent&grade=F",
    ]);
  });

  it("says so when the history cannot be loaded", async () => {
    visit(TEST_USER, {
      "GET /api/accounts": { status: 500, json: { message: "Something went wrong on our side." } },
    });
    expect(
      await screen.findByText("Your history could not be loaded: Something went wrong on our side."),
    ).toBeInTheDocument();
  });

  it("'View' keeps the account and opens /report/{username}", async () => {
    const { location, queryClient } = visit(TEST_USER);
    const t = await table();
    const account = ROWS[1]!;
    const link = within(t).getByRole("link", { name: `View report for @${account.username}` });
    expect(link).toHaveTextContent("View");
    expect(link).toHaveAttribute("href", `/report/${account.username}`);
    fireEvent.click(link);
    expect(location.history?.at(-1)).toBe(`/report/${account.username}`);
    expect(queryClient.getQueryData(accountQueryKey(account.username))).toEqual(account);
  });

  it("gives the admin a refresh button per row: spinner, 'Account refreshed', and the list asked again", async () => {
    const account = ROWS[1]!;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = visit(ADMIN, {
      [`POST /api/accounts/${account.username}/refresh`]: () => ({
        json: { ...account, followers: 123_456 },
      }),
    });
    const t = await table();
    const before = historyCalls(calls).length;
    const button = within(t).getByRole("button", { name: `Refresh @${account.username}` });
    // Hold the answer to see the spinner.
    const fetchMock = globalThis.fetch as unknown as (...a: unknown[]) => Promise<Response>;
    const slow = async (...args: unknown[]) => {
      if (String(args[0]).endsWith("/refresh")) await gate;
      return fetchMock(...args);
    };
    globalThis.fetch = slow as typeof fetch;
    fireEvent.click(button);
    expect(await within(t).findByText(`Refreshing @${account.username}`)).toBeInTheDocument();
    expect(button).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByText("Account refreshed")).toBeInTheDocument();
    expect(screen.getByText(`Successfully refreshed data for @${account.username}`)).toBeInTheDocument();
    const refresh = calls.find((c) => c.url.endsWith("/refresh"))!;
    expect(refresh).toMatchObject({ method: "POST", body: { platform: account.platform } });
    await waitFor(() => expect(historyCalls(calls).length).toBe(before + 1));
    await waitFor(() => expect(button).toBeEnabled());
  });

  it("says 'Error refreshing account' with the server's message when a refresh fails", async () => {
    const account = ROWS[0]!;
    visit(ADMIN, {
      [`POST /api/accounts/${account.username}/refresh`]: {
        status: 503,
        json: { message: "Instagram could not be reached. Please try again later." },
      },
    });
    const t = await table();
    fireEvent.click(within(t).getByRole("button", { name: `Refresh @${account.username}` }));
    expect(await screen.findByText("Error refreshing account")).toBeInTheDocument();
    expect(screen.getByText("Instagram could not be reached. Please try again later.")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(t).getByRole("button", { name: `Refresh @${account.username}` })).toBeEnabled(),
    );
  });
});
