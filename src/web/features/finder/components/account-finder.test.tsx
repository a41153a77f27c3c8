// @vitest-environment jsdom
import "../../../testing/dom";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Interpretation } from "#core/schemas/discovery";
import { resetAnalytics } from "../../../lib/analytics";
import type { ApiError } from "../../../lib/api-client";
import { pixelEvents } from "../../../testing/pixel";
import { mockSession, renderWithApp } from "../../../testing/render";
import { FINDER_ROWS, finderResponse, INTERPRETATION } from "../testing/finder-fixture";
import { AccountFinder, type AnalyzeAccount } from "./account-finder";

type Extra = NonNullable<Parameters<typeof mockSession>[0]>["extra"];

const TOO_SHORT = "Please provide at least 10 characters describing what you're looking for";

afterEach(() => {
  toast.dismiss();
});

function findCalls(calls: { method: string; url: string; body: unknown }[]) {
  return calls.filter((c) => c.method === "POST" && c.url === "/api/accounts/find");
}

function setup(
  extra: Extra = {},
  {
    onAnalyze = vi.fn<AnalyzeAccount>(async () => undefined),
    onAuthRequired = vi.fn<(error: ApiError) => void>(),
  } = {},
) {
  const api = mockSession({
    extra: { "POST /api/accounts/find": { json: finderResponse() }, ...extra },
  });
  const view = renderWithApp(<AccountFinder onAnalyze={onAnalyze} onAuthRequired={onAuthRequired} />);
  return { ...api, ...view, user: userEvent.setup(), onAnalyze, onAuthRequired };
}

async function describeAndSearch(
  user: ReturnType<typeof userEvent.setup>,
  text = "vegan cooking creators in Canada",
) {
  await user.type(screen.getByLabelText("Describe the accounts you're looking for"), text);
  await user.click(screen.getByRole("button", { name: "Find Accounts" }));
}

function chips() {
  const list = within(screen.getByTestId("finder-criteria")).queryByRole("list", { name: "Search criteria" });
  return list
    ? within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent)
    : [];
}

function rowNames() {
  return screen.getAllByTestId("finder-row").map((row) => within(row).getAllByRole("button")[0]!.textContent);
}

describe("AccountFinder: the form", () => {
  it("platform defaults to Instagram; a description is needed", () => {
    setup();
    const platform = screen.getByLabelText("Platform") as HTMLSelectElement;
    expect(platform.value).toBe("instagram");
    expect([...platform.options].map((o) => o.textContent)).toEqual(["Instagram", "TikTok", "YouTube"]);
    expect(screen.getByLabelText("Describe the accounts you're looking for")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Find Accounts" })).toBeEnabled();
  });

  it.each([
    ["empty", ""],
    ["short", "vegan"],
    ["short once trimmed", "    vegan      "],
  ])("an %s description gets spec §5's message and no request", async (_label, text) => {
    const { user, calls } = setup();
    if (text) await user.type(screen.getByLabelText("Describe the accounts you're looking for"), text);
    await user.click(screen.getByRole("button", { name: "Find Accounts" }));
    expect(screen.getByRole("alert")).toHaveTextContent(TOO_SHORT);
    expect(screen.getByLabelText("Describe the accounts you're looking for")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(findCalls(calls)).toHaveLength(0);
    // Typing clears the message.
    await user.type(screen.getByLabelText("Describe the accounts you're looking for"), "x");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("ten characters are enough", async () => {
    const { user, calls } = setup();
    await describeAndSearch(user, "vegan chef");
    await waitFor(() => expect(findCalls(calls)).toHaveLength(1));
    expect(findCalls(calls)[0]!.body).toEqual({ platform: "instagram", description: "vegan chef" });
  });

  it("reads 'Searching accounts...' and is disabled while searching", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, fetchMock } = setup();
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args: Parameters<typeof fetch>) => {
      if (String(args[0]) === "/api/accounts/find") await gate;
      return original(...args);
    });
    await user.selectOptions(screen.getByLabelText("Platform"), "tiktok");
    await describeAndSearch(user);
    expect(await screen.findByRole("button", { name: "Searching accounts..." })).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByRole("button", { name: "Find Accounts" })).toBeEnabled();
  });
});

