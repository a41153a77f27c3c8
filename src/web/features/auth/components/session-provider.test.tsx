// @vitest-environment jsdom
import "../../../testing/dom";
import { useQuery } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReportCount } from "#core/schemas/auth";
import { api } from "../../../lib/api-client";
import { countBody, type MockApiCall, mockSession, renderWithApp, TEST_USER } from "../../../testing/render";
import { DEFAULT_HISTORY_FILTERS, historyQueryOptions, historyUrl } from "../../history/api/get-history";
import { settingsQueryOptions } from "../../settings/api/get-settings";
import { reportCountQueryKey } from "../api/get-report-count";
import { useSession } from "./session-provider";

/** The session as a page sees it, plus a cached query that depends on who is asking. */
function SessionProbe() {
  const session = useSession();
  const accounts = useQuery({ queryKey: ["/api/accounts"], queryFn: () => api.get("/api/accounts") });
  return (
    <div>
      <p>status={session.status}</p>
      <p>user={session.user?.email ?? "none"}</p>
      <p>count={session.reportCount}</p>
      <p>remaining={session.reportsRemaining ?? "unknown"}</p>
      <p>accounts={JSON.stringify(accounts.data ?? null)}</p>
      <button onClick={() => session.signInWithDevEmail("ada@example.com")}>dev sign in</button>
      <button onClick={session.signOut}>sign out</button>
    </div>
  );
}

afterEach(() => {
  toast.dismiss();
});

const callsTo = (calls: MockApiCall[], url: string) => calls.filter((c) => c.url === url).length;

/** A server whose answers depend on whether the visitor is signed in (like the real one). */
function statefulServer(initiallySignedIn: boolean, { logoutStatus = 200 } = {}) {
  const state = { signedIn: initiallySignedIn };
  const api = mockSession({
    config: { devLogin: true },
    extra: {
      "GET /api/reports/count": () => ({ json: countBody(state.signedIn, state.signedIn ? 3 : 1) }),
      "GET /api/auth/me": () =>
        state.signedIn ? { json: TEST_USER } : { status: 401, json: { message: "no", requiresAuth: true } },
      "GET /api/accounts": () => ({ json: [state.signedIn ? "users' accounts" : "visitors' accounts"] }),
      "POST /api/auth/dev-login": () => {
        state.signedIn = true;
        return { json: { ...TEST_USER, firstSignIn: false } };
      },
      "POST /api/auth/logout": () => {
        if (logoutStatus !== 200) return { status: logoutStatus, json: { message: "Database unavailable" } };
        state.signedIn = false;
        return { text: "OK" };
      },
    },
  });
  return { ...api, state };
}

/** Every report count the cache held, in order (to see the reset to 0 before the server's figure). */
function recordCounts(queryClient: ReturnType<typeof renderWithApp>["queryClient"]) {
  const seen: number[] = [];
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.query.queryKey[0] !== reportCountQueryKey[0]) return;
    const data = event.query.state.data as ReportCount | undefined;
    if (data && seen.at(-1) !== data.count) seen.push(data.count);
  });
  return seen;
}

