// @vitest-environment jsdom
import "../../../testing/dom";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DiscoveryResult, WebCandidatesNote } from "#core/schemas/discovery";
import { INDUSTRIES } from "#core/taxonomy";
import { mockSession, renderWithApp } from "../../../testing/render";
import {
  DISCOVERY_ROWS,
  discoveryResponse,
  ROWS_WITH_WEB,
  WEB_NOTES,
  WEB_ROW,
} from "../testing/discovery-fixture";
import { WEB_CANDIDATES_HINT, WEB_CANDIDATES_LABEL } from "./discovery-form";
import type { GenerateReport } from "./discovery-results";
import { DiscoveryView, SEARCHING_WEB_TEXT } from "./discovery-view";
import { FOUND_ON_WEB_LABEL, foundOnWebExplanation, WEB_CANDIDATES_TITLES } from "./web-candidates";

type Extra = NonNullable<Parameters<typeof mockSession>[0]>["extra"];

afterEach(() => {
  toast.dismiss();
});

function searchCalls(calls: { method: string; url: string; body: unknown }[]) {
  return calls.filter((c) => c.method === "POST" && c.url === "/api/discovery/search");
}

function setup(
  extra: Extra = {},
  onGenerateReport: GenerateReport = vi.fn(async () => undefined),
  { offerWebCandidates = false } = {},
) {
  const api = mockSession({
    extra: { "POST /api/discovery/search": { json: discoveryResponse() }, ...extra },
  });
  const view = renderWithApp(
    <DiscoveryView
      onGenerateReport={onGenerateReport}
      now={() => new Date("2026-05-01T12:00:00Z")}
      offerWebCandidates={offerWebCandidates}
    />,
  );
  return { ...api, ...view, user: userEvent.setup(), onGenerateReport };
}

/** Fills the form (Fitness, Canada and Europe) and waits for the results. */
async function searchFitness(user: ReturnType<typeof userEvent.setup>) {
  const form = screen.getByRole("form", { name: "Discovery search" });
  await user.selectOptions(within(form).getByLabelText("Industry"), "Fitness");
  await user.click(within(form).getByRole("checkbox", { name: "Canada" }));
  await user.click(within(form).getByRole("checkbox", { name: "Europe" }));
  await user.click(within(form).getByRole("button", { name: "Find Influencers" }));
  return screen.findByRole("heading", {
    name: /^Found (about )?[\d,]+ Instagram accounts? matching your criteria$/,
  });
}

function rowNames() {
  return screen
    .getAllByTestId("discovery-row")
    .map((row) => within(row).getAllByRole("button")[0]!.textContent);
}

function footer() {
  return screen.getByText(/^Showing \d+ of \d+ results$/);
}

