// @vitest-environment jsdom
import "../testing/dom";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PRICING_REFERENCE } from "#core/schemas/pricing";
import type { SettingsResponse } from "#core/schemas/settings";
import { mockSession, renderWithApp, TEST_USER } from "../testing/render";
import { SettingsPage } from "./settings-page";

const ADMIN = { ...TEST_USER, email: "admin@example.com", isAdmin: true };

const DEFAULTS: SettingsResponse["settings"] = {
  cacheEnabled: true,
  cacheExpiryDays: 7,
  autoRefresh: "never",
  modelRateLimitPerMinute: 5,
  model: "sonar-pro",
};

function settingsBody(overrides: Partial<SettingsResponse> = {}): SettingsResponse {
  return {
    settings: DEFAULTS,
    defaults: DEFAULTS,
    modelOptions: ["sonar-pro", "gpt-4o-mini"],
    aiEnabled: true,
    cacheClearedAt: null,
    updatedAt: null,
    ...overrides,
  };
}

type Extra = NonNullable<Parameters<typeof mockSession>[0]>["extra"];

const SOURCES = {
  sources: [
    {
      name: "instagram-web",
      platform: "instagram",
      official: false,
      configured: true,
      needs: null,
      state: "quiet",
      quietUntil: "2026-11-26T14:30:00.000Z",
      lastSuccessAt: null,
      lastFailure: {
        at: "2026-11-26T14:15:00.000Z",
        code: "RATE_LIMITED",
        message: "Instagram is rate limiting us",
      },
    },
    {
      name: "youtube-api",
      platform: "youtube",
      official: true,
      configured: false,
      needs: "YOUTUBE_API_KEY",
      state: "unconfigured",
      quietUntil: null,
      lastSuccessAt: null,
      lastFailure: null,
    },
  ],
};

function visit(user: typeof TEST_USER | null, extra: Extra = {}) {
  const api = mockSession({
    user,
    extra: {
      "GET /api/settings": { json: settingsBody() },
      "GET /api/admin/sources": { json: SOURCES },
      "GET /api/admin/index": {
        json: {
          accounts: [],
          growthPerDay: [],
          budgets: [],
          queue: { waiting: 0, read: 0, known: 0, failed: 0 },
          crawls: [],
        },
      },
      "GET /api/keys": { json: [] },
      "GET /api/settings/pricing": {
        json: {
          ...PRICING_REFERENCE,
          assumptions: PRICING_REFERENCE.defaults,
          source: "default",
          updatedAt: null,
        },
      },
      ...extra,
    },
  });
  return { ...api, ...renderWithApp(<SettingsPage />, { path: "/settings" }) };
}

const settingsCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith("/api/settings"));

let clicked: HTMLAnchorElement[] = [];
let clickSpy: { mockRestore(): void };
const objectUrls = URL as unknown as { createObjectURL?: unknown; revokeObjectURL?: unknown };
class FakeResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  // The switch measures itself (Radix); jsdom has no ResizeObserver.
  vi.stubGlobal("ResizeObserver", FakeResizeObserver);
  clicked = [];
  // jsdom cannot download: record the link the page clicks instead.
  clickSpy = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  objectUrls.createObjectURL = vi.fn(() => "blob:export");
  objectUrls.revokeObjectURL = vi.fn();
});
afterEach(() => {
  toast.dismiss();
  clickSpy.mockRestore();
  delete objectUrls.createObjectURL;
  delete objectUrls.revokeObjectURL;
});