describe("session transitions (spec §4)", () => {
  it("login success sets the user, refreshes the report count and the cached queries", async () => {
    const { calls } = statefulServer(false);
    renderWithApp(<SessionProbe />);
    await screen.findByText("status=signedOut");
    await screen.findByText('accounts=["visitors\' accounts"]');
    expect(screen.getByText("remaining=0")).toBeInTheDocument();
    const countsBefore = callsTo(calls, "/api/reports/count");

    await userEvent.click(screen.getByRole("button", { name: "dev sign in" }));
    expect(await screen.findByText("status=signedIn")).toBeInTheDocument();
    expect(screen.getByText("user=ada@example.com")).toBeInTheDocument();
    // The user's own count and quota, fetched again after the sign-in.
    expect(await screen.findByText("remaining=47")).toBeInTheDocument();
    expect(screen.getByText("count=3")).toBeInTheDocument();
    expect(callsTo(calls, "/api/reports/count")).toBe(countsBefore + 1);
    // Every other cached answer was invalidated and fetched again for the user.
    expect(await screen.findByText('accounts=["users\' accounts"]')).toBeInTheDocument();
    // The user came from the sign-in answer: not asked for again.
    expect(callsTo(calls, "/api/auth/me")).toBe(0);
  });

  it("logout success clears the user, resets the count to 0, and refreshes the cached queries", async () => {
    const { calls } = statefulServer(true);
    const { queryClient } = renderWithApp(<SessionProbe />);
    await screen.findByText("status=signedIn");
    await screen.findByText('accounts=["users\' accounts"]');
    expect(screen.getByText("count=3")).toBeInTheDocument();
    const seen = recordCounts(queryClient);

    await userEvent.click(screen.getByRole("button", { name: "sign out" }));
    expect(await screen.findByText("status=signedOut")).toBeInTheDocument();
    expect(screen.getByText("user=none")).toBeInTheDocument();
    expect(await screen.findByText('accounts=["visitors\' accounts"]')).toBeInTheDocument();
    // Reset to 0 at once, then the visitor's figure from the server.
    await waitFor(() => expect(seen).toEqual([0, 1]));
    expect(calls.filter((c) => c.url === "/api/auth/logout")).toHaveLength(1);
  });

  it("a sign-out never refetches what only a signed-in user may read (no 401 in the console)", async () => {
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        "POST /api/auth/logout": { text: "OK" },
        "GET /api/accounts": { json: [] },
        "GET /api/settings": { status: 403, json: { message: "Admins only" } },
      },
    });
    /** Like the history and settings pages: their queries are mounted only while signed in. */
    function SignedInViews() {
      const history = useQuery(historyQueryOptions(DEFAULT_HISTORY_FILTERS));
      const settings = useQuery(settingsQueryOptions());
      return (
        <p>
          views={history.status},{settings.status}
        </p>
      );
    }
    function Page() {
      const session = useSession();
      return (
        <>
          <p>status={session.status}</p>
          {session.isAuthenticated ? <SignedInViews /> : null}
          <button onClick={session.signOut}>sign out</button>
        </>
      );
    }
    renderWithApp(<Page />);
    await screen.findByText("views=success,error");
    await userEvent.click(screen.getByRole("button", { name: "sign out" }));
    await screen.findByText("status=signedOut");
    await waitFor(() => expect(callsTo(calls, "/api/reports/count")).toBe(2));
    const afterLogout = calls.slice(calls.findIndex((c) => c.url === "/api/auth/logout")).map((c) => c.url);
    expect(afterLogout).not.toContain(historyUrl(DEFAULT_HISTORY_FILTERS));
    expect(afterLogout).not.toContain("/api/settings");
  });

  it("a failed logout is only logged: the user stays signed in, nothing is refetched", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { calls } = statefulServer(true, { logoutStatus: 500 });
    renderWithApp(<SessionProbe />);
    await screen.findByText("status=signedIn");
    await screen.findByText('accounts=["users\' accounts"]');
    const before = calls.length;
    await userEvent.click(screen.getByRole("button", { name: "sign out" }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith("Logout failed:", "Database unavailable"));
    expect(screen.getByText("status=signedIn")).toBeInTheDocument();
    expect(screen.getByText("count=3")).toBeInTheDocument();
    expect(calls.slice(before).map((c) => c.url)).toEqual(["/api/auth/logout"]);
    expect(screen.queryByText("Login failed")).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it("a failed auth check means signed out", async () => {
    mockSession({
      extra: {
        // The count says there is a session, but the user cannot be read.
        "GET /api/reports/count": { json: countBody(true, 0) },
        "GET /api/auth/me": { status: 500, json: { message: "Database unavailable" } },
      },
    });
    renderWithApp(<SessionProbe />);
    expect(await screen.findByText("status=signedOut")).toBeInTheDocument();
    expect(screen.getByText("user=none")).toBeInTheDocument();
  });

  it("a failed report count still checks the user, and a 401 there is signed out", async () => {
    const { calls } = mockSession({
      extra: { "GET /api/reports/count": { status: 503, json: { message: "Service unavailable" } } },
    });
    renderWithApp(<SessionProbe />);
    expect(await screen.findByText("status=signedOut")).toBeInTheDocument();
    expect(callsTo(calls, "/api/auth/me")).toBe(1);
    expect(screen.getByText("remaining=unknown")).toBeInTheDocument();
  });

  it("counts a report locally, without asking the server", async () => {
    const { calls } = statefulServer(true);
    let increment = () => {};
    function Counter() {
      increment = useSession().incrementReportCount;
      return null;
    }
    renderWithApp(
      <>
        <SessionProbe />
        <Counter />
      </>,
    );
    await screen.findByText("remaining=47");
    const before = callsTo(calls, "/api/reports/count");
    act(() => increment());
    expect(await screen.findByText("count=4")).toBeInTheDocument();
    expect(screen.getByText("remaining=46")).toBeInTheDocument();
    expect(callsTo(calls, "/api/reports/count")).toBe(before);
  });
});