describe("DiscoveryView: the form", () => {
  it("has the spec's fields, options and labels", () => {
    setup();
    const form = screen.getByRole("form", { name: "Discovery search" });
    const platform = within(form).getByLabelText("Platform") as HTMLSelectElement;
    expect(platform.value).toBe("instagram");
    expect([...platform.options].map((o) => o.textContent)).toEqual(["Instagram", "TikTok", "YouTube"]);
    const range = within(form).getByLabelText("Follower range") as HTMLSelectElement;
    expect([...range.options].map((o) => [o.value, o.textContent])).toEqual([
      ["less_than_10k", "Less than 10K"],
      ["10k_to_100k", "10K - 100K"],
      ["100k_to_1mil", "100K - 1M"],
      ["1mil_plus", "1M+"],
    ]);
    const industry = within(form).getByLabelText("Industry") as HTMLSelectElement;
    expect([...industry.options].map((o) => o.value)).toEqual(["any", ...INDUSTRIES]);
    const markets = within(within(form).getByRole("group", { name: "Target markets" })).getAllByRole(
      "checkbox",
    );
    expect(markets.map((m) => [(m as HTMLInputElement).value, m.parentElement?.textContent])).toEqual([
      ["united states", "United States"],
      ["canada", "Canada"],
      ["europe", "Europe"],
      ["uk", "UK"],
      ["australia", "Australia"],
      ["asia", "Asia"],
      ["global", "Global"],
    ]);
    expect(screen.queryByRole("button", { name: /Discovery Form/ })).not.toBeInTheDocument();
  });

  it("sends the criteria, reads 'Searching...' while busy, then hides the form behind the toggle", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, calls, fetchMock } = setup();
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args: Parameters<typeof fetch>) => {
      if (String(args[0]) === "/api/discovery/search") await gate;
      return original(...args);
    });
    const form = screen.getByRole("form", { name: "Discovery search" });
    await user.selectOptions(within(form).getByLabelText("Platform"), "instagram");
    await user.selectOptions(within(form).getByLabelText("Follower range"), "10k_to_100k");
    await user.selectOptions(within(form).getByLabelText("Industry"), "Fitness");
    await user.click(within(form).getByRole("checkbox", { name: "Europe" }));
    await user.click(within(form).getByRole("checkbox", { name: "Canada" }));
    await user.click(within(form).getByRole("button", { name: "Find Influencers" }));
    expect(await screen.findByRole("button", { name: "Searching..." })).toBeDisabled();
    await act(async () => release());
    await screen.findByRole("heading", { name: "Found 6 Instagram accounts matching your criteria" });
    expect(searchCalls(calls)).toHaveLength(1);
    // Markets in the form's order, whatever the clicking order.
    expect(searchCalls(calls)[0]!.body).toEqual({
      platform: "instagram",
      followerRange: "10k_to_100k",
      industry: "Fitness",
      targetMarkets: ["canada", "europe"],
    });

    expect(screen.queryByRole("form", { name: "Discovery search" })).not.toBeInTheDocument();
    const show = screen.getByRole("button", { name: "Show Discovery Form" });
    expect(show).toHaveAttribute("aria-expanded", "false");
    await user.click(show);
    const again = screen.getByRole("form", { name: "Discovery search" });
    // The form keeps what was asked.
    expect(within(again).getByLabelText("Industry")).toHaveValue("Fitness");
    expect(within(again).getByRole("checkbox", { name: "Canada" })).toBeChecked();
    const hide = screen.getByRole("button", { name: "Hide Discovery Form" });
    expect(hide).toHaveAttribute("aria-expanded", "true");
    await user.click(hide);
    expect(screen.queryByRole("form", { name: "Discovery search" })).not.toBeInTheDocument();
    // The results stay throughout.
    expect(screen.getAllByTestId("discovery-row")).toHaveLength(6);
  });

  it("empty results: the spec's texts, and the form stays to adjust the criteria", async () => {
    const { user } = setup({ "POST /api/discovery/search": { json: discoveryResponse([], 0) } });
    await user.click(screen.getByRole("button", { name: "Find Influencers" }));
    expect(await screen.findByRole("heading", { name: "No results found" })).toBeInTheDocument();
    expect(
      screen.getByText("Try adjusting your search criteria or try a different combination of filters."),
    ).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Discovery search" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Discovery Form/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("a failed search says why and keeps the form", async () => {
    const { user } = setup({
      "POST /api/discovery/search": {
        status: 400,
        json: { message: 'targetMarkets: "mars" is not a market', code: "VALIDATION_ERROR" },
      },
    });
    await user.click(screen.getByRole("button", { name: "Find Influencers" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Search failed");
    expect(alert).toHaveTextContent('targetMarkets: "mars" is not a market');
    expect(screen.getByRole("button", { name: "Find Influencers" })).toBeEnabled();
  });

  it("a server that is down gives a plain message", async () => {
    const { user } = setup({ "POST /api/discovery/search": { status: 502, text: "" } });
    await user.click(screen.getByRole("button", { name: "Find Influencers" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("502:");
  });
});

describe("DiscoveryView: results", () => {
  it("header, criteria badges, columns and each cell", async () => {
    const { user } = setup({
      "POST /api/discovery/search": { json: discoveryResponse(DISCOVERY_ROWS, 240) },
    });
    await searchFitness(user);
    expect(
      screen.getByRole("heading", { name: "Found 240 Instagram accounts matching your criteria" }),
    ).toHaveFocus();
    const badges = within(screen.getByRole("list", { name: "Search criteria" })).getAllByRole("listitem");
    expect(badges.map((b) => b.textContent)).toEqual([
      "Instagram",
      "10K - 100K",
      "Fitness",
      "2 target markets",
    ]);
    expect(
      screen.getByText("The 6 best matches are listed, ranked by match % and then engagement."),
    ).toBeInTheDocument();

    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Account", "Followers", "Match %", "Details", "Engagement", "Markets"]);

    const [anna, , carl, zed, alma, yui] = screen.getAllByTestId("discovery-row");
    const cells = (row: HTMLElement) => within(row).getAllByRole("cell");
    // Account: @username (a button), the verified mark, the name.
    expect(within(anna!).getByRole("button", { name: "Generate report for @fit_anna" })).toHaveTextContent(
      "@fit_anna",
    );
    expect(within(anna!).getByText("Verified")).toBeInTheDocument();
    expect(within(alma!).queryByText("Verified")).not.toBeInTheDocument();
    expect(cells(anna!)[0]).toHaveTextContent("Anna Fit");
    expect(cells(yui!)[0]).toHaveTextContent("Sample data");
    // Followers formatted with K/M and one decimal.
    expect(cells(anna!)[1]).toHaveTextContent("45.2K");
    expect(cells(zed!)[1]).toHaveTextContent("98.0K");
    // Details: industry badge and description; engagement as sent.
    expect(cells(carl!)[3]).toHaveTextContent("Health & Wellness");
    expect(cells(carl!)[3]).toHaveTextContent('Coach, "wellness" nerd');
    expect(cells(anna!)[4]).toHaveTextContent("2.1%");
    expect(cells(alma!)[4]).toHaveTextContent("N/A");
    // Markets: the first three, then +N.
    expect(within(cells(anna!)[5]!).getByText("United States")).toBeInTheDocument();
    expect(within(cells(anna!)[5]!).getByText("United Kingdom")).toBeInTheDocument();
    expect(within(cells(anna!)[5]!).queryByText("Germany")).not.toBeInTheDocument();
    expect(within(anna!).getByTestId("more-markets")).toHaveTextContent("+2: Germany, France");
    expect(within(anna!).getByTestId("more-markets")).toHaveAttribute("title", "Germany, France");
    expect(within(zed!).getByTestId("more-markets")).toHaveTextContent("+1");
    expect(within(carl!).queryByTestId("more-markets")).not.toBeInTheDocument();
    expect(cells(alma!)[5]).toHaveTextContent("N/A");
    expect(footer()).toHaveTextContent("Showing 6 of 6 results");
  });

  it("match badges: 80+ default, 60+ secondary, otherwise outline", async () => {
    const { user } = setup();
    await searchFitness(user);
    const tone = (username: string) =>
      screen
        .getAllByTestId("discovery-row")
        .find((row) => within(row).queryByRole("button", { name: `Generate report for @${username}` }))!
        .querySelector("[data-tone]")!
        .getAttribute("data-tone");
    expect(tone("fit_anna")).toBe("default"); // 92
    expect(tone("fit_bo")).toBe("default"); // 81
    expect(tone("coach_carl")).toBe("secondary"); // 72
    expect(tone("zed_fitness")).toBe("secondary"); // 65
    expect(tone("alma.moves")).toBe("outline"); // 55
    expect(tone("yoga_yui")).toBe("outline"); // 40
  });

  it("'Search accounts...' filters on username, name, description and industry", async () => {
    const { user } = setup();
    await searchFitness(user);
    const box = screen.getByPlaceholderText("Search accounts...");
    expect(box).toHaveAccessibleName("Search accounts");
    await user.type(box, "carl");
    expect(rowNames()).toEqual(["@coach_carl"]);
    expect(footer()).toHaveTextContent("Showing 1 of 6 results");
    await user.clear(box);
    await user.type(box, "@FIT_");
    expect(rowNames()).toEqual(["@fit_anna", "@fit_bo"]);
    await user.clear(box);
    await user.type(box, "alps");
    expect(rowNames()).toEqual(["@alma.moves"]);
    await user.clear(box);
    await user.type(box, "wellness");
    expect(rowNames()).toEqual(["@coach_carl", "@yoga_yui"]);
    await user.clear(box);
    await user.type(box, "no such creator");
    expect(screen.getByText("No accounts match these filters.")).toBeInTheDocument();
    expect(footer()).toHaveTextContent("Showing 0 of 6 results");
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  });

  it.each([
    ["0", 6],
    ["50", 5],
    ["70", 3],
    ["80", 2],
  ])("minimum match %s keeps %i rows", async (value, count) => {
    const { user } = setup();
    await searchFitness(user);
    const select = screen.getByLabelText("Minimum match") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["All matches", "50%+", "70%+", "80%+"]);
    await user.selectOptions(select, value);
    expect(screen.getAllByTestId("discovery-row")).toHaveLength(count);
    expect(footer()).toHaveTextContent(`Showing ${count} of 6 results`);
  });

  it("min match and the text filter combine", async () => {
    const { user } = setup();
    await searchFitness(user);
    await user.selectOptions(screen.getByLabelText("Minimum match"), "70");
    await user.type(screen.getByPlaceholderText("Search accounts..."), "fitness");
    // zed_fitness (65%) is a Fitness creator but under 70%.
    expect(rowNames()).toEqual(["@fit_anna", "@fit_bo"]);
  });

  it.each([
    [
      "Match % (high to low)",
      ["@fit_anna", "@fit_bo", "@coach_carl", "@zed_fitness", "@alma.moves", "@yoga_yui"],
    ],
    [
      "Match % (low to high)",
      ["@yoga_yui", "@alma.moves", "@zed_fitness", "@coach_carl", "@fit_bo", "@fit_anna"],
    ],
    [
      "Followers (high to low)",
      ["@zed_fitness", "@coach_carl", "@fit_anna", "@alma.moves", "@fit_bo", "@yoga_yui"],
    ],
    [
      "Followers (low to high)",
      ["@yoga_yui", "@fit_bo", "@alma.moves", "@fit_anna", "@coach_carl", "@zed_fitness"],
    ],
    ["Username (A-Z)", ["@alma.moves", "@coach_carl", "@fit_anna", "@fit_bo", "@yoga_yui", "@zed_fitness"]],
    ["Username (Z-A)", ["@zed_fitness", "@yoga_yui", "@fit_bo", "@fit_anna", "@coach_carl", "@alma.moves"]],
  ])("sort '%s'", async (label, expected) => {
    const { user } = setup();
    await searchFitness(user);
    await user.selectOptions(screen.getByLabelText("Sort by"), screen.getByRole("option", { name: label }));
    expect(rowNames()).toEqual(expected);
  });

  it("column headers Account, Followers and Match % sort too, and say how", async () => {
    const { user } = setup();
    await searchFitness(user);
    const header = (name: string) => screen.getByRole("columnheader", { name: new RegExp(`^${name}`) });
    const sortBy = screen.getByLabelText("Sort by") as HTMLSelectElement;
    expect(header("Match %")).toHaveAttribute("aria-sort", "descending");

    await user.click(within(header("Account")).getByRole("button"));
    expect(rowNames()[0]).toBe("@alma.moves");
    expect(header("Account")).toHaveAttribute("aria-sort", "ascending");
    expect(header("Match %")).toHaveAttribute("aria-sort", "none");
    expect(sortBy.value).toBe("username-asc");
    await user.click(within(header("Account")).getByRole("button"));
    expect(rowNames()[0]).toBe("@zed_fitness");
    expect(header("Account")).toHaveAttribute("aria-sort", "descending");

    await user.click(within(header("Followers")).getByRole("button"));
    expect(rowNames()).toEqual([
      "@zed_fitness",
      "@coach_carl",
      "@fit_anna",
      "@alma.moves",
      "@fit_bo",
      "@yoga_yui",
    ]);
    await user.click(within(header("Followers")).getByRole("button"));
    expect(rowNames()[0]).toBe("@yoga_yui");
    expect(sortBy.value).toBe("followers-asc");

    await user.click(within(header("Match %")).getByRole("button"));
    expect(rowNames()[0]).toBe("@fit_anna");
    await user.click(within(header("Match %")).getByRole("button"));
    expect(rowNames()[0]).toBe("@yoga_yui");
    expect(header("Match %")).toHaveAttribute("aria-sort", "ascending");
  });

  it("moves the focus to the results' heading as they appear, even in a tab that draws no frames", async () => {
    // A background tab runs no animation frames: a focus move waiting for one came later, and took the
    // focus from wherever the user had put it (issue #26: on Node 24 it came after an Enter like the one below).
    vi.stubGlobal("requestAnimationFrame", () => 0);
    const { user } = setup();
    const heading = await searchFitness(user);
    expect(heading).toHaveFocus();
    const toggle = screen.getByRole("button", { name: "92% match: show why" });
    act(() => toggle.focus());
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveFocus();
  });

  it("each row's match breakdown opens on focus and hover, and stays open when clicked", async () => {
    const { user } = setup();
    await searchFitness(user);
    const toggle = screen.getByRole("button", { name: "92% match: show why" });
    // Keyboard focus shows the tooltip.
    act(() => toggle.focus());
    const tip = await screen.findByRole("tooltip");
    expect(tip).toHaveTextContent("Why 92% match");
    expect(tip).toHaveTextContent("Industry 40 of 40");
    expect(tip).toHaveTextContent("Target markets 30 of 30");
    expect(tip).toHaveTextContent("Follower fit 15 of 15");
    expect(tip).toHaveTextContent("Engagement quality 7 of 15");
    expect(tip).toHaveTextContent("1.3% vs 0.75–1.01% typical at 50K–100K");
    // Enter expands a row under the account; again collapses it.
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const panel = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(panel).toHaveTextContent("Why 92% match");
    expect(screen.getByRole("button", { name: "92% match: hide why" })).toBe(toggle);
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(panel).not.toBeInTheDocument();
    // The pointer: hovering another row's badge shows its breakdown.
    await user.hover(screen.getByRole("button", { name: "40% match: show why" }));
    await waitFor(() => expect(screen.getByRole("tooltip")).toHaveTextContent("Why 40% match"));
  });

  it("'Export CSV' downloads the rows on screen, in their order", async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:discovery";
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    try {
      const { user } = setup();
      await searchFitness(user);
      await user.selectOptions(screen.getByLabelText("Minimum match"), "70");
      await user.selectOptions(screen.getByLabelText("Sort by"), "username-asc");
      await user.click(screen.getByRole("button", { name: "Export CSV" }));
      expect(downloads).toEqual(["discovery-instagram-10k-100k-fitness-2026-05-01.csv"]);
      expect(blobs[0]!.type).toBe("text/csv;charset=utf-8");
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await blobs[0]!.arrayBuffer());
      expect(text.startsWith("\uFEFF")).toBe(true);
      const lines = text.slice(1).split("\r\n");
      expect(lines[0]).toBe(
        "Username,Name,Platform,Verified,Followers,Match %,Industry,Description,Engagement Rate,Countries,Sample Data,Found on the Web,Source of figures",
      );
      // 70%+ sorted A-Z: coach_carl, fit_anna, fit_bo — and nothing else.
      const users = text
        .slice(1)
        .split(/\r\n(?=[a-z0-9_.]+,)/)
        .slice(1)
        .map((line) => line.split(",")[0])
        .filter(Boolean);
      expect(users).toEqual(["coach_carl", "fit_anna", "fit_bo"]);
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Carl"")"`);
      expect(text).not.toMatch(/,=HYPERLINK/);
    } finally {
      click.mockRestore();
    }
  });
});

