// @vitest-environment jsdom
import "../../../testing/dom";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockSession, renderWithApp } from "../../../testing/render";
import { makeAccount, SAMPLE } from "../../report/testing/account-fixture";
import { RecentAccounts } from "./recent-accounts";

const ACCOUNTS = [makeAccount(SAMPLE.verified), makeAccount(SAMPLE.plain), makeAccount(SAMPLE.private)];

describe("RecentAccounts", () => {
  it("says 'Loading accounts...' and then lists them in a table and as cards", async () => {
    const { calls } = mockSession({ extra: { "GET /api/accounts": { json: ACCOUNTS } } });
    renderWithApp(<RecentAccounts />);
    expect(screen.getByRole("heading", { name: "Recently Viewed Accounts" })).toBeInTheDocument();
    expect(screen.getByText("Loading accounts...")).toBeInTheDocument();
    const table = await screen.findByRole("table");
    expect(calls.find((c) => c.url.startsWith("/api/accounts"))?.url).toBe("/api/accounts?limit=10");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Account", "Platform", "Grade", "Engagement", "Actions"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const first = rows[0]!;
    expect(first).toHaveTextContent("@caseynguyen · 1.1M followers · sample data");
    expect(first).toHaveTextContent("Instagram");
    expect(within(first).getByText(ACCOUNTS[0]!.grade!)).toHaveAttribute("data-tone", "good");
    const link = within(first).getByRole("link", { name: "View Report for @caseynguyen" });
    expect(link).toHaveAttribute("href", "/report/instagram/caseynguyen");
    // The private account has no grade and no engagement.
    expect(rows[2]).toHaveTextContent("N/A");
    // Small screens: the same accounts as cards.
    const cards = screen.getByTestId("recent-accounts-cards");
    expect(within(cards).getAllByRole("listitem")).toHaveLength(3);
    expect(within(cards).getAllByRole("link", { name: /^View Report for @/ })).toHaveLength(3);
  });

  it("says 'No recent accounts found' when there are none", async () => {
    mockSession({ extra: { "GET /api/accounts": { json: [] } } });
    renderWithApp(<RecentAccounts />);
    expect(await screen.findByText("No recent accounts found")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("says so when the list cannot be loaded", async () => {
    mockSession({ extra: { "GET /api/accounts": { status: 500, json: { message: "boom" } } } });
    renderWithApp(<RecentAccounts />);
    expect(await screen.findByText(/Recent accounts could not be loaded/)).toBeInTheDocument();
  });

  it("'View Report' hands the account over and goes to its report", async () => {
    mockSession({ extra: { "GET /api/accounts": { json: ACCOUNTS } } });
    const onSelect = vi.fn();
    const { location } = renderWithApp(<RecentAccounts onSelect={onSelect} />);
    const table = await screen.findByRole("table");
    fireEvent.click(within(table).getByRole("link", { name: "View Report for @gabrielthomas" }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ username: "gabrielthomas" }));
    expect(location.history?.at(-1)).toBe("/report/instagram/gabrielthomas");
  });
});
