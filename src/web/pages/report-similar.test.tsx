// @vitest-environment jsdom
import "../testing/dom";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import type { DiscoveryResult } from "#core/schemas/discovery";
import type { ListDetail } from "#core/schemas/lists";
import type { SimilarResponse } from "#core/schemas/similar";
import { AppRouter } from "../app/router";
import { compareSelection } from "../features/compare";
import { makeAccount, SAMPLE } from "../features/report/testing/account-fixture";
import { mockSession, renderWithApp, TEST_USER } from "../testing/render";
import { ListsPage } from "./lists-page";

const ACCOUNT = makeAccount(SAMPLE.plain);

class FakeResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal("ResizeObserver", FakeResizeObserver);
});
afterEach(() => {
  toast.dismiss();
  compareSelection.clear();
});

const SIMILAR: SimilarResponse = {
  results: [
    {
      platform: "instagram",
      username: "fit_ben",
      name: "Ben",
      followers: 55_000,
      similarity: 0.82,
      why: ["both post about hiit, pilates", "both in Canada", "both 10K–100K followers"],
      isSample: true,
      origin: "sample",
      industry: "Fitness",
    },
  ],
};

function visit(similar: { status?: number; json?: unknown }) {
  const api = mockSession({
    extra: {
      "GET /api/accounts": { json: [ACCOUNT] },
      "GET /api/accounts/gabrielthomas": { json: ACCOUNT },
      "GET /api/accounts/gabrielthomas/similar": similar,
    },
  });
  return { ...api, ...renderWithApp(<AppRouter />, { path: "/report/instagram/gabrielthomas" }) };
}

describe("report page: similar creators (issue #36)", () => {
  it("lists similar creators with why, their similarity, the sample label and Add to list / Compare", async () => {
    const { calls } = visit({ json: SIMILAR });
    const section = await screen.findByTestId("similar-creators", {}, { timeout: 3000 });
    expect(within(section).getByRole("heading", { name: "Similar creators" })).toBeInTheDocument();
    const row = await within(section).findByRole("listitem");
    expect(within(row).getByRole("link", { name: "@fit_ben" })).toHaveAttribute(
      "href",
      "/report/instagram/fit_ben",
    );
    expect(within(row).getByTestId("similar-why")).toHaveTextContent(
      "both post about hiit, pilates; both in Canada; both 10K–100K followers",
    );
    expect(row).toHaveTextContent("82% alike");
    expect(row).toHaveTextContent("Sample data");
    expect(within(row).getByRole("button", { name: "Add @fit_ben to a list" })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Compare @fit_ben" }));
    expect(compareSelection.get().map((a) => a.username)).toContain("fit_ben");
    expect(calls.map((c) => c.url)).toContain(
      "/api/accounts/gabrielthomas/similar?platform=instagram&limit=10",
    );
  });

  it("says so when none is close enough", async () => {
    visit({ json: { results: [] } });
    const section = await screen.findByTestId("similar-creators", {}, { timeout: 3000 });
    expect(
      await within(section).findByText("No creator in this index is close enough yet."),
    ).toBeInTheDocument();
  });
});

const LIST: ListDetail = {
  id: 7,
  name: "Fitness",
  items: ["fit_anna", "fit_ben", "fit_cara"].map((username, i) => ({
    id: i + 1,
    platform: "instagram" as const,
    username,
    name: username,
    followers: 40_000,
    engagementRate: 3,
    grade: "A" as const,
    estimatedPostValue: null,
    estimatedCostLow: null,
    estimatedCostHigh: null,
    reportDate: null,
    isSample: false,
    note: "",
    status: "prospect" as const,
    addedAt: "2026-11-21T10:00:00.000Z",
  })),
  totals: {
    creators: 3,
    followers: 120_000,
    estimatedCostLow: null,
    estimatedCostHigh: null,
    costEstimatedFor: 0,
  },
};

const DAN: DiscoveryResult = {
  username: "fit_dan",
  platform: "instagram",
  name: "Dan",
  verified: false,
  followers: 30_000,
  matchPercentage: 64,
  industry: "Fitness",
  description: "Gym workouts and HIIT circuits",
  engagementRate: "N/A",
  countries: ["Canada"],
  isSample: false,
  origin: "report",
  figures: { kind: "report", readAt: "2026-11-20T10:00:00.000Z" },
  matchBreakdown: [
    {
      criterion: "similarity",
      label: "Similar content",
      points: 49,
      max: 75,
      detail: "both post about hiit",
    },
    { criterion: "industry", label: "Industry", points: 10, max: 10, detail: "Fitness, like the seeds" },
    { criterion: "markets", label: "Markets", points: 0, max: 10, detail: "no market in common" },
    { criterion: "followers", label: "Size", points: 5, max: 5, detail: "10K–100K followers" },
  ],
};

describe("lists page: lookalikes (issue #36)", () => {
  it("finds lookalikes of the list's creators, asking to leave the list's own out", async () => {
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/lists": {
          json: [
            {
              id: 7,
              name: "Fitness",
              creators: 3,
              createdAt: LIST.items[0]!.addedAt,
              updatedAt: LIST.items[0]!.addedAt,
            },
          ],
        },
        "GET /api/lists/7": { json: LIST },
        "POST /api/discovery/lookalikes": { json: { results: [DAN], total: 1, page: 1, pageSize: 20 } },
      },
    });
    renderWithApp(<Route path="/lists/:id" component={ListsPage} />, { path: "/lists/7" });
    await userEvent.click(await screen.findByRole("button", { name: "Find lookalikes of this list" }));
    const panel = screen.getByTestId("lookalikes");
    expect(await within(panel).findByRole("link", { name: "@fit_dan" })).toBeInTheDocument();
    expect(panel).toHaveTextContent("64% match");
    expect(panel).toHaveTextContent("Similar content 49/75: both post about hiit");
    expect(within(panel).getByRole("button", { name: "Compare @fit_dan" })).toBeInTheDocument();
    const sent = calls.find((c) => c.url === "/api/discovery/lookalikes")!.body as {
      seeds: { username: string }[];
      excludeListId: number;
    };
    expect(sent.excludeListId).toBe(7);
    expect(sent.seeds.map((s) => s.username)).toEqual(["fit_anna", "fit_ben", "fit_cara"]);
  });
});