describe("DiscoveryView: beyond the first page", () => {
  it("loads the next page of the ranking below the rows already listed", async () => {
    const first = DISCOVERY_ROWS.slice(0, 4);
    const second = DISCOVERY_ROWS.slice(4);
    const { user, calls } = setup({
      "POST /api/discovery/search": ({ body }: { body: unknown }) => {
        const { page } = body as { page?: number };
        return page === 2
          ? { json: { ...discoveryResponse(second, DISCOVERY_ROWS.length), page: 2, pageSize: 4 } }
          : { json: { ...discoveryResponse(first, DISCOVERY_ROWS.length), page: 1, pageSize: 4 } };
      },
    });
    await searchFitness(user);
    expect(screen.getAllByTestId("discovery-row")).toHaveLength(4);
    await user.click(
      screen.getByRole("button", { name: `Load more (4 of ${DISCOVERY_ROWS.length} listed)` }),
    );
    await waitFor(() => expect(screen.getAllByTestId("discovery-row")).toHaveLength(DISCOVERY_ROWS.length));
    expect(searchCalls(calls).at(-1)!.body).toMatchObject({ page: 2, pageSize: 4 });
    // Everything is listed: no more button.
    expect(screen.queryByRole("button", { name: /Load more/ })).not.toBeInTheDocument();
  });

  it("says 'about' when the server estimated the number found, and that the ranking is exact", async () => {
    const { user } = setup({
      "POST /api/discovery/search": {
        json: {
          ...discoveryResponse(DISCOVERY_ROWS.slice(0, 4), 63_000),
          totalEstimated: true,
          page: 1,
          pageSize: 4,
        },
      },
    });
    await searchFitness(user);
    expect(
      screen.getByRole("heading", { name: "Found about 63,000 Instagram accounts matching your criteria" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/estimated from a sample of the index; the ranking is exact/),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Load more (4 of about 63,000 listed)" })).toBeInTheDocument();
  });
});

describe("DiscoveryView: what rows rest on, and sample creators (issue #35)", () => {
  it("says each row's origin and its figures' kind and age", async () => {
    const profile: DiscoveryResult = {
      ...DISCOVERY_ROWS[0]!,
      username: "found_by_search",
      origin: "search",
      figures: { kind: "profile", readAt: "2026-04-28T09:00:00.000Z" },
    };
    const { user } = setup({
      "POST /api/discovery/search": { json: discoveryResponse([profile, ...DISCOVERY_ROWS.slice(1)]) },
    });
    await searchFitness(user);
    const rows = screen.getAllByTestId("discovery-row");
    expect(within(rows[0]!).getByTestId("row-basis")).toHaveTextContent(
      "Found by platform search · profile figures, 3 days old",
    );
    expect(within(rows[1]!).getByTestId("row-basis")).toHaveTextContent(
      "From a report · full report, 11 days old",
    );
    const sample = rows.find((r) => r.textContent?.includes("yoga_yui"))!;
    expect(within(sample).getByTestId("row-basis")).toHaveTextContent("sample data");
  });

  it("says samples are hidden and shows them on request", async () => {
    const { user, calls } = setup({
      "POST /api/discovery/search": ({ body }: { body: unknown }) => {
        const { samples } = body as { samples?: string };
        return samples === "include"
          ? { json: { ...discoveryResponse(), samples: { mode: "include", defaulted: false } } }
          : {
              json: {
                ...discoveryResponse(DISCOVERY_ROWS.filter((r) => !r.isSample)),
                samples: { mode: "exclude", defaulted: true },
              },
            };
      },
    });
    await searchFitness(user);
    expect(screen.getByTestId("samples-notice")).toHaveTextContent(
      "Sample creators are hidden: the index holds real Instagram creators.",
    );
    expect(searchCalls(calls)[0]!.body).not.toHaveProperty("samples");
    await user.click(screen.getByRole("button", { name: "Show sample creators" }));
    await waitFor(() => expect(screen.getAllByTestId("discovery-row")).toHaveLength(DISCOVERY_ROWS.length));
    expect(searchCalls(calls).at(-1)!.body).toMatchObject({ samples: "include" });
    expect(screen.getByRole("button", { name: "Hide sample creators" })).toBeInTheDocument();
  });
});

describe("DiscoveryView: Find more on the platform (issue #35)", () => {
  it("searches the platform for the criteria, shows the progress, then ranks again", async () => {
    let polls = 0;
    const { user, calls } = setup({
      "POST /api/discovery/expand": { status: 202, json: { jobId: "job-1" } },
      "GET /api/discovery/expand/job-1": () => {
        polls += 1;
        const done = polls > 1;
        return {
          json: {
            jobId: "job-1",
            platform: "instagram",
            state: done ? "done" : "running",
            found: done ? 12 : 0,
            added: done ? 10 : 0,
            alreadyKnown: done ? 2 : 0,
            spent: {},
            message: done ? "Added 10 new Instagram accounts; 2 were already in the index." : "Searching…",
          },
        };
      },
    });
    await searchFitness(user);
    const before = searchCalls(calls).length;
    await user.click(screen.getByRole("button", { name: "Find more on Instagram" }));
    expect(
      await screen.findByText(
        "Added 10 new Instagram accounts; 2 were already in the index.",
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    const expand = calls.find((c) => c.method === "POST" && c.url === "/api/discovery/expand")!;
    expect(expand.body).toMatchObject({
      platform: "instagram",
      industry: "Fitness",
      targetMarkets: ["canada", "europe"],
      followerRange: "10k_to_100k",
    });
    // The ranking is asked for again, with the found creators in the index.
    await waitFor(() => expect(searchCalls(calls).length).toBe(before + 1));
  });

  it("says what an Apify search may cost and runs it only after the user confirms", async () => {
    const costNote =
      "Runs Apify's Instagram search actors on your APIFY_TOKEN: may use up to 50 Apify items (APIFY_MAX_ITEMS_PER_SEARCH), billed by Apify.";
    const { user, calls } = setup({
      "GET /api/discovery/expand/sources": {
        json: {
          platform: "instagram",
          sources: [{ name: "instagram-apify", costNote, billed: true }],
          message: null,
        },
      },
      "POST /api/discovery/expand": { status: 202, json: { jobId: "job-2" } },
      "GET /api/discovery/expand/job-2": {
        json: {
          jobId: "job-2",
          platform: "instagram",
          state: "done",
          found: 3,
          added: 3,
          alreadyKnown: 0,
          spent: { "apify.runs": 1, "apify.items": 3 },
          message: "Added 3 new Instagram accounts; 0 were already in the index.",
        },
      },
    });
    await searchFitness(user);
    expect(await screen.findByTestId("find-more-cost")).toHaveTextContent("may use up to 50 Apify items");
    const posted = () => calls.filter((c) => c.method === "POST" && c.url === "/api/discovery/expand");
    await user.click(screen.getByRole("button", { name: "Find more on Instagram" }));
    const confirm = screen.getByRole("group", { name: "Confirm the search on Instagram" });
    expect(confirm).toHaveTextContent("may use up to 50 Apify items");
    // Nothing runs (or is billed) before the user confirms; Cancel runs nothing.
    expect(posted()).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("group", { name: "Confirm the search on Instagram" })).toBeNull();
    expect(posted()).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Find more on Instagram" }));
    await user.click(screen.getByRole("button", { name: "Search Instagram" }));
    expect(
      await screen.findByText("Added 3 new Instagram accounts; 0 were already in the index."),
    ).toBeInTheDocument();
    expect(posted()).toHaveLength(1);
  });

  it("lets the user pick the source where several can search, and says the chosen one's cost", async () => {
    const graphNote =
      "Uses the Instagram Graph API on your business account: the search is one hashtag (words are joined into one), one of 30 distinct hashtags Instagram allows per 7 days.";
    const apifyNote =
      "Runs Apify's Instagram search actors on your APIFY_TOKEN: may use up to 50 Apify items.";
    const { user, calls } = setup({
      "GET /api/discovery/expand/sources": {
        json: {
          platform: "instagram",
          sources: [
            {
              name: "instagram-graph",
              costNote: graphNote,
              billed: false,
              budget: { name: "instagram-hashtags", limit: 30, used: 4 },
            },
            { name: "instagram-apify", costNote: apifyNote, billed: true },
          ],
          message: null,
        },
      },
      "POST /api/discovery/expand": { status: 202, json: { jobId: "job-3" } },
      "GET /api/discovery/expand/job-3": {
        json: {
          jobId: "job-3",
          platform: "instagram",
          state: "done",
          found: 2,
          added: 2,
          alreadyKnown: 0,
          spent: { "apify.runs": 1, "apify.items": 2 },
          message: "Added 2 new Instagram accounts; 0 were already in the index.",
        },
      },
    });
    await searchFitness(user);
    const through = await screen.findByRole("combobox", { name: "Search through" });
    expect(screen.getByTestId("find-more-cost")).toHaveTextContent("30 distinct hashtags");
    await user.selectOptions(through, "instagram-apify");
    expect(screen.getByTestId("find-more-cost")).toHaveTextContent("may use up to 50 Apify items");
    // Apify is billed: the user confirms first, and the search names the source picked.
    await user.click(screen.getByRole("button", { name: "Find more on Instagram" }));
    await user.click(screen.getByRole("button", { name: "Search Instagram" }));
    await screen.findByText("Added 2 new Instagram accounts; 0 were already in the index.");
    const posted = calls.filter((c) => c.method === "POST" && c.url === "/api/discovery/expand");
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatchObject({ platform: "instagram", source: "instagram-apify" });
  });

  it("says what to configure when nothing can search the platform", async () => {
    const { user } = setup({
      "POST /api/discovery/expand": {
        status: 409,
        json: { code: "NO_SEARCH_SOURCE", message: "No source can search Instagram on this server yet." },
      },
    });
    await searchFitness(user);
    await user.click(screen.getByRole("button", { name: "Find more on Instagram" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "No source can search Instagram on this server yet.",
    );
  });
});

describe("DiscoveryView: report generation per row", () => {
  it("disables the username with a spinner until the report is done, and always clears it", async () => {
    let finish: (ok: boolean) => void = () => undefined;
    const onGenerateReport = vi.fn<GenerateReport>(
      () =>
        new Promise<void>((resolve, reject) => {
          finish = (ok) => (ok ? resolve() : reject(new Error("boom")));
        }),
    );
    const { user } = setup({}, onGenerateReport);
    await searchFitness(user);
    await user.click(screen.getByRole("button", { name: "Generate report for @fit_bo" }));
    expect(onGenerateReport).toHaveBeenCalledWith({
      username: "fit_bo",
      platform: "instagram",
      sample: false,
    });
    const busy = screen.getByRole("button", { name: "Generating report for @fit_bo" });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute("aria-busy", "true");
    expect(busy.querySelector("svg.animate-spin")).not.toBeNull();
    // Other rows stay usable.
    expect(screen.getByRole("button", { name: "Generate report for @fit_anna" })).toBeEnabled();
    // A second click on the busy one does nothing.
    fireEvent.click(busy);
    expect(onGenerateReport).toHaveBeenCalledTimes(1);
    await act(async () => finish(true));
    expect(screen.getByRole("button", { name: "Generate report for @fit_bo" })).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Generate report for @fit_bo" }));
    await act(async () => {
      finish(false);
      await Promise.resolve();
    });
    expect(await screen.findByRole("button", { name: "Generate report for @fit_bo" })).toBeEnabled();
  });
});

describe("DiscoveryView: a new search", () => {
  it("starts with fresh filters and shows the new platform", async () => {
    const tiktok: DiscoveryResult[] = DISCOVERY_ROWS.slice(0, 1).map((r) => ({ ...r, platform: "tiktok" }));
    const { user } = setup({
      "POST /api/discovery/search": ({ body }) => ({
        json: discoveryResponse(
          (body as { platform: string }).platform === "tiktok" ? tiktok : DISCOVERY_ROWS,
        ),
      }),
    });
    await searchFitness(user);
    await user.type(screen.getByPlaceholderText("Search accounts..."), "carl");
    await user.click(screen.getByRole("button", { name: "Show Discovery Form" }));
    await user.selectOptions(screen.getByLabelText("Platform"), "tiktok");
    await user.click(screen.getByRole("button", { name: "Find Influencers" }));
    expect(
      await screen.findByRole("heading", { name: "Found 1 TikTok account matching your criteria" }),
    ).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Search accounts...")).toHaveValue("");
    expect(screen.getAllByTestId("discovery-row")).toHaveLength(1);
    expect(screen.queryByRole("form", { name: "Discovery search" })).not.toBeInTheDocument();
  });
});

describe("DiscoveryView: accounts found on the web", () => {
  /** The server's answer: ROWS_WITH_WEB and `note` when the request asked for web candidates. */
  function webSetup(note: WebCandidatesNote = WEB_NOTES.added, rows = ROWS_WITH_WEB) {
    return setup(
      {
        "POST /api/discovery/search": ({ body }) =>
          (body as { includeWebCandidates?: boolean }).includeWebCandidates
            ? { json: discoveryResponse(rows, rows.length, note) }
            : { json: discoveryResponse() },
      },
      undefined,
      { offerWebCandidates: true },
    );
  }

  async function searchWithWeb(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole("checkbox", { name: WEB_CANDIDATES_LABEL }));
    await user.click(screen.getByRole("button", { name: "Find Influencers" }));
  }

  it("is not offered unless the page offers it (no model, or not signed in)", () => {
    setup();
    expect(screen.queryByRole("checkbox", { name: WEB_CANDIDATES_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByText(WEB_CANDIDATES_HINT)).not.toBeInTheDocument();
  });

  it("is an unticked option that says what it does; ticked, the request asks for web candidates", async () => {
    const { user, calls } = webSetup();
    const option = screen.getByRole("checkbox", { name: WEB_CANDIDATES_LABEL });
    expect(option).not.toBeChecked();
    expect(option).toHaveAccessibleDescription(WEB_CANDIDATES_HINT);
    expect(WEB_CANDIDATES_HINT).toMatch(/AI web search/);
    expect(WEB_CANDIDATES_HINT).toMatch(/fetched and verified before it is shown/);

    // Unticked: the ordinary request, with no note above the results.
    await user.click(screen.getByRole("button", { name: "Find Influencers" }));
    await screen.findByRole("heading", { name: "Found 6 Instagram accounts matching your criteria" });
    expect(searchCalls(calls)[0]!.body).not.toHaveProperty("includeWebCandidates");
    expect(screen.queryByTestId("web-candidates-note")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show Discovery Form" }));
    expect(screen.getByRole("checkbox", { name: WEB_CANDIDATES_LABEL })).not.toBeChecked();
    await searchWithWeb(user);
    await screen.findByRole("heading", { name: "Found 7 Instagram accounts matching your criteria" });
    expect(searchCalls(calls)[1]!.body).toEqual({
      platform: "instagram",
      followerRange: "10k_to_100k",
      industry: "any",
      targetMarkets: [],
      includeWebCandidates: true,
    });
  });

  it("says the search takes longer while the web search runs", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, fetchMock } = webSetup();
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args: Parameters<typeof fetch>) => {
      if (String(args[0]) === "/api/discovery/search") await gate;
      return original(...args);
    });
    await searchWithWeb(user);
    expect(await screen.findByRole("status")).toHaveTextContent(SEARCHING_WEB_TEXT);
    expect(screen.getByRole("checkbox", { name: WEB_CANDIDATES_LABEL })).toBeDisabled();
    await act(async () => release());
    await screen.findByRole("heading", { name: /^Found 7 / });
    expect(screen.queryByText(SEARCHING_WEB_TEXT)).not.toBeInTheDocument();
  });

  it("marks the rows the web search added, in the Account column, with an explanation on focus", async () => {
    const { user } = webSetup();
    await searchWithWeb(user);
    const heading = await screen.findByRole("heading", { name: /^Found 7 / });
    // The focus is on the heading as soon as it is there, so it cannot move away from the tooltip below.
    expect(heading).toHaveFocus();
    const rows = screen.getAllByTestId("discovery-row");
    const marked = rows.filter((row) => within(row).queryByRole("button", { name: FOUND_ON_WEB_LABEL }));
    expect(marked).toHaveLength(1);
    const [tess] = marked;
    expect(
      within(tess!).getByRole("button", { name: `Generate report for @${WEB_ROW.username}` }),
    ).toBeVisible();
    // In the Account column, under the name.
    const accountCell = within(tess!).getAllByRole("cell")[0]!;
    const mark = within(accountCell).getByRole("button", { name: FOUND_ON_WEB_LABEL });
    expect(accountCell).toHaveTextContent(`@${WEB_ROW.username}${WEB_ROW.name}${FOUND_ON_WEB_LABEL}`);
    // Keyboard focus explains it, and the explanation becomes the mark's description.
    act(() => mark.focus());
    const tip = await screen.findByRole("tooltip");
    expect(tip).toHaveTextContent(foundOnWebExplanation("instagram"));
    expect(tip).toHaveTextContent(/proposed this account/);
    expect(tip).toHaveTextContent(/fetched from Instagram, verified and measured like any analysed account/);
    // Radix links the description a render after the tooltip appears (slow under a loaded machine).
    await waitFor(() => expect(mark).toHaveAccessibleDescription(foundOnWebExplanation("instagram")));
  });

  it.each(Object.values(WEB_NOTES))(
    "'$status': the server's message under its own title, as a polite status above the table",
    async (note) => {
      const { user } = webSetup(note, note.status === "added" ? ROWS_WITH_WEB : DISCOVERY_ROWS);
      await searchWithWeb(user);
      await screen.findByRole("heading", { name: /^Found \d+ Instagram accounts/ });
      const shown = screen.getByTestId("web-candidates-note");
      expect(shown).toHaveAttribute("role", "status");
      expect(shown).toHaveAttribute("data-status", note.status);
      expect(shown).toHaveTextContent(WEB_CANDIDATES_TITLES[note.status]);
      expect(shown).toHaveTextContent(note.message);
      // Above the table; not an error (no alert, no toast).
      expect(
        shown.compareDocumentPosition(screen.getByRole("table")) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      expect(document.querySelector("[data-sonner-toast]")).toBeNull();
    },
  );

  it("titles read as a marketer would put it, one for each status", () => {
    expect(WEB_CANDIDATES_TITLES).toEqual({
      added: "Accounts found on the web",
      none: "No new accounts from the web",
      sign_in_required: "Sign in to search the web",
      unavailable: "Web search isn't available",
      limit_reached: "Daily web search limit reached",
      failed: "Web search unavailable right now",
    });
  });

  it("with no results at all, the note still says what the web search did", async () => {
    const { user } = webSetup(WEB_NOTES.none, []);
    await searchWithWeb(user);
    expect(await screen.findByRole("heading", { name: "No results found" })).toBeInTheDocument();
    const shown = screen.getByTestId("web-candidates-note");
    expect(shown).toHaveTextContent(WEB_NOTES.none.message);
  });

  it("a new search without the option drops the note", async () => {
    const { user } = webSetup();
    await searchWithWeb(user);
    await screen.findByTestId("web-candidates-note");
    await user.click(screen.getByRole("button", { name: "Show Discovery Form" }));
    await user.click(screen.getByRole("checkbox", { name: WEB_CANDIDATES_LABEL }));
    await user.click(screen.getByRole("button", { name: "Find Influencers" }));
    await screen.findByRole("heading", { name: "Found 6 Instagram accounts matching your criteria" });
    expect(screen.queryByTestId("web-candidates-note")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: FOUND_ON_WEB_LABEL })).not.toBeInTheDocument();
  });

  it("the same web search is asked again when the web search failed, not when it ran", async () => {
    let note: WebCandidatesNote = WEB_NOTES.failed;
    const { user, calls } = setup(
      { "POST /api/discovery/search": () => ({ json: discoveryResponse(DISCOVERY_ROWS, 6, note) }) },
      undefined,
      { offerWebCandidates: true },
    );
    const again = async () => {
      await user.click(screen.getByRole("button", { name: "Show Discovery Form" }));
      await user.click(screen.getByRole("button", { name: "Find Influencers" }));
      await waitFor(() =>
        expect(screen.queryByRole("form", { name: "Discovery search" })).not.toBeInTheDocument(),
      );
    };
    await searchWithWeb(user);
    await screen.findByRole("heading", { name: /^Found 6 / });
    note = WEB_NOTES.none;
    await again();
    expect(searchCalls(calls)).toHaveLength(2);
    expect(screen.getByTestId("web-candidates-note")).toHaveAttribute("data-status", "none");
    // A search that ran is reused for a minute, like any search (spec §9).
    await again();
    expect(searchCalls(calls)).toHaveLength(2);
  });

  it("'Export CSV' says which rows were found on the web", async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return "blob:discovery";
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    try {
      const { user } = webSetup();
      await searchWithWeb(user);
      await screen.findByRole("heading", { name: /^Found 7 / });
      await user.type(screen.getByPlaceholderText("Search accounts..."), "fit");
      await user.click(screen.getByRole("button", { name: "Export CSV" }));
      const text = new TextDecoder().decode(await blobs[0]!.arrayBuffer());
      const lines = text.trimEnd().split("\r\n");
      // Counted from the end of each line: descriptions may hold quoted commas, the last columns never do.
      const web = lines[0]!.split(",").indexOf("Found on the Web");
      expect(web).toBeGreaterThan(0);
      const byUser = new Map(
        lines
          .slice(1)
          .map((line) => [line.split(",")[0], line.split(",").at(web - lines[0]!.split(",").length)]),
      );
      expect(Object.fromEntries(byUser)).toEqual({
        fit_anna: "No",
        fit_bo: "No",
        trail_tess: "Yes",
        zed_fitness: "No",
      });
    } finally {
      click.mockRestore();
    }
  });
});
