// @vitest-environment jsdom
import "../../../testing/dom";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetAnalytics } from "../../../lib/analytics";
import { dispatchAuthError } from "../../../lib/api-client";
import { pixelEvents } from "../../../testing/pixel";
import { mockSession, renderWithApp, TEST_USER } from "../../../testing/render";
import { useSession } from "./session-provider";

function SessionProbe() {
  const session = useSession();
  return (
    <div>
      <p>status={session.status}</p>
      <button onClick={() => session.handleGoogleResponse({ select_by: "btn" })}>
        google without credential
      </button>
      <button onClick={() => session.handleGoogleResponse({ credential: "token-1", select_by: "btn" })}>
        google with credential
      </button>
    </div>
  );
}

async function renderSignedOut(config = {}, extra = {}) {
  const api = mockSession({ config, extra });
  const view = renderWithApp(<SessionProbe />);
  await screen.findByText("status=signedOut");
  return { ...api, ...view };
}

describe("SignInDialog", () => {
  it("opens on an auth-error event with requiresAuth and shows the limit text with the configured limit", async () => {
    await renderSignedOut({ userDailyReportLimit: 40 });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    act(() =>
      dispatchAuthError({
        message: "Daily report limit reached",
        code: "REPORT_LIMIT_EXCEEDED",
        requiresAuth: true,
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Sign in to continue" });
    expect(
      within(dialog).getByText(
        "You've reached the limit for free users. Sign in with Google to get up to 40 reports per day.",
      ),
    ).toBeInTheDocument();
  });

  it("also opens for REPORT_LIMIT_EXCEEDED without requiresAuth, but not for other errors", async () => {
    await renderSignedOut();
    act(() => dispatchAuthError({ message: "Too many requests", code: "RATE_LIMITED" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    act(() => dispatchAuthError({ message: "429: limit", code: "REPORT_LIMIT_EXCEEDED" }));
    expect(await screen.findByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument();
  });

  it("opens through window.showLoginPrompt and has the terms, privacy and enterprise footer", async () => {
    await renderSignedOut();
    expect(typeof window.showLoginPrompt).toBe("function");
    act(() => window.showLoginPrompt?.());
    const dialog = await screen.findByRole("dialog", { name: "Sign in to continue" });
    expect(
      within(dialog).getByText(
        "Sign in with Google to continue. Signed-in users get up to 50 reports per day.",
      ),
    ).toBeInTheDocument();
    const terms = within(dialog).getByRole("link", { name: "Terms of Service" });
    const privacy = within(dialog).getByRole("link", { name: "Privacy Policy" });
    expect(terms).toHaveAttribute("href", "/terms");
    expect(privacy).toHaveAttribute("href", "/privacy");
    expect(terms.closest("p")).toHaveTextContent(
      "By signing in, you agree to our Terms of Service and Privacy Policy.",
    );
    const contact = within(dialog).getByRole("link", { name: "Contact us" });
    expect(contact.getAttribute("href")).toMatch(/^mailto:/);
    expect(contact.closest("p")).toHaveTextContent(
      "Need enterprise access? Contact us for more information.",
    );
    // Without Google or dev login configured it says so instead of showing a dead button.
    expect(within(dialog).getByText(/Sign-in is not configured on this server/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("signs in with the development form, welcomes the user and closes", async () => {
    const { calls } = await renderSignedOut(
      { devLogin: true },
      { "POST /api/auth/dev-login": { json: TEST_USER } },
    );
    act(() => window.showLoginPrompt?.());
    const dialog = await screen.findByRole("dialog", { name: "Sign in to continue" });
    await userEvent.type(within(dialog).getByLabelText("E-mail (development sign-in)"), "ada@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Sign in (development)" }));
    expect(await screen.findByText("Login successful!")).toBeInTheDocument();
    expect(screen.getByText("Welcome to Test Brand.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((c) => c.url === "/api/auth/dev-login")?.body).toEqual({ email: "ada@example.com" });
  });

  it("refuses a Google response without a credential", async () => {
    const { calls } = await renderSignedOut();
    await userEvent.click(screen.getByRole("button", { name: "google without credential" }));
    expect(await screen.findByText("Login canceled")).toBeInTheDocument();
    expect(screen.getByText("Google sign-in was canceled or failed.")).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/auth/login")).toBe(false);
  });

  it("posts the Google credential and reports a failed login", async () => {
    const { calls } = await renderSignedOut(
      {},
      {
        "POST /api/auth/login": {
          status: 401,
          json: { message: "Invalid Google token", requiresAuth: true },
        },
      },
    );
    await userEvent.click(screen.getByRole("button", { name: "google with credential" }));
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("There was a problem logging in. Please try again.")).toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/auth/login")?.body).toEqual({ credential: "token-1" });
    expect(screen.getByText("status=signedOut")).toBeInTheDocument();
  });

  it("shows why a SIGNUP=domain or invite server refused the sign-in, and whom to ask", async () => {
    const message =
      "Only addresses at agency.example can sign in here. Ask the administrator (boss@example.com) if you need access.";
    toast.dismiss(); // Sonner keeps the toasts of the tests before.
    await renderSignedOut(
      {},
      { "POST /api/auth/login": { status: 403, json: { message, code: "SIGNUP_NOT_ALLOWED" } } },
    );
    await userEvent.click(screen.getByRole("button", { name: "google with credential" }));
    expect(await screen.findByText("This server did not admit you")).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText("Login failed")).not.toBeInTheDocument();
    expect(screen.getByText("status=signedOut")).toBeInTheDocument();
  });

  it("does not offer sign-in to a signed-in user who hits the daily limit", async () => {
    mockSession({ user: TEST_USER, count: 50 });
    renderWithApp(<SessionProbe />);
    await screen.findByText("status=signedIn");
    act(() => dispatchAuthError({ message: "Daily limit of 50 reached", code: "REPORT_LIMIT_EXCEEDED" }));
    expect(await screen.findByText("Daily report limit reached")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("SignInDialog: analytics (spec §7)", () => {
  beforeEach(() => resetAnalytics());
  afterEach(() => {
    resetAnalytics();
    // Sonner keeps its toasts between renders.
    toast.dismiss();
  });

  /** The mail client is not jsdom's to open: keep the click, skip the navigation. */
  function stopNavigation() {
    const stop = (event: Event) => event.preventDefault();
    window.addEventListener("click", stop);
    return () => window.removeEventListener("click", stop);
  }

  it("'Contact us' for enterprise access is a lead", async () => {
    await renderSignedOut({ pixelId: "123456789" });
    act(() => window.showLoginPrompt?.());
    const dialog = await screen.findByRole("dialog", { name: "Sign in to continue" });
    const restore = stopNavigation();
    await userEvent.click(within(dialog).getByRole("link", { name: "Contact us" }));
    restore();
    expect(pixelEvents()).toEqual([
      ["track", "Lead", { content_name: "enterprise_access", content_category: "sign-in-dialog" }],
    ]);
  });

  it("a development sign-in that creates the account is a registration", async () => {
    await renderSignedOut(
      { devLogin: true, pixelId: "123456789" },
      { "POST /api/auth/dev-login": { json: { ...TEST_USER, firstSignIn: true } } },
    );
    act(() => window.showLoginPrompt?.());
    const dialog = await screen.findByRole("dialog", { name: "Sign in to continue" });
    await userEvent.type(within(dialog).getByLabelText("E-mail (development sign-in)"), "ada@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Sign in (development)" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(pixelEvents()).toEqual([
      ["track", "CompleteRegistration", { content_name: "development", status: true }],
    ]);
  });

  it("without a pixel id the lead goes nowhere", async () => {
    await renderSignedOut();
    act(() => window.showLoginPrompt?.());
    const dialog = await screen.findByRole("dialog", { name: "Sign in to continue" });
    const restore = stopNavigation();
    await userEvent.click(within(dialog).getByRole("link", { name: "Contact us" }));
    restore();
    expect(window.fbq).toBeUndefined();
  });
});
