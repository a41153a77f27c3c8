// @vitest-environment jsdom
import "../../../testing/dom";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppShell } from "../../../app/layout/app-shell";
import { resetAnalytics } from "../../../lib/analytics";
import { pixelEvents } from "../../../testing/pixel";
import { countBody, mockSession, renderWithApp, TEST_USER } from "../../../testing/render";
import type { GoogleCredentialResponse } from "../lib/google-identity";

const CLIENT_ID = "1234-test.apps.googleusercontent.com";

/**
 * Google Identity Services as the page sees it once https://accounts.google.com/gsi/client has run:
 * google.accounts.id with initialize() and renderButton(). The rendered button answers the way GIS
 * does, by calling the initialize() callback — with whatever `nextResponse` says.
 */
const gis = {
  initialized: [] as { client_id: string; callback: (r: GoogleCredentialResponse) => void }[],
  nextResponse: { credential: "google-id-token", select_by: "btn" } as GoogleCredentialResponse,
  api: {
    initialize(options: { client_id: string; callback: (r: GoogleCredentialResponse) => void }) {
      gis.initialized.push(options);
    },
    renderButton(parent: HTMLElement, options: { text?: string }) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = options.text === "signin_with" ? "Sign in with Google" : "Google";
      button.addEventListener("click", () => gis.initialized.at(-1)?.callback(gis.nextResponse));
      parent.appendChild(button);
    },
    disableAutoSelect() {},
  },
};

beforeEach(() => {
  vi.stubGlobal("google", { accounts: { id: gis.api } });
  gis.nextResponse = { credential: "google-id-token", select_by: "btn" };
  resetAnalytics();
});

afterEach(() => {
  toast.dismiss();
  resetAnalytics();
});

/** A visitor on a server with GOOGLE_CLIENT_ID; POST /api/auth/login waits for `release()`. */
function renderWithGoogle({ loginStatus = 200, firstSignIn = false, pixelId = null as string | null } = {}) {
  let signedIn = false;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const api = mockSession({
    config: { googleClientId: CLIENT_ID, pixelId },
    extra: {
      "GET /api/reports/count": () => ({ json: countBody(signedIn, 0) }),
      "GET /api/auth/me": () =>
        signedIn ? { json: TEST_USER } : { status: 401, json: { message: "no", requiresAuth: true } },
      "POST /api/auth/login": () => {
        if (loginStatus !== 200) {
          return { status: loginStatus, json: { message: "Google sign-in failed", requiresAuth: true } };
        }
        signedIn = true;
        return { json: { ...TEST_USER, firstSignIn } };
      },
    },
  });
  const answer = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    const response = await answer(input, init);
    if (String(input) === "/api/auth/login") await gate;
    return response;
  });
  const view = renderWithApp(<AppShell>page</AppShell>);
  return { ...api, ...view, release };
}

const banner = () => screen.getByRole("banner");

describe("Google sign-in (Google Identity Services)", () => {
  it("renders Google's button with the client id from the server, then the three states of the control", async () => {
    const { calls, release } = renderWithGoogle();
    const google = await within(banner()).findByRole("button", { name: "Sign in with Google" });
    expect(gis.initialized.at(-1)?.client_id).toBe(CLIENT_ID);

    await userEvent.click(google);
    // Signing in: a disabled 'Signing in...' in place of the Google button.
    const busy = await within(banner()).findByRole("button", { name: "Signing in..." });
    expect(busy).toBeDisabled();
    expect(within(banner()).queryByRole("button", { name: "Sign in with Google" })).not.toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/auth/login")?.body).toEqual({ credential: "google-id-token" });

    await act(async () => release());
    // Signed in: 'Sign Out', the welcome toast, the user's quota.
    expect(await within(banner()).findByRole("button", { name: "Sign Out" })).toBeEnabled();
    expect(screen.getByText("Login successful!")).toBeInTheDocument();
    expect(screen.getByText("Welcome to Test Brand.")).toBeInTheDocument();
    expect(await screen.findByText("Reports: 50 left")).toBeInTheDocument();
  });

  it("refuses a Google response without a credential: 'Login canceled', nothing sent", async () => {
    const { calls } = renderWithGoogle();
    gis.nextResponse = { select_by: "btn" };
    await userEvent.click(await within(banner()).findByRole("button", { name: "Sign in with Google" }));
    expect(await screen.findByText("Login canceled")).toBeInTheDocument();
    expect(screen.getByText("Google sign-in was canceled or failed.")).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/auth/login")).toBe(false);
    expect(within(banner()).getByRole("button", { name: "Sign in with Google" })).toBeInTheDocument();
  });

  it("a credential the server refuses: 'Login failed', still signed out", async () => {
    const { release } = renderWithGoogle({ loginStatus: 401 });
    release();
    await userEvent.click(await within(banner()).findByRole("button", { name: "Sign in with Google" }));
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("There was a problem logging in. Please try again.")).toBeInTheDocument();
    expect(await within(banner()).findByRole("button", { name: "Sign in with Google" })).toBeInTheDocument();
    expect(screen.queryByText(/Reports: \d+ left/)).not.toBeInTheDocument();
  });

  it("the dialog offers the Google button too, and closes once signed in", async () => {
    const { release } = renderWithGoogle();
    release();
    await within(banner()).findByRole("button", { name: "Sign in with Google" });
    act(() => window.showLoginPrompt?.());
    const dialog = await screen.findByRole("dialog", { name: "Sign in to continue" });
    expect(within(dialog).queryByText(/Sign-in is not configured/)).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText("E-mail (development sign-in)")).not.toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole("button", { name: "Sign in with Google" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(banner()).getByRole("button", { name: "Sign Out" })).toBeInTheDocument();
  });

  it("the first sign-in of an account is the registration event; later ones are not", async () => {
    const first = renderWithGoogle({ firstSignIn: true, pixelId: "123456789" });
    first.release();
    await userEvent.click(await within(banner()).findByRole("button", { name: "Sign in with Google" }));
    await within(banner()).findByRole("button", { name: "Sign Out" });
    await waitFor(() =>
      expect(pixelEvents()).toEqual([
        ["track", "CompleteRegistration", { content_name: "google", status: true }],
      ]),
    );
    first.unmount();

    resetAnalytics();
    const again = renderWithGoogle({ firstSignIn: false, pixelId: "123456789" });
    again.release();
    await userEvent.click(await within(banner()).findByRole("button", { name: "Sign in with Google" }));
    await within(banner()).findByRole("button", { name: "Sign Out" });
    await waitFor(() => expect(window.fbq).toBeDefined());
    expect(pixelEvents()).toEqual([]);
  });
});
