// @vitest-environment jsdom
import "../../../testing/dom";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Account } from "#core/schemas/account";
import { resetAnalytics } from "../../../lib/analytics";
import { quotaSpent } from "../../../lib/quota-spent";
import { pixelEvents } from "../../../testing/pixel";
import { mockSession, renderWithApp } from "../../../testing/render";
import { makeAccount, SAMPLE } from "../../report/testing/account-fixture";
import { loadInputTools } from "../lib/load-input-tools";
import { AnalyzerForm, type AnalyzerFormProps } from "./analyzer-form";

const ACCOUNT = makeAccount(SAMPLE.plain);

type Extra = NonNullable<Parameters<typeof mockSession>[0]>["extra"];

let openSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  openSpy = vi.fn(() => ({ opener: window }));
  vi.stubGlobal("open", openSpy);
});

afterEach(() => {
  // Sonner keeps its toasts between renders: start each test with none.
  toast.dismiss();
});

async function renderForm(props: AnalyzerFormProps = {}, extra: Extra = {}, path = "/") {
  const api = mockSession({
    extra: { "POST /api/analyze": { json: ACCOUNT }, ...extra },
  });
  const view = renderWithApp(<AnalyzerForm {...props} />, { path });
  const input = screen.getByLabelText("Username");
  // The parser arrives right after the first render.
  await act(async () => {
    await loadInputTools();
  });
  return { ...api, ...view, input, user: userEvent.setup() };
}

function analyzeCalls(calls: { method: string; url: string }[]) {
  return calls.filter((c) => c.method === "POST" && c.url === "/api/analyze");
}