describe("settings page: who may see it", () => {
  it("asks visitors to sign in, and the button opens the sign-in dialog", async () => {
    const { calls } = visit(null);
    expect(await screen.findByText("You need to be logged in to access settings.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument();
    expect(settingsCalls(calls)).toEqual([]);
  });

  it("refuses a signed-in user who is not the admin, without asking for the settings", async () => {
    const { calls } = visit(TEST_USER);
    expect(
      await screen.findByText(
        "You do not have permission to access settings. This page is restricted to specific users.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Settings" })).not.toBeInTheDocument();
    expect(settingsCalls(calls)).toEqual([]);
  });

  it("gives every signed-in user Settings → API keys (issue #23), and visitors nothing of it", async () => {
    visit(TEST_USER);
    expect(await screen.findByRole("form", { name: "Create an API key" })).toBeInTheDocument();
    expect(await screen.findByText("No API keys yet.")).toBeInTheDocument();
    cleanup();
    const { calls } = visit(null);
    await screen.findByText("You need to be logged in to access settings.");
    expect(screen.queryByRole("form", { name: "Create an API key" })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/keys")).toBe(false);
  });
});

describe("settings page for the admin", () => {
  const form = () => screen.findByRole("form", { name: "Settings" });

  it("shows the saved settings in the controls with the spec's options", async () => {
    visit(ADMIN);
    await form();
    expect(screen.getByRole("switch", { name: "Cache reports" })).toBeChecked();
    const expiry = screen.getByRole("combobox", { name: "Cache expiry" });
    expect(expiry).toHaveValue("7");
    expect(
      within(expiry)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["1 day", "3 days", "7 days", "14 days", "30 days", "Never"]);
    const refresh = screen.getByRole("combobox", { name: "Auto-refresh" });
    expect(
      within(refresh)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Never", "When a report is viewed", "Daily", "Weekly"]);
    const rate = screen.getByRole("combobox", { name: "Rate limit" });
    expect(rate).toHaveValue("5");
    expect(
      within(rate)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["5 requests per minute", "10 requests per minute", "Unlimited"]);
    const model = screen.getByRole("combobox", { name: "Model" });
    expect(model).toHaveValue("sonar-pro");
    expect(
      within(model)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["sonar-pro", "gpt-4o-mini", "Other model…"]);
    // Nothing to save until something changes.
    expect(screen.getByRole("button", { name: "Save settings" })).toBeDisabled();
    expect(screen.getByText("Using the defaults.")).toBeInTheDocument();
  });

  it("saves only what changed and says 'Settings saved'", async () => {
    const saved = {
      ...DEFAULTS,
      cacheEnabled: false,
      autoRefresh: "daily" as const,
      modelRateLimitPerMinute: null,
    };
    const { calls } = visit(ADMIN, {
      "PUT /api/settings": { json: settingsBody({ settings: saved, updatedAt: "2026-11-22T12:00:00.000Z" }) },
    });
    await form();
    const user = userEvent.setup();
    await user.click(screen.getByRole("switch", { name: "Cache reports" }));
    // With the cache off, its expiry cannot be chosen.
    expect(screen.getByRole("combobox", { name: "Cache expiry" })).toBeDisabled();
    await user.selectOptions(screen.getByRole("combobox", { name: "Auto-refresh" }), "Daily");
    await user.selectOptions(screen.getByRole("combobox", { name: "Rate limit" }), "Unlimited");
    expect(screen.getByText("You have unsaved changes.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText("Settings saved")).toBeInTheDocument();
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.url).toBe("/api/settings");
    expect(put.body).toEqual({ cacheEnabled: false, autoRefresh: "daily", modelRateLimitPerMinute: null });
    expect(put.headers["content-type"]).toBe("application/json");
    expect(await screen.findByText("Last saved Nov 22, 2026.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Rate limit" })).toHaveValue("unlimited");
  });

  it("takes a model typed by name, and refuses a name that is not one", async () => {
    const { calls } = visit(ADMIN, {
      "PUT /api/settings": ({ body }) => ({
        json: settingsBody({
          settings: { ...DEFAULTS, ...(body as object) },
          updatedAt: "2026-11-22T12:00:00.000Z",
        }),
      }),
    });
    await form();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole("combobox", { name: "Model" }), "Other model…");
    const name = screen.getByRole("textbox", { name: "Model name" });
    await user.clear(name);
    await user.type(name, "gpt-4o; rm");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "model must be 1 to 100 letters, digits or . _ : / - and start with a letter or digit",
    );
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
    await user.clear(name);
    await user.type(name, "llama3.1:8b");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText("Settings saved")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({ model: "llama3.1:8b" });
    // The saved model is not one of the offered names: it stays in the text field.
    expect(await screen.findByRole("textbox", { name: "Model name" })).toHaveValue("llama3.1:8b");
  });

  it("shows a refused save as a destructive toast with the server's message", async () => {
    visit(ADMIN, {
      "PUT /api/settings": {
        status: 400,
        json: { message: "cacheExpiryDays must be 1, 3, 7, 14 or 30 days", code: "VALIDATION_ERROR" },
      },
    });
    await form();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole("combobox", { name: "Cache expiry" }), "Never");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText("Error saving settings")).toBeInTheDocument();
    expect(screen.getByText("cacheExpiryDays must be 1, 3, 7, 14 or 30 days")).toBeInTheDocument();
    // The change is kept for another try.
    expect(screen.getByRole("combobox", { name: "Cache expiry" })).toHaveValue("never");
  });

  it("says when no language model is configured", async () => {
    visit(ADMIN, { "GET /api/settings": { json: settingsBody({ aiEnabled: false }) } });
    expect(
      await screen.findByText(/No language model is configured \(LLM_API_KEY is not set\)/),
    ).toBeInTheDocument();
  });

  it("'Clear cache' asks the server and says 'Cache cleared'", async () => {
    const { calls } = visit(ADMIN, {
      "POST /api/settings/cache/clear": { json: { clearedAt: "2026-11-22T12:00:00.000Z" } },
    });
    await form();
    await userEvent.click(screen.getByRole("button", { name: "Clear cache" }));
    expect(await screen.findByText("Cache cleared")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST" && c.url === "/api/settings/cache/clear")).toHaveLength(1);
    // The settings are read again (the screen shows when the cache was last cleared).
    await waitFor(() => expect(calls.filter((c) => c.url === "/api/settings")).toHaveLength(2));
  });

  it("shows a failed clear as a destructive toast", async () => {
    visit(ADMIN, {
      "POST /api/settings/cache/clear": { status: 403, json: { message: "You do not have permission" } },
    });
    await form();
    await userEvent.click(screen.getByRole("button", { name: "Clear cache" }));
    expect(await screen.findByText("Error clearing cache")).toBeInTheDocument();
    expect(screen.getByText("You do not have permission")).toBeInTheDocument();
  });

  it("exports CSV and JSON as downloads and says 'Data exported'", async () => {
    const { calls } = visit(ADMIN, {
      "GET /api/settings/export": ({ url }) =>
        url.endsWith("format=csv") ? { text: "id,platform\r\n1,instagram\r\n" } : { json: { accounts: [] } },
    });
    await form();
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Data exported")).toBeInTheDocument();
    const today = new Date().toISOString().slice(0, 10);
    expect(screen.getByText(`Saved accounts-${today}.csv`)).toBeInTheDocument();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe(`accounts-${today}.csv`);
    expect(clicked[0]!.getAttribute("href")).toBe("blob:export");
    toast.dismiss();
    await userEvent.click(screen.getByRole("button", { name: "Export JSON" }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked[1]!.download).toBe(`accounts-${today}.json`);
    expect(calls.filter((c) => c.url.startsWith("/api/settings/export")).map((c) => c.url)).toEqual([
      "/api/settings/export?format=csv",
      "/api/settings/export?format=json",
    ]);
  });

  it("shows a failed export as a destructive toast and downloads nothing", async () => {
    visit(ADMIN, {
      "GET /api/settings/export": { status: 500, json: { message: "Something went wrong on our side." } },
    });
    await form();
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Error exporting data")).toBeInTheDocument();
    expect(screen.getByText("Something went wrong on our side.")).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });

  it("'Delete all' asks 'Are you absolutely sure?' first, then deletes and says so", async () => {
    const { calls } = visit(ADMIN, {
      "DELETE /api/settings/data": {
        json: {
          deleted: { accounts: 12, reports: 30, posts: 300, snapshots: 30, history: 4 },
          sampleCreatorsKept: 2000,
        },
      },
    });
    await form();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Delete all data" }));
    let dialog = await screen.findByRole("dialog", { name: "Are you absolutely sure?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Delete all data" }));
    dialog = await screen.findByRole("dialog", { name: "Are you absolutely sure?" });
    expect(dialog).toHaveTextContent(/Sample creators are kept/);
    await user.click(within(dialog).getByRole("button", { name: "Yes, delete everything" }));
    expect(await screen.findByText("All data deleted")).toBeInTheDocument();
    expect(
      screen.getByText("Deleted 12 accounts and 30 reports. Sample creators were kept."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const deletes = calls.filter((c) => c.method === "DELETE");
    expect(deletes.map((c) => c.url)).toEqual(["/api/settings/data"]);
    expect(deletes[0]!.body).toBeUndefined();
  });

  it("keeps the dialog open and says why when deleting fails", async () => {
    visit(ADMIN, {
      "DELETE /api/settings/data": { status: 500, json: { message: "Something went wrong on our side." } },
    });
    await form();
    fireEvent.click(screen.getByRole("button", { name: "Delete all data" }));
    const dialog = await screen.findByRole("dialog", { name: "Are you absolutely sure?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes, delete everything" }));
    expect(await screen.findByText("Error deleting data")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Are you absolutely sure?" })).toBeInTheDocument();
  });

  it("says so when the settings cannot be loaded", async () => {
    visit(ADMIN, {
      "GET /api/settings": { status: 500, json: { message: "Something went wrong on our side." } },
    });
    expect(await screen.findByText("Settings could not be loaded")).toBeInTheDocument();
  });
});

describe("settings page: data sources", () => {
  it("lists each source with its state and what it needs, and tests one with the Test button", async () => {
    const { calls } = visit(ADMIN, {
      "POST /api/admin/sources/instagram-web/test": {
        json: {
          name: "instagram-web",
          ok: true,
          handle: "instagram",
          ms: 412,
          account: { username: "instagram", followers: 690000000, posts: 12, verified: true },
          error: null,
          source: { ...SOURCES.sources[0], state: "ok", quietUntil: null },
        },
      },
    });
    const web = await screen.findByTestId("source-instagram-web");
    expect(within(web).getByText("Resting")).toBeInTheDocument();
    expect(within(web).getByText(/^Resting until /)).toBeInTheDocument();
    expect(within(web).getByText(/RATE_LIMITED/)).toBeInTheDocument();
    const yt = screen.getByTestId("source-youtube-api");
    expect(within(yt).getByText("Needs YOUTUBE_API_KEY.")).toBeInTheDocument();
    expect(within(yt).getByRole("button", { name: "Test youtube-api" })).toBeDisabled();
    await userEvent.click(within(web).getByRole("button", { name: "Test instagram-web" }));
    expect(await screen.findByText("instagram-web works")).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/admin/sources/instagram-web/test")).toBe(true);
  });
});
