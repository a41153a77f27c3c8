// @vitest-environment jsdom
import "../../testing/dom";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { MODEL_FIGURES_LABEL } from "#core/model-figures";
import type { ListDetail } from "#core/schemas/lists";
import type { SiteSearchResult } from "#core/schemas/search";
import { RecentAccounts } from "../../features/accounts/components/recent-accounts";
import { DiscoveryView } from "../../features/discovery/components/discovery-view";
import { DISCOVERY_ROWS, discoveryResponse } from "../../features/discovery/testing/discovery-fixture";
import { makeRealAccount, SAMPLE } from "../../features/report/testing/account-fixture";
import { ListsPage } from "../../pages/lists-page";
import { SearchPage } from "../../pages/search-page";
import { mockSession, renderWithApp, TEST_USER } from "../../testing/render";
import { AccountCell } from "./account-cell";
import { AccountNameCell } from "./account-list-cells";
import { ModelFiguresMarker } from "./model-figures-marker";

/** Issue #24 item 6: figures from the model's web search are marked wherever a number appears. */
const marker = () => screen.queryByRole("img", { name: MODEL_FIGURES_LABEL });

describe("ModelFiguresMarker", () => {
  it("shows 'Model estimate', named and titled as the model's web search, not measured", () => {
    render(<ModelFiguresMarker show />);
    const m = screen.getByRole("img", { name: "From the model's web search — not measured" });
    expect(m).toHaveTextContent("Model estimate");
    expect(m).toHaveAttribute("title", MODEL_FIGURES_LABEL);
  });

  it("renders nothing for measured figures", () => {
    const { container } = render(<ModelFiguresMarker show={false} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("the list name cell and the discovery/finder account cell carry it only when asked", () => {
    const { rerender } = render(
      <AccountNameCell
        name="Web Guess"
        username="webguess"
        detail="42K followers"
        isSample={false}
        modelFigures
      />,
    );
    expect(marker()).toBeInTheDocument();
    rerender(
      <AccountNameCell name="Web Guess" username="webguess" detail="42K followers" isSample={false} />,
    );
    expect(marker()).not.toBeInTheDocument();
    rerender(
      <AccountCell
        username="webguess"
        name="Web Guess"
        verified={false}
        loading={false}
        onReport={() => undefined}
        modelFigures
      />,
    );
    expect(marker()).toBeInTheDocument();
  });
});

describe("model figures in the lists", () => {
  it("the recent accounts list marks a web-search estimate and not a measured account", async () => {
    const estimated = makeRealAccount(SAMPLE.plain, {
      username: "webguess",
      name: "Web Guess",
      source: "web-search",
    });
    const measured = makeRealAccount(SAMPLE.sponsored);
    mockSession({ extra: { "GET /api/accounts": { json: [estimated, measured] } } });
    renderWithApp(<RecentAccounts />);
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByRole("img", { name: MODEL_FIGURES_LABEL })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole("img", { name: MODEL_FIGURES_LABEL })).not.toBeInTheDocument();
  });

  it("site search marks a result whose figures the model estimated", async () => {
    const base: SiteSearchResult = {
      platform: "instagram",
      username: "webguess",
      name: "Web Guess",
      industry: "Food",
      grade: null,
      followers: 42_000,
      engagementRate: 2.1,
      verified: false,
      isSample: false,
      modelFigures: true,
      lastUpdated: "2026-01-10T12:00:00.000Z",
    };
    const other = { ...base, username: "measured", name: "Measured One", modelFigures: false };
    mockSession({ extra: { "GET /api/search": { json: { query: "w", results: [base, other] } } } });
    renderWithApp(<SearchPage />, { path: "/search?q=w" });
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByRole("img", { name: MODEL_FIGURES_LABEL })).toHaveTextContent(
      "Model estimate",
    );
    expect(within(rows[1]!).queryByRole("img", { name: MODEL_FIGURES_LABEL })).not.toBeInTheDocument();
  });

  it("discovery rows mark a row whose figures the model estimated", async () => {
    const rows = DISCOVERY_ROWS.map((r, i) => ({ ...r, modelFigures: i === 0 }));
    mockSession({ extra: { "POST /api/discovery/search": { json: discoveryResponse(rows) } } });
    renderWithApp(<DiscoveryView onGenerateReport={vi.fn(async () => undefined)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Find Influencers" }));
    const shown = await screen.findAllByTestId("discovery-row");
    const marked = shown.filter((row) => within(row).queryByRole("img", { name: MODEL_FIGURES_LABEL }));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveTextContent(`@${DISCOVERY_ROWS[0]!.username}`);
  });

  it("a list marks the creator whose figures the model estimated", async () => {
    const base = {
      platform: "instagram" as const,
      name: "Someone",
      followers: 12_300,
      engagementRate: 3.2,
      grade: null,
      estimatedPostValue: null,
      estimatedCostLow: null,
      estimatedCostHigh: null,
      reportDate: "2026-11-20T10:00:00.000Z",
      isSample: false,
      note: "",
      status: "prospect" as const,
      addedAt: "2026-11-21T10:00:00.000Z",
    };
    const list: ListDetail = {
      id: 7,
      name: "Food",
      items: [
        { ...base, id: 1, username: "webguess", modelFigures: true },
        { ...base, id: 2, username: "measured", modelFigures: false },
      ],
      totals: {
        creators: 2,
        followers: 24_600,
        estimatedCostLow: null,
        estimatedCostHigh: null,
        costEstimatedFor: 0,
      },
    };
    mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/lists": {
          json: [
            {
              id: 7,
              name: "Food",
              creators: 2,
              createdAt: "2026-11-20T10:00:00.000Z",
              updatedAt: "2026-11-21T10:00:00.000Z",
            },
          ],
        },
        "GET /api/lists/7": { json: list },
      },
    });
    renderWithApp(<Route path="/lists/:id" component={ListsPage} />, { path: "/lists/7" });
    const rows = await screen.findAllByTestId("list-item");
    expect(within(rows[0]!).getByRole("img", { name: MODEL_FIGURES_LABEL })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole("img", { name: MODEL_FIGURES_LABEL })).not.toBeInTheDocument();
  });
});
