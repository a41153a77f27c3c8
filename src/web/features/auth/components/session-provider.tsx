import { type Query, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from "react";
import { toast } from "sonner";
import type { LoginResponse, User } from "#core/schemas/auth";
import { trackRegistration } from "../../../lib/analytics";
import { isApiError } from "../../../lib/api-client";
import { isSignedInOnly } from "../../../lib/query-client";
import { quotaSpent } from "../../../lib/quota-spent";
import { useDevLogin } from "../api/dev-login";
import { ME_PATH, meQueryOptions, useMe } from "../api/get-me";
import { incrementReportCount, resetReportCount, useReportCount } from "../api/get-report-count";
import { useLogin } from "../api/login";
import { useLogout } from "../api/logout";
import { type GoogleCredentialResponse, setGoogleCredentialHandler } from "../lib/google-identity";

export type SessionStatus = "loading" | "signedIn" | "signedOut";

export interface SessionContextValue {
  status: SessionStatus;
  user: User | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Reports made today by this visitor or user (0 until known). */
  reportCount: number;
  /** Reports left today for this visitor or user, or null while unknown. */
  reportsRemaining: number | null;
  /** A login request is in flight. */
  signingIn: boolean;
  signingOut: boolean;
  /** The Google Identity Services callback: refuses a response without a credential. */
  handleGoogleResponse: (response: GoogleCredentialResponse) => void;
  /** Development sign-in (DEV_LOGIN=1 servers). */
  signInWithDevEmail: (email: string) => void;
  signOut: () => void;
  /**
   * Spec §4: count one more report locally. Given the account the report came with, it counts only
   * when that answer spent a unit (a stored report that is fresh enough is free).
   */
  incrementReportCount: (account?: object) => void;
}

/** The sign-in refusal of a SIGNUP=invite or SIGNUP=domain server (its message says why and whom to ask). */
const SIGNUP_NOT_ALLOWED = "SIGNUP_NOT_ALLOWED";

const SessionContext = createContext<SessionContextValue | null>(null);

export const LOGIN_TOASTS = {
  success: (brand: string) => ({ title: "Login successful!", description: `Welcome to ${brand}.` }),
  failed: { title: "Login failed", description: "There was a problem logging in. Please try again." },
  canceled: { title: "Login canceled", description: "Google sign-in was canceled or failed." },
  refused: { title: "This server did not admit you" },
} as const;

/** Everything cached except the current user (which a sign-in or sign-out has just set). */
const allButMe = { predicate: (query: Query) => query.queryKey[0] !== ME_PATH };

export interface SessionProviderProps {
  children: ReactNode;
  /** For the welcome toast. */
  brandName: string;
}

/**
 * Session state of spec §4: loading → signed in / signed out.
 * GET /api/reports/count answers for everyone and says whether the request is signed in, so the
 * user is fetched (GET /api/auth/me) only when there is a session: visitors never get an expected
 * 401 (which browsers log as a console error). If the count fails, the user check runs anyway.
 */
export function SessionProvider({ children, brandName }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const count = useReportCount();
  const meEnabled = count.data?.signedIn === true || count.isError;
  const me = useMe({ enabled: meEnabled });
  const user = me.data ?? null;
  // A failed auth check means signed out.
  const status: SessionStatus = user
    ? "signedIn"
    : count.isPending || (meEnabled && me.isPending)
      ? "loading"
      : "signedOut";

  const onSignedIn = useCallback(
    async ({ firstSignIn, ...signedIn }: LoginResponse, method: "google" | "development") => {
      queryClient.setQueryData<User | null>(meQueryOptions().queryKey, signedIn);
      const welcome = LOGIN_TOASTS.success(brandName);
      toast.success(welcome.title, { description: welcome.description });
      // Spec §7 "registration": the sign-in that created the account.
      if (firstSignIn) trackRegistration({ method });
      // Refreshes the report count and every other cached answer that depends on who is asking.
      await queryClient.invalidateQueries(allButMe);
    },
    [queryClient, brandName],
  );
  const onLoginError = useCallback((error: Error) => {
    // Issue #37: a server that admits only invited people or some domains says why and whom to ask.
    if (isApiError(error) && error.code === SIGNUP_NOT_ALLOWED) {
      toast.error(LOGIN_TOASTS.refused.title, { description: error.message, duration: 20_000 });
      return;
    }
    toast.error(LOGIN_TOASTS.failed.title, { description: LOGIN_TOASTS.failed.description });
  }, []);

  const login = useLogin({ onSuccess: (result) => onSignedIn(result, "google"), onError: onLoginError });
  const devLogin = useDevLogin({
    onSuccess: (result) => onSignedIn(result, "development"),
    onError: onLoginError,
  });
  const logout = useLogout({
    // A signed-in-only request still in flight (the notification poll, say) would otherwise reach the
    // server after the session ends and earn a 401: abort them before the logout request goes out.
    onMutate: () => queryClient.cancelQueries({ predicate: isSignedInOnly }),
    onSuccess: async () => {
      // First drop what only a signed-in user may fetch, so the invalidation below cannot refetch it.
      queryClient.removeQueries({ predicate: isSignedInOnly });
      queryClient.setQueryData(meQueryOptions().queryKey, null);
      resetReportCount(queryClient);
      await queryClient.invalidateQueries(allButMe);
    },
    // Spec §4: a failed logout is only logged; the user stays signed in.
    onError: (error) => console.warn("Logout failed:", error.message),
  });

  const { mutate: loginMutate } = login;
  const handleGoogleResponse = useCallback(
    (response: GoogleCredentialResponse) => {
      if (!response.credential) {
        toast.error(LOGIN_TOASTS.canceled.title, { description: LOGIN_TOASTS.canceled.description });
        return;
      }
      loginMutate({ credential: response.credential });
    },
    [loginMutate],
  );

  useEffect(() => {
    setGoogleCredentialHandler(handleGoogleResponse);
  }, [handleGoogleResponse]);

  const { mutate: devLoginMutate } = devLogin;
  const { mutate: logoutMutate } = logout;
  const signInWithDevEmail = useCallback((email: string) => devLoginMutate({ email }), [devLoginMutate]);
  // The query client holds signed-in-only queries back while the sign-out is under way; when it fails
  // (the user stays signed in, spec §4) those a view mounted meanwhile, still without an answer, are
  // asked for now; nothing already shown is refetched. This callback runs once the mutation has
  // settled, when they are no longer held back.
  const signOut = useCallback(
    () =>
      logoutMutate(undefined, {
        onError: () =>
          void queryClient.refetchQueries({
            predicate: (query) => isSignedInOnly(query) && query.state.data === undefined,
            type: "active",
          }),
      }),
    [logoutMutate, queryClient],
  );
  // A stored report served free (decision 024) is not counted.
  const increment = useCallback(
    (account?: object) => {
      if (account && !quotaSpent(account)) return;
      incrementReportCount(queryClient);
    },
    [queryClient],
  );

  const value = useMemo<SessionContextValue>(
    () => ({
      status,
      user,
      isAuthenticated: status === "signedIn",
      isAdmin: user?.isAdmin ?? false,
      reportCount: count.data?.count ?? 0,
      // Right after a sign-in the cached count is still the visitor's: wait for the user's own.
      reportsRemaining:
        count.data && (status !== "signedIn" || count.data.signedIn) ? count.data.remaining : null,
      signingIn: login.isPending || devLogin.isPending,
      signingOut: logout.isPending,
      handleGoogleResponse,
      signInWithDevEmail,
      signOut,
      incrementReportCount: increment,
    }),
    [
      status,
      user,
      count.data,
      login.isPending,
      devLogin.isPending,
      logout.isPending,
      handleGoogleResponse,
      signInWithDevEmail,
      signOut,
      increment,
    ],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error("useSession must be used within a SessionProvider");
  return context;
}
