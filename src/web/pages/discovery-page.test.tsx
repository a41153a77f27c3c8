// @vitest-environment jsdom
import "../testing/dom";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { discoveryResponse, ROWS_WITH_WEB, WEB_NOTES } from "../features/discovery/testing/discovery-fixture";
import { finderResponse } from "../features/finder/testing/finder-fixture";
import { makeAccount, SAMPLE } from "../features/report/testing/account-fixture";
import { resetAnalytics } from "../lib/analytics";
import { AUTH_ERROR_EVENT, type AuthErrorDetail } from "../lib/api-client";
import { pixelEvents } from "../testing/pixel";
import { mockSession, renderWithApp, TEST_USER } from "../testing/render";
import { DiscoveryPage } from "./discovery-page";

type Extra = NonNullable<Parameters<typeof mockSession>[0]>["extra"];

let openSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  openSpy = vi.fn(() => ({ opener: window }));
  vi.stubGlobal("open", openSpy);
});

afterEach(() => {
  toast.dismiss();
});

/** The analyser answers with a real engine-made account under the asked handle. */
const analyzeOk = {
  "POST /api/analyze": ({ body }: { body: unknown }) => {
    const { username, platform } = body as { username: string; platform: "instagram" };
    return { json: makeAccount(SAMPLE.plain, { username, platform }) };
  },
};

function setup(path = "/influencer-discovery", extra: Extra = {}, user: typeof TEST_USER | null = null) {
  const api = mockSession({
    user,
    extra: {
      "POST /api/discovery/search": { json: discoveryResponse() },
      "POST /api/accounts/find": { json: finderResponse() },
      ...analyzeOk,
      ...extra,
    },
  });
  const view = renderWithApp(<DiscoveryPage />, { path });
  return { ...api, ...view, user: userEvent.setup() };
}

async function discover(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Find Influencers" }));
  await screen.findByRole("heading", { name: /^Found 6 Instagram accounts/ });
}

async function findAccounts(user: ReturnType<typeof userEvent.setup>) {
  await user.type(
    await screen.findByLabelText("Describe the accounts you're looking for"),
    "vegan cooking creators in Canada",
  );
  await user.click(screen.getByRole("button", { name: "Find Accounts" }));
  await screen.findAllByTestId("finder-row", undefined, { timeout: 3000 });
}

function analyzeCalls(calls: { method: string; url: string; body: unknown }[]) {
  return calls.filter((c) => c.method === "POST" && c.url === "/api/analyze");
}

