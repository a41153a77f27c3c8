// @vitest-environment jsdom
import "../../../testing/dom";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SiteSearchResult } from "#core/schemas/search";
import { SearchPage } from "../../../pages/search-page";
import { mockSession, renderWithApp } from "../../../testing/render";

const RESULT: SiteSearchResult = {
  platform: "tiktok",
  username: "chef.marco",
  name: "Marco Rossi",
  industry: "Food",
  grade: "A-",
  followers: 1_250_000,
  engagementRate: 4.2,
  verified: true,
  isSample: false,
  lastUpdated: "2026-01-10T12:00:00.000Z",
};

describe("/search page", () => {
  it("lists matching stored reports with platform, grade and 'View Report'", async () => {
    const { calls } = mockSession({
      extra: { "GET /api/search": { json: { query: "marco", results: [RESULT] } } },
    });
    renderWithApp(<SearchPage />, { path: "/search?q=marco" });
    const table = await screen.findByRole("table");
    expect(calls.find((c) => c.url.startsWith("/api/search"))?.url).toBe("/api/search?q=marco");
    const row = within(table).getAllByRole("row")[1]!;
    expect(row).toHaveTextContent("Marco Rossi");
    expect(row).toHaveTextContent("@chef.marco · Food");
    expect(row).toHaveTextContent("TikTok");
    expect(row).toHaveTextContent("1.3M");
    expect(within(row).getByText("A-")).toHaveAttribute("data-tone", "good");
    expect(within(row).getByRole("link", { name: "View Report for @chef.marco on TikTok" })).toHaveAttribute(
      "href",
      "/report/tiktok/chef.marco",
    );
    expect(screen.getByLabelText("Search term")).toHaveValue("marco");
  });

  it("offers to analyse the term as a handle when nothing matches", async () => {
    mockSession({ extra: { "GET /api/search": { json: { query: "@Some One", results: [] } } } });
    renderWithApp(<SearchPage />, { path: "/search?q=%40Some%20One" });
    const empty = await screen.findByTestId("search-empty");
    expect(empty).toHaveTextContent('No stored reports match "@Some One".');
    expect(within(empty).getByRole("link", { name: "Analyze @someone on Instagram" })).toHaveAttribute(
      "href",
      "/influencer-insight/instagram/someone",
    );
  });

  it("shows the server's message when the search is refused", async () => {
    mockSession({
      extra: { "GET /api/search": { status: 400, json: { message: "q must be at most 100 characters" } } },
    });
    renderWithApp(<SearchPage />, { path: "/search?q=abc" });
    expect(await screen.findByRole("alert")).toHaveTextContent("q must be at most 100 characters");
  });

  it("searches for what is typed, through the address", async () => {
    mockSession({ extra: { "GET /api/search": { json: { query: "x", results: [] } } } });
    const { location } = renderWithApp(<SearchPage />, { path: "/search" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Search term"), { target: { value: " jane doe " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(location.history?.at(-1)).toBe("/search?q=jane%20doe");
  });
});