describe("AnalyzerForm: fields and modes", () => {
  it("full mode: title, platform (default Instagram) and username, an Analyze button", async () => {
    await renderForm({ mode: "full", title: "Start Your Analysis" });
    expect(screen.getByRole("heading", { name: "Start Your Analysis" })).toBeInTheDocument();
    const platform = screen.getByLabelText("Platform") as HTMLSelectElement;
    expect(platform.value).toBe("instagram");
    expect([...platform.options].map((o) => o.textContent)).toEqual(["Instagram", "TikTok", "YouTube"]);
    expect(screen.getByLabelText("Username")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Analyze" })).toBeEnabled();
  });

  it("compact mode has a Search button; with an empty username it goes to the home page", async () => {
    const { location, calls } = await renderForm({ mode: "compact" }, {}, "/influencer-insight");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(location.history?.at(-1)).toBe("/");
    expect(analyzeCalls(calls)).toHaveLength(0);
  });

  it("compact mode with a username analyses instead", async () => {
    const { input, user, calls, location } = await renderForm({ mode: "compact" }, {}, "/influencer-insight");
    await user.type(input, "natgeo");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(analyzeCalls(calls)).toHaveLength(1));
    expect(location.history?.at(-1)).toBe("/influencer-insight");
  });

  it("collapses behind 'Hide Search Form' / 'Show Search Form'", async () => {
    await renderForm({ collapsible: true });
    const hide = screen.getByRole("button", { name: "Hide Search Form" });
    expect(hide).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(hide);
    expect(screen.queryByLabelText("Username")).not.toBeInTheDocument();
    const show = screen.getByRole("button", { name: "Show Search Form" });
    expect(show).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(show);
    expect(screen.getByLabelText("Username")).toBeInTheDocument();
  });

  it("simple mode collapses behind 'Analyze Another Account'", async () => {
    mockSession();
    renderWithApp(<AnalyzerForm mode="simple" collapsible defaultCollapsed />);
    expect(screen.queryByLabelText("Username")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Analyze Another Account" }));
    expect(await screen.findByLabelText("Username")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Hide Search Form" })).toBeInTheDocument();
  });
});

describe("AnalyzerForm: the parser as the user types", () => {
  it("says what it reads, quietly: handle, kind and confidence", async () => {
    const { input, user } = await renderForm();
    await user.type(input, "@NatGeo");
    expect(screen.getByTestId("input-feedback")).toHaveTextContent(
      "Reads as @natgeo (@mention, high confidence).",
    );
    await user.clear(input);
    await user.type(input, "Cristiano Ronaldo");
    expect(screen.getByTestId("input-feedback")).toHaveTextContent(
      "Reads as @cristiano (display name, medium confidence).",
    );
  });

  it("notices a link to another platform", async () => {
    const { input, user } = await renderForm();
    await user.type(input, "https://www.tiktok.com/@khaby.lame");
    expect(screen.getByTestId("input-feedback")).toHaveTextContent(
      "Reads as @khaby.lame (profile link, high confidence) — a TikTok link, so TikTok will be analysed.",
    );
  });

  it("offers up to three suggestions when unsure; clicking one replaces the input", async () => {
    const { input, user } = await renderForm();
    await user.type(input, "john..doe");
    const box = screen.getByRole("group", { name: "Did you mean one of these?" });
    const buttons = within(box).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["@johndoe", "@john.doe", "@john_doe"]);
    await user.click(within(box).getByRole("button", { name: "@john.doe" }));
    expect(input).toHaveValue("john.doe");
    expect(input).toHaveFocus();
    expect(screen.queryByRole("group", { name: "Did you mean one of these?" })).not.toBeInTheDocument();
  });

  it("shows no suggestions box for a confident reading", async () => {
    const { input, user } = await renderForm();
    await user.type(input, "natgeo");
    expect(screen.queryByRole("group", { name: "Did you mean one of these?" })).not.toBeInTheDocument();
  });
});

describe("AnalyzerForm: submitting", () => {
  it("Enter with an empty username does nothing", async () => {
    const { input, user, calls } = await renderForm();
    await user.type(input, "   {Enter}");
    expect(analyzeCalls(calls)).toHaveLength(0);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("the button with an empty username says 'Username is required'", async () => {
    const { user, calls } = await renderForm();
    await user.click(screen.getByRole("button", { name: "Analyze" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Username is required");
    expect(screen.getByLabelText("Username")).toHaveAttribute("aria-invalid", "true");
    expect(analyzeCalls(calls)).toHaveLength(0);
  });

  it("Enter submits the normalised handle (spec §5)", async () => {
    const { input, user, calls } = await renderForm();
    await user.type(input, "@NatGeo{Enter}");
    await waitFor(() => expect(analyzeCalls(calls)).toHaveLength(1));
    expect(analyzeCalls(calls)[0]).toMatchObject({ body: { username: "natgeo", platform: "instagram" } });
  });

  it("a profile link to another platform analyses that platform", async () => {
    const { input, user, calls } = await renderForm();
    await user.type(input, "https://www.tiktok.com/@khaby.lame{Enter}");
    await waitFor(() => expect(analyzeCalls(calls)).toHaveLength(1));
    expect(analyzeCalls(calls)[0]).toMatchObject({ body: { username: "khaby.lame", platform: "tiktok" } });
  });

  it("over the platform's limit: the spec's toast, and nothing is sent", async () => {
    const { input, user, calls } = await renderForm();
    await user.selectOptions(screen.getByLabelText("Platform"), "tiktok");
    await user.type(input, "a very long display name that is long{Enter}");
    const toast = await screen.findByText(
      "TikTok usernames must be 24 characters or less. Try using one of the suggested alternatives.",
      { selector: "[data-sonner-toast] *" },
    );
    expect(toast).toBeInTheDocument();
    expect(analyzeCalls(calls)).toHaveLength(0);
  });

  it("a link that is not a profile is refused with the parser's reason", async () => {
    const { input, user, calls } = await renderForm();
    await user.type(input, "https://instagram.com/p/abc{Enter}");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This is a link to an Instagram post, not a profile.",
    );
    expect(analyzeCalls(calls)).toHaveLength(0);
  });

  it("reads 'Processing...' while pending and shows the progress", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { input, user, fetchMock } = await renderForm();
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args: Parameters<typeof fetch>) => {
      if (String(args[0]).startsWith("/api/analyze")) await gate;
      return original(...args);
    });
    await user.type(input, "natgeo{Enter}");
    const button = await screen.findByRole("button", { name: "Processing..." });
    expect(button).toBeDisabled();
    expect(screen.getByRole("progressbar", { name: "Analysis progress" })).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByRole("button", { name: "Analyze" })).toBeEnabled();
  });
});

describe("AnalyzerForm: success", () => {
  it("counts the report, toasts, opens the report in a new tab and resets", async () => {
    const onReportGenerated = vi.fn();
    const { input, user } = await renderForm({ onReportGenerated });
    await user.type(input, "gabrielthomas{Enter}");
    expect(await screen.findByText("Report Generated")).toBeInTheDocument();
    expect(screen.getByText("Analysis complete for @gabrielthomas")).toBeInTheDocument();
    expect(onReportGenerated).toHaveBeenCalledWith(expect.objectContaining({ username: "gabrielthomas" }));
    expect(openSpy).toHaveBeenCalledWith("/report/instagram/gabrielthomas", "_blank");
    expect(input).toHaveValue("");
  });

  it("shows the report in the page instead when asked to", async () => {
    const onShowReport = vi.fn<(account: Account) => void>();
    const { input, user } = await renderForm({ onShowReport });
    await user.type(input, "gabrielthomas{Enter}");
    await waitFor(() => expect(onShowReport).toHaveBeenCalledOnce());
    expect(onShowReport.mock.calls[0]![0].username).toBe("gabrielthomas");
    expect(openSpy).not.toHaveBeenCalled();
  });

  it("a blocked popup gives, 500 ms later, a 'Report Ready' toast with 'Open Report'", async () => {
    openSpy.mockReturnValueOnce(null);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const { input, user } = await renderForm();
    await user.type(input, "gabrielthomas{Enter}");
    await screen.findByText("Report Generated");
    const startedAt = Date.now();
    expect(await screen.findByText("Report Ready", undefined, { timeout: 2000 })).toBeInTheDocument();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(300);
    expect(screen.getByText("Click to view @gabrielthomas report")).toBeInTheDocument();
    expect(info).toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Open Report" }));
    expect(openSpy).toHaveBeenLastCalledWith("/report/instagram/gabrielthomas", "_blank");
  });
});

describe("AnalyzerForm: errors (spec §8)", () => {
  it.each([
    [
      "a 429 over the quota",
      {
        status: 429,
        json: {
          message: "You've used your free report. Sign in for more.",
          code: "REPORT_LIMIT_EXCEEDED",
          requiresAuth: true,
        },
      },
    ],
    ["a 401 saying you need to log in", { status: 401, json: { message: "You need to log in to continue" } }],
    ["a 401 with requiresAuth", { status: 401, json: { message: "Please sign in", requiresAuth: true } }],
  ])("%s opens the sign-in dialog, no toast", async (_label, answer) => {
    const { input, user } = await renderForm({}, { "POST /api/analyze": answer });
    await user.type(input, "natgeo{Enter}");
    expect(await screen.findByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument();
    expect(screen.queryByText("Error analyzing account")).not.toBeInTheDocument();
  });

  it("other errors are a destructive toast with the message", async () => {
    const { input, user } = await renderForm(
      {},
      {
        "POST /api/analyze": {
          status: 404,
          json: { message: "No Instagram account @natgeo was found", code: "ACCOUNT_NOT_FOUND" },
        },
      },
    );
    await user.type(input, "natgeo{Enter}");
    expect(await screen.findByText("Error analyzing account")).toBeInTheDocument();
    expect(screen.getByText("No Instagram account @natgeo was found")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // The input stays for another try.
    expect(input).toHaveValue("natgeo");
  });

  it("a rate limit is a toast, not the sign-in dialog", async () => {
    const { input, user } = await renderForm(
      {},
      {
        "POST /api/analyze": {
          status: 429,
          json: { message: "Too many requests: rate limit reached", code: "RATE_LIMITED" },
        },
      },
    );
    await user.type(input, "natgeo{Enter}");
    expect(await screen.findByText("Error analyzing account")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

/** A stand-in EventSource that replays a script of server events. */
function fakeEventSource(script: (emit: (type: string, data?: unknown) => void) => void) {
  const urls: string[] = [];
  class FakeEventSource extends EventTarget {
    readonly url: string;
    readonly withCredentials: boolean;
    closed = false;
    constructor(url: string, init?: EventSourceInit) {
      super();
      this.url = url;
      this.withCredentials = init?.withCredentials ?? false;
      urls.push(url);
      setTimeout(() =>
        script((type, data) => {
          if (this.closed) return;
          const event =
            data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
          this.dispatchEvent(event);
        }),
      );
    }
    close() {
      this.closed = true;
    }
  }
  vi.stubGlobal("EventSource", FakeEventSource);
  return urls;
}

describe("AnalyzerForm: the analysis stream", () => {
  it("follows the stages on the progress bar, then opens the report", async () => {
    let next: (() => void)[] = [];
    const urls = fakeEventSource((emit) => {
      next = [
        () => emit("stage", { stage: "fetching" }),
        () => emit("stage", { stage: "analyzing", detail: "27 posts" }),
        () => emit("stage", { stage: "writing" }),
        () => emit("done", ACCOUNT),
      ];
      emit("stage", { stage: "parsing" });
    });
    const { input, user, calls } = await renderForm();
    await user.type(input, "@GabrielThomas{Enter}");
    expect(await screen.findByText("Checking the input…")).toBeInTheDocument();
    expect(urls).toEqual(["/api/analyze/stream?platform=instagram&username=gabrielthomas"]);
    const bar = screen.getByRole("progressbar", { name: "Analysis progress" });
    for (const [step, label] of [
      [0, "Fetching profile"],
      [1, "Analysing 27 posts"],
      [2, "Writing report"],
    ] as const) {
      act(() => next[step]!());
      expect(await screen.findByText(`${label}…`)).toBeInTheDocument();
      expect(bar).toHaveAttribute("aria-valuetext", label);
    }
    act(() => next[3]!());
    expect(await screen.findByText("Report Generated")).toBeInTheDocument();
    expect(openSpy).toHaveBeenCalledWith("/report/instagram/gabrielthomas", "_blank");
    expect(analyzeCalls(calls)).toHaveLength(0);
  });

  it("the stream's quota event tells whether the report spent a unit (a stored one is free)", async () => {
    for (const spent of [false, true]) {
      fakeEventSource((emit) => {
        emit("stage", { stage: "parsing" });
        emit("quota", { spent });
        emit("done", ACCOUNT);
      });
      const generated: Account[] = [];
      const { input, user, unmount } = await renderForm({ onReportGenerated: (a) => generated.push(a) });
      await user.type(input, "gabrielthomas{Enter}");
      await waitFor(() => expect(generated).toHaveLength(1));
      expect(quotaSpent(generated[0]!), `spent: ${spent}`).toBe(spent);
      unmount();
      toast.dismiss();
    }
  });

  it("an error event that asks for sign-in opens the dialog", async () => {
    fakeEventSource((emit) =>
      emit("error", {
        message: "Daily limit reached",
        code: "REPORT_LIMIT_EXCEEDED",
        requiresAuth: true,
        status: 429,
      }),
    );
    const { input, user } = await renderForm();
    await user.type(input, "natgeo{Enter}");
    expect(await screen.findByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument();
    expect(screen.queryByText("Error analyzing account")).not.toBeInTheDocument();
  });

  it("an error event with a plain failure is the error toast", async () => {
    fakeEventSource((emit) =>
      emit("error", { message: "Instagram could not be reached", code: "UPSTREAM_UNREACHABLE", status: 503 }),
    );
    const { input, user } = await renderForm();
    await user.type(input, "natgeo{Enter}");
    expect(await screen.findByText("Error analyzing account")).toBeInTheDocument();
    expect(screen.getByText("Instagram could not be reached")).toBeInTheDocument();
  });

  it("falls back to POST /api/analyze when the stream cannot be opened", async () => {
    fakeEventSource((emit) => emit("error"));
    const { input, user, calls } = await renderForm();
    await user.type(input, "gabrielthomas{Enter}");
    expect(await screen.findByText("Report Generated")).toBeInTheDocument();
    expect(analyzeCalls(calls)).toHaveLength(1);
  });
});

describe("AnalyzerForm: analytics (spec §7)", () => {
  // Earlier tests configured analytics (without a pixel) for this page: start from scratch.
  beforeEach(() => resetAnalytics());
  afterEach(() => resetAnalytics());

  async function renderWithPixel(pixelId: string | null, analyze: NonNullable<Extra>[string]) {
    const api = mockSession({ config: { pixelId }, extra: { "POST /api/analyze": analyze } });
    const view = renderWithApp(<AnalyzerForm />);
    await act(async () => {
      await loadInputTools();
    });
    return { ...api, ...view, input: screen.getByLabelText("Username"), user: userEvent.setup() };
  }

  it("with a pixel: a search, then an influencer analysis with the estimated earnings as value", async () => {
    const { input, user } = await renderWithPixel("123456789", { json: ACCOUNT });
    await user.type(input, "@GabrielThomas{Enter}");
    await screen.findByText("Report Generated");
    const earnings = ACCOUNT.metrics.earnings;
    expect(earnings).not.toBeNull();
    expect(pixelEvents()).toEqual([
      ["track", "Search", { search_string: "gabrielthomas", content_category: "instagram" }],
      [
        "trackCustom",
        "InfluencerAnalysis",
        {
          platform: "instagram",
          username: "gabrielthomas",
          value: Math.round((earnings!.low + earnings!.high) / 2),
          currency: "USD",
        },
      ],
    ]);
  });

  it("a failed analysis is a search without an analysis; an invalid form is neither", async () => {
    const { input, user } = await renderWithPixel("123456789", {
      status: 404,
      json: { message: "No Instagram account @nobody_here was found" },
    });
    await user.click(screen.getByRole("button", { name: "Analyze" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Username is required");
    await user.type(input, "nobody_here{Enter}");
    await screen.findByText("Error analyzing account");
    expect(pixelEvents()).toEqual([
      ["track", "Search", { search_string: "nobody_here", content_category: "instagram" }],
    ]);
  });

  it("without a pixel id nothing is loaded or sent", async () => {
    const { input, user } = await renderWithPixel(null, { json: ACCOUNT });
    await user.type(input, "gabrielthomas{Enter}");
    await screen.findByText("Report Generated");
    expect(window.fbq).toBeUndefined();
    expect(document.querySelector('script[src*="fbevents"]')).toBeNull();
  });
});