describe("DiscoveryPage: the page and its tabs", () => {
  it("discovery first: heading, the tip to the insight tool, page title", async () => {
    setup();
    expect(screen.getByRole("heading", { level: 1, name: "Influencer Discovery" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Influencer Discovery" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.getByRole("link", { name: "Get its influencer report" })).toHaveAttribute(
      "href",
      "/influencer-insight",
    );
    expect(screen.getByRole("form", { name: "Discovery search" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Influencer Discovery | Test Brand"));
  });

  it("?tab=finder opens the account finder; the tabs change the address", async () => {
    const { user, location } = setup("/influencer-discovery?tab=finder");
    expect(screen.getByRole("tab", { name: "Account Finder" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("form", { name: "Account finder" })).toBeVisible();
    expect(screen.queryByRole("form", { name: "Discovery search" })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Account Finder | Test Brand"));
    expect(screen.getByRole("heading", { level: 1, name: "Account Finder" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Influencer Discovery" }));
    expect(location.history?.at(-1)).toBe("/influencer-discovery");
    expect(screen.getByRole("form", { name: "Discovery search" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 1, name: "Influencer Discovery" })).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Account Finder" }));
    expect(location.history?.at(-1)).toBe("/influencer-discovery?tab=finder");
  });

  it("the alias keeps its path when switching tabs", async () => {
    const { user, location } = setup("/influencer-search");
    await user.click(screen.getByRole("tab", { name: "Account Finder" }));
    expect(location.history?.at(-1)).toBe("/influencer-search?tab=finder");
  });

  it("results of each tab survive a look at the other", async () => {
    const { user } = setup();
    await discover(user);
    await user.click(screen.getByRole("tab", { name: "Account Finder" }));
    await findAccounts(user);
    await user.click(screen.getByRole("tab", { name: "Influencer Discovery" }));
    expect(screen.getAllByTestId("discovery-row")).toHaveLength(6);
    await user.click(screen.getByRole("tab", { name: "Account Finder" }));
    expect(screen.getAllByTestId("finder-row")).toHaveLength(3);
  });
});

describe("DiscoveryPage: accounts outside the index (web candidates)", () => {
  const OPTION = "Also look for accounts outside our index";

  function render(user: typeof TEST_USER | null, aiEnabled: boolean) {
    const api = mockSession({
      user,
      config: { aiEnabled },
      extra: {
        "POST /api/discovery/search": ({ body }) => ({
          json: discoveryResponse(
            ROWS_WITH_WEB,
            7,
            (body as { includeWebCandidates?: boolean }).includeWebCandidates ? WEB_NOTES.added : undefined,
          ),
        }),
      },
    });
    return { ...api, ...renderWithApp(<DiscoveryPage />, { path: "/influencer-discovery" }) };
  }

  it("a signed-in user of an installation with a language model is offered the option, and it is sent", async () => {
    const { calls } = render(TEST_USER, true);
    const option = await screen.findByRole("checkbox", { name: OPTION });
    const user = userEvent.setup();
    await user.click(option);
    await user.click(screen.getByRole("button", { name: "Find Influencers" }));
    await screen.findByRole("heading", { name: /^Found 7 Instagram accounts/ });
    expect(calls.find((c) => c.url === "/api/discovery/search")?.body).toMatchObject({
      includeWebCandidates: true,
    });
    expect(screen.getByTestId("web-candidates-note")).toHaveTextContent(WEB_NOTES.added.message);
    expect(screen.getByRole("button", { name: "Found on the web" })).toBeInTheDocument();
  });

  it("anonymous visitors do not see it", async () => {
    render(null, true);
    await screen.findByRole("button", { name: "Find Influencers" });
    // The session has answered (signed out) and the config has arrived: still no option.
    await waitFor(() => expect(document.title).toBe("Influencer Discovery | Test Brand"));
    await act(async () => undefined);
    expect(screen.queryByRole("checkbox", { name: OPTION })).not.toBeInTheDocument();
  });

  it("nor does anyone when the installation has no language model", async () => {
    const { calls } = render(TEST_USER, false);
    await waitFor(() => expect(calls.some((c) => c.url === "/api/auth/me")).toBe(true));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/config")).toBe(true));
    await act(async () => undefined);
    expect(screen.queryByRole("checkbox", { name: OPTION })).not.toBeInTheDocument();
  });
});

describe("DiscoveryPage: a report from a discovery row", () => {
  it("analyses the account, counts it, and opens its report in a new tab", async () => {
    const { user, calls } = setup();
    await discover(user);
    await user.click(screen.getByRole("button", { name: "Generate report for @fit_anna" }));
    await waitFor(() => expect(openSpy).toHaveBeenCalledWith("/report/instagram/fit_anna", "_blank"));
    expect(analyzeCalls(calls).map((c) => c.body)).toEqual([{ username: "fit_anna", platform: "instagram" }]);
    expect(screen.getByRole("button", { name: "Generate report for @fit_anna" })).toBeEnabled();
    // No toast when the tab opened.
    expect(screen.queryByText("Report Ready")).not.toBeInTheDocument();
    expect(screen.queryByText("Error")).not.toBeInTheDocument();
  });

  it("a new report marks the account lists (recent accounts, history) stale, as the analyser does", async () => {
    const { user, queryClient } = setup();
    const recent = ["/api/accounts", { scope: "recent", limit: 10 }];
    const history = ["/api/accounts", { scope: "history" }];
    queryClient.setQueryData(recent, { accounts: [] });
    queryClient.setQueryData(history, { accounts: [] });
    await discover(user);
    expect(queryClient.getQueryState(recent)?.isInvalidated).toBe(false);
    await user.click(screen.getByRole("button", { name: "Generate report for @fit_anna" }));
    await waitFor(() => expect(openSpy).toHaveBeenCalled());
    expect(queryClient.getQueryState(recent)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(history)?.isInvalidated).toBe(true);
  });

  it("a blocked popup: 'Report Ready' with 'Open Report', 500 ms later", async () => {
    openSpy.mockReturnValueOnce(null);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const { user } = setup();
    await discover(user);
    await user.click(screen.getByRole("button", { name: "Generate report for @fit_bo" }));
    await waitFor(() => expect(openSpy).toHaveBeenCalledOnce());
    const blockedAt = Date.now();
    expect(await screen.findByText("Report Ready", undefined, { timeout: 2000 })).toBeInTheDocument();
    expect(Date.now() - blockedAt).toBeGreaterThanOrEqual(400);
    expect(screen.getByText("Click to view @fit_bo report")).toBeInTheDocument();
    expect(info).toHaveBeenCalled();
    // A plain click: sonner starts a swipe on pointerdown with setPointerCapture, which jsdom lacks.
    fireEvent.click(screen.getByRole("button", { name: "Open Report" }));
    expect(openSpy).toHaveBeenLastCalledWith("/report/instagram/fit_bo", "_blank");
  });

  it.each([
    [
      "a 429 with REPORT_LIMIT_EXCEEDED",
      {
        status: 429,
        json: {
          message: "You've used your free report.",
          code: "REPORT_LIMIT_EXCEEDED",
          requiresAuth: true,
        },
      },
    ],
    ["a 429 without a code", { status: 429, text: "Too Many Requests" }],
  ])(
    "%s fires 'auth-error' with REPORT_LIMIT_EXCEEDED: the sign-in dialog, no toast",
    async (_label, answer) => {
      const events: AuthErrorDetail[] = [];
      const listen = (event: Event) => events.push((event as CustomEvent<AuthErrorDetail>).detail);
      window.addEventListener(AUTH_ERROR_EVENT, listen);
      try {
        const { user } = setup("/influencer-discovery", { "POST /api/analyze": answer });
        await discover(user);
        await user.click(screen.getByRole("button", { name: "Generate report for @fit_anna" }));
        expect(await screen.findByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument();
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ code: "REPORT_LIMIT_EXCEEDED", requiresAuth: true });
        expect(events[0]!.message).toBeTruthy();
        expect(screen.queryByText("Failed to generate report. Please try again.")).not.toBeInTheDocument();
        expect(openSpy).not.toHaveBeenCalled();
        // Loading is cleared (the page is behind the modal dialog now).
        expect(
          screen.getByRole("button", { name: "Generate report for @fit_anna", hidden: true }),
        ).toBeEnabled();
      } finally {
        window.removeEventListener(AUTH_ERROR_EVENT, listen);
      }
    },
  );

  it.each([
    ["a server error", { status: 500, json: { message: "Something went wrong on our side." } }],
    [
      "an account that does not exist",
      { status: 404, json: { message: "No account", code: "ACCOUNT_NOT_FOUND" } },
    ],
    ["the request limit", { status: 429, json: { message: "Too many requests", code: "RATE_LIMITED" } }],
  ])("%s: the 'Error' toast", async (_label, answer) => {
    const { user } = setup("/influencer-discovery", { "POST /api/analyze": answer });
    await discover(user);
    await user.click(screen.getByRole("button", { name: "Generate report for @fit_anna" }));
    expect(await screen.findByText("Failed to generate report. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Generate report for @fit_anna" })).toBeEnabled();
  });
});

describe("DiscoveryPage: the account finder", () => {
  it("per-row analysis: in progress, 'Report Generated' after about 500 ms, then the new tab", async () => {
    const { user, calls } = setup("/influencer-discovery?tab=finder");
    await findAccounts(user);
    const clickedAt = Date.now();
    await user.click(screen.getByRole("button", { name: "Generate report for @vegan_chef" }));
    expect(screen.getByRole("button", { name: "Generating report for @vegan_chef" })).toBeDisabled();
    // The analysis answers at once, but the toast waits ~500 ms and the tab opens after it.
    await waitFor(() => expect(analyzeCalls(calls)).toHaveLength(1));
    expect(openSpy).not.toHaveBeenCalled();
    expect(await screen.findByText("Report Generated", undefined, { timeout: 2000 })).toBeInTheDocument();
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(450);
    expect(screen.getByText("Analysis complete for @vegan_chef")).toBeInTheDocument();
    await waitFor(() => expect(openSpy).toHaveBeenCalledWith("/report/instagram/vegan_chef", "_blank"));
    expect(screen.getByRole("button", { name: "Generate report for @vegan_chef" })).toBeEnabled();
  });

  it("a failed per-row analysis toasts 'Error'", async () => {
    const { user } = setup("/influencer-discovery?tab=finder", {
      "POST /api/analyze": { status: 502, json: { message: "Instagram did not answer" } },
    });
    await findAccounts(user);
    await user.click(screen.getByRole("button", { name: "Generate report for @vegan_chef" }));
    expect(
      await screen.findByText("Failed to generate report. Please try again.", undefined, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(openSpy).not.toHaveBeenCalled();
  });

  it.each([
    ["401", { status: 401, json: { message: "Please sign in", requiresAuth: true } }],
    ["429", { status: 429, json: { message: "Too many requests", code: "RATE_LIMITED" } }],
  ])("a %s on search opens the sign-in dialog, no toast", async (_label, answer) => {
    const { user } = setup("/influencer-discovery?tab=finder", { "POST /api/accounts/find": answer });
    await user.type(
      await screen.findByLabelText("Describe the accounts you're looking for"),
      "vegan cooking creators in Canada",
    );
    await user.click(screen.getByRole("button", { name: "Find Accounts" }));
    const dialog = await screen.findByRole("dialog", { name: "Sign in to continue" });
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByText("Search failed")).not.toBeInTheDocument();
  });

  it("a signed-in user over the request limit is told, not asked to sign in", async () => {
    const { user } = setup(
      "/influencer-discovery?tab=finder",
      {
        "POST /api/accounts/find": {
          status: 429,
          json: { message: "Too many requests", code: "RATE_LIMITED" },
        },
      },
      TEST_USER,
    );
    await user.type(
      await screen.findByLabelText("Describe the accounts you're looking for"),
      "vegan cooking creators in Canada",
    );
    await user.click(screen.getByRole("button", { name: "Find Accounts" }));
    expect(await screen.findByText("Search failed")).toBeInTheDocument();
    expect(screen.getByText("Too many requests")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("the finder's code loads only when its tab opens", async () => {
    const { user } = setup();
    expect(screen.queryByLabelText("Describe the accounts you're looking for")).not.toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Account Finder" }));
    const panel = screen.getByRole("tabpanel", { name: "Account Finder" });
    expect(await within(panel).findByRole("form", { name: "Account finder" })).toBeInTheDocument();
    await act(async () => undefined);
  });
});

describe("DiscoveryPage: analytics (spec §7)", () => {
  beforeEach(() => resetAnalytics());
  afterEach(() => resetAnalytics());

  it("a report made from a discovery row is an influencer analysis", async () => {
    mockSession({
      config: { pixelId: "123456789" },
      extra: { "POST /api/discovery/search": { json: discoveryResponse() }, ...analyzeOk },
    });
    renderWithApp(<DiscoveryPage />, { path: "/influencer-discovery" });
    const user = userEvent.setup();
    await discover(user);
    await user.click(screen.getByRole("button", { name: "Generate report for @fit_anna" }));
    await waitFor(() => expect(openSpy).toHaveBeenCalled());
    const earnings = makeAccount(SAMPLE.plain).metrics.earnings!;
    expect(pixelEvents()).toEqual([
      [
        "trackCustom",
        "InfluencerAnalysis",
        {
          platform: "instagram",
          username: "fit_anna",
          value: Math.round((earnings.low + earnings.high) / 2),
          currency: "USD",
        },
      ],
    ]);
  });
});