describe("AccountFinder: results", () => {
  it("toasts, shows what was understood as chips, and the results", async () => {
    const { user, calls } = setup();
    await user.selectOptions(screen.getByLabelText("Platform"), "tiktok");
    await describeAndSearch(user);
    expect(await screen.findByText("Search completed")).toBeInTheDocument();
    expect(screen.getByText("Found 3 accounts matching your criteria")).toBeInTheDocument();
    expect(findCalls(calls)[0]!.body).toEqual({
      platform: "tiktok",
      description: "vegan cooking creators in Canada",
    });
    expect(screen.getByRole("heading", { name: "Understood as" })).toBeInTheDocument();
    expect(chips()).toEqual([
      "Industry: Food",
      "Country: Canada",
      "Keyword: “vegan”",
      "Keyword: “cooking”",
      "Size: Micro creator (10K–100K)",
    ]);
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Account", "Followers", "Match %", "Description", "Why it matches"]);
    expect(rowNames()).toEqual(["@vegan_chef", "@toronto_eats", "@the_vegan_kid"]);
    const [chef, , kid] = screen.getAllByTestId("finder-row");
    expect(chef).toHaveTextContent("Maya Green");
    expect(chef).toHaveTextContent("Verified");
    expect(chef).toHaveTextContent("52.0K");
    expect(chef).toHaveTextContent("Vegan chef sharing plant-based recipes from Toronto");
    expect(chef).toHaveTextContent("Bio mentions “vegan”");
    expect(within(chef!).getByText("98%")).toHaveAttribute("data-tone", "default");
    expect(within(kid!).getByText("45%")).toHaveAttribute("data-tone", "outline");
    expect(kid).toHaveTextContent("Sample data");
    expect(screen.getByText("Showing 3 of 3 results")).toBeInTheDocument();
  });

  it("filters on username, name or description, and on a minimum match", async () => {
    const { user } = setup();
    await describeAndSearch(user);
    await screen.findByRole("table");
    const box = screen.getByPlaceholderText("Filter by username, name or description");
    await user.type(box, "maya");
    expect(rowNames()).toEqual(["@vegan_chef"]);
    await user.clear(box);
    await user.type(box, "street food");
    expect(rowNames()).toEqual(["@toronto_eats"]);
    await user.clear(box);
    await user.type(box, "vegan");
    expect(rowNames()).toEqual(["@vegan_chef", "@the_vegan_kid"]);
    expect(screen.getByText("Showing 2 of 3 results")).toBeInTheDocument();
    await user.clear(box);
    await user.selectOptions(screen.getByLabelText("Minimum match"), "50");
    expect(rowNames()).toEqual(["@vegan_chef", "@toronto_eats"]);
    await user.selectOptions(screen.getByLabelText("Minimum match"), "80");
    expect(rowNames()).toEqual(["@vegan_chef"]);
    await user.type(box, "toronto eats");
    expect(screen.getByText("No accounts match these filters.")).toBeInTheDocument();
    expect(screen.getByText("Showing 0 of 3 results")).toBeInTheDocument();
  });

  it("no results: says so, with the server's note", async () => {
    const { user } = setup({
      "POST /api/accounts/find": {
        json: finderResponse([], {
          ...INTERPRETATION,
          industries: [],
          countries: [],
          keywords: [],
          followerMin: undefined,
          followerMax: undefined,
          notes: ["Nothing to search for was found in the description: name a niche, a place or a size."],
        } as Interpretation),
      },
    });
    await describeAndSearch(user, "I am looking for some people");
    expect(await screen.findByRole("heading", { name: "No accounts found" })).toBeInTheDocument();
    expect(screen.getByText("Found 0 accounts matching your criteria")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Nothing to search for was found in the description: name a niche, a place or a size.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText("No criteria: add an industry, a country, a keyword or a size."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("per-row analysis marks the username in progress until it is done", async () => {
    let finish: () => void = () => undefined;
    const onAnalyze = vi.fn<AnalyzeAccount>(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { user } = setup({}, { onAnalyze });
    await describeAndSearch(user);
    await user.click(await screen.findByRole("button", { name: "Generate report for @toronto_eats" }));
    expect(onAnalyze).toHaveBeenCalledWith({
      username: "toronto_eats",
      platform: "instagram",
      sample: false,
    });
    expect(screen.getByRole("button", { name: "Generating report for @toronto_eats" })).toBeDisabled();
    await act(async () => finish());
    expect(screen.getByRole("button", { name: "Generate report for @toronto_eats" })).toBeEnabled();
  });
});

describe("AccountFinder: editing the criteria", () => {
  /** The server answers edited criteria with them, marked "edited". */
  function editingServer() {
    return {
      "POST /api/accounts/find": ({ body }: { body: unknown }) => {
        const { criteria } = body as { criteria?: Partial<Interpretation> };
        if (!criteria) return { json: finderResponse() };
        const interpretedAs = {
          industries: criteria.industries ?? [],
          countries: criteria.countries ?? [],
          keywords: criteria.keywords ?? [],
          engagementLevel: criteria.engagementLevel ?? null,
          languages: [],
          platforms: [],
          notes: [],
          source: "edited",
          ...(criteria.followerMin !== undefined ? { followerMin: criteria.followerMin } : {}),
          ...(criteria.followerMax !== undefined ? { followerMax: criteria.followerMax } : {}),
        } as Interpretation;
        return { json: finderResponse(FINDER_ROWS.slice(0, 1), interpretedAs) };
      },
    };
  }

  it("removing a chip searches again with the rest, and shows the new answer", async () => {
    const { user, calls } = setup(editingServer());
    await describeAndSearch(user);
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Remove country Canada" }));
    await waitFor(() => expect(findCalls(calls)).toHaveLength(2));
    expect(findCalls(calls)[1]!.body).toEqual({
      platform: "instagram",
      description: "vegan cooking creators in Canada",
      criteria: {
        industries: ["Food"],
        countries: [],
        keywords: ["vegan", "cooking"],
        engagementLevel: null,
        followerMin: 10_000,
        followerMax: 100_000,
      },
    });
    await waitFor(() => expect(rowNames()).toEqual(["@vegan_chef"]));
    expect(screen.getByRole("heading", { name: "Searched with your criteria" })).toBeInTheDocument();
    expect(chips()).toEqual([
      "Industry: Food",
      "Keyword: “vegan”",
      "Keyword: “cooking”",
      "Size: Micro creator (10K–100K)",
    ]);
    // Another edit builds on the last one.
    await user.click(screen.getByRole("button", { name: "Remove keyword “cooking”" }));
    await waitFor(() => expect(findCalls(calls)).toHaveLength(3));
    expect((findCalls(calls)[2]!.body as { criteria: unknown }).criteria).toEqual({
      industries: ["Food"],
      countries: [],
      keywords: ["vegan"],
      engagementLevel: null,
      followerMin: 10_000,
      followerMax: 100_000,
    });
  });

  it("changing the size, adding an industry, a country and a keyword each search again", async () => {
    const { user, calls } = setup(editingServer());
    await describeAndSearch(user);
    await screen.findByRole("table");
    const lastCriteria = () =>
      (findCalls(calls).at(-1)!.body as { criteria: Record<string, unknown> }).criteria;

    await user.selectOptions(screen.getByLabelText("Follower size"), "mega");
    await waitFor(() => expect(findCalls(calls)).toHaveLength(2));
    expect(lastCriteria()).toMatchObject({ followerMin: 1_000_000 });
    expect(lastCriteria()).not.toHaveProperty("followerMax");
    await waitFor(() => expect(chips()).toContain("Size: Mega creator (1M+)"));

    await user.selectOptions(screen.getByLabelText("Add industry"), "Health & Wellness");
    await waitFor(() => expect(findCalls(calls)).toHaveLength(3));
    expect(lastCriteria().industries).toEqual(["Food", "Health & Wellness"]);
    await waitFor(() => expect(chips()).toContain("Industry: Health & Wellness"));

    await user.selectOptions(screen.getByLabelText("Add country"), "Germany");
    await waitFor(() => expect(findCalls(calls)).toHaveLength(4));
    expect(lastCriteria().countries).toEqual(["Canada", "Germany"]);
    await waitFor(() => expect(chips()).toContain("Country: Germany"));

    await user.type(screen.getByLabelText("Add keyword"), "Plant-Based{Enter}");
    await waitFor(() => expect(findCalls(calls)).toHaveLength(5));
    expect(lastCriteria().keywords).toEqual(["vegan", "cooking", "plant", "based"]);
    await waitFor(() => expect(chips()).toContain("Keyword: “plant”"));

    await user.selectOptions(screen.getByLabelText("Follower size"), "any");
    await waitFor(() => expect(findCalls(calls)).toHaveLength(6));
    expect(lastCriteria()).not.toHaveProperty("followerMin");
    await waitFor(() => expect(chips().some((c) => c?.startsWith("Size:"))).toBe(false));

    // The engagement level is a chip like the rest: chosen, shown, removed.
    await user.selectOptions(screen.getByLabelText("Engagement level"), "High");
    await waitFor(() => expect(findCalls(calls)).toHaveLength(7));
    expect(lastCriteria().engagementLevel).toBe("High");
    await waitFor(() => expect(chips()).toContain("Engagement: High"));
    await user.click(screen.getByRole("button", { name: "Remove engagement High" }));
    await waitFor(() => expect(findCalls(calls)).toHaveLength(8));
    expect(lastCriteria().engagementLevel).toBeNull();
  });

  it("a keyword that is no word is refused on the spot", async () => {
    const { user, calls } = setup(editingServer());
    await describeAndSearch(user);
    await screen.findByRole("table");
    await user.type(screen.getByLabelText("Add keyword"), "!!{Enter}");
    expect(screen.getByRole("alert")).toHaveTextContent("Type a word of letters or digits");
    await user.clear(screen.getByLabelText("Add keyword"));
    await user.type(screen.getByLabelText("Add keyword"), "vegan{Enter}");
    expect(screen.getByRole("alert")).toHaveTextContent("not in the list yet");
    expect(findCalls(calls)).toHaveLength(1);
  });

  it("a failed edit keeps the chips that were searched, with the 'Search failed' toast", async () => {
    let n = 0;
    const { user } = setup({
      "POST /api/accounts/find": () =>
        ++n === 1
          ? { json: finderResponse() }
          : { status: 400, json: { message: 'criteria.countries: "X" is not a country we know' } },
    });
    await describeAndSearch(user);
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Remove industry Food" }));
    expect(await screen.findByText("Search failed")).toBeInTheDocument();
    expect(screen.getByText('criteria.countries: "X" is not a country we know')).toBeInTheDocument();
    expect(chips()).toContain("Industry: Food");
  });
});

describe("AccountFinder: errors (spec §8)", () => {
  it.each([
    ["401", { status: 401, json: { message: "Please sign in", requiresAuth: true } }],
    ["429", { status: 429, json: { message: "Too many requests", code: "RATE_LIMITED" } }],
  ])("a %s opens the login prompt, no toast", async (_label, answer) => {
    const { user, onAuthRequired } = setup({ "POST /api/accounts/find": answer });
    await describeAndSearch(user);
    await waitFor(() => expect(onAuthRequired).toHaveBeenCalledOnce());
    expect(onAuthRequired.mock.calls[0]![0]).toMatchObject({ status: answer.status });
    expect(screen.queryByText("Search failed")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Find Accounts" })).toBeEnabled();
  });

  it("other failures toast 'Search failed' with the server's message", async () => {
    const { user } = setup({
      "POST /api/accounts/find": { status: 500, json: { message: "Something went wrong on our side." } },
    });
    await describeAndSearch(user);
    expect(await screen.findByText("Search failed")).toBeInTheDocument();
    expect(screen.getByText("Something went wrong on our side.")).toBeInTheDocument();
  });

  it("without a message: 'Failed to find accounts. Please try again.'", async () => {
    const { user, fetchMock } = setup();
    fetchMock.mockImplementation(async () => {
      throw new TypeError("Failed to fetch");
    });
    await describeAndSearch(user);
    expect(await screen.findByText("Search failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to find accounts. Please try again.")).toBeInTheDocument();
  });
});

describe("AccountFinder: analytics (spec §7)", () => {
  beforeEach(() => resetAnalytics());
  afterEach(() => resetAnalytics());

  it("with a pixel, each answered search is an account-finder search (never the typed text)", async () => {
    mockSession({
      config: { pixelId: "123456789" },
      extra: { "POST /api/accounts/find": { json: finderResponse() } },
    });
    renderWithApp(<AccountFinder onAnalyze={vi.fn()} onAuthRequired={vi.fn()} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Platform"), "tiktok");
    await describeAndSearch(user);
    await screen.findByText("Search completed");
    expect(pixelEvents()).toEqual([
      ["trackCustom", "AccountFinderSearch", { platform: "tiktok", result_count: 3 }],
    ]);
    expect(JSON.stringify(pixelEvents())).not.toContain("vegan");
  });

  it("a refused description sends nothing", async () => {
    mockSession({ config: { pixelId: "123456789" } });
    renderWithApp(<AccountFinder onAnalyze={vi.fn()} onAuthRequired={vi.fn()} />);
    await describeAndSearch(userEvent.setup(), "vegan");
    expect(screen.getByRole("alert")).toHaveTextContent(TOO_SHORT);
    expect(pixelEvents()).toEqual([]);
  });
});

describe("AccountFinder: Find more on the platform (issue #35)", () => {
  it("searches the platform with the words the description was read as, then searches again", async () => {
    const { user, calls } = setup({
      "POST /api/discovery/expand": { status: 202, json: { jobId: "job-2" } },
      "GET /api/discovery/expand/job-2": {
        json: {
          jobId: "job-2",
          platform: "instagram",
          state: "done",
          found: 3,
          added: 3,
          alreadyKnown: 0,
          spent: {},
          message: "Added 3 new Instagram accounts; 0 were already in the index.",
        },
      },
    });
    await describeAndSearch(user);
    await screen.findAllByTestId("finder-row");
    const finds = () => calls.filter((c) => c.method === "POST" && c.url === "/api/accounts/find").length;
    const before = finds();
    await user.click(screen.getByRole("button", { name: "Find more on Instagram" }));
    expect(
      await screen.findByText("Added 3 new Instagram accounts; 0 were already in the index."),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/discovery/expand")!.body).toEqual({
      platform: "instagram",
      query: "vegan cooking",
      industry: "Food",
      targetMarkets: ["Canada"],
    });
    await waitFor(() => expect(finds()).toBe(before + 1));
  });
});
