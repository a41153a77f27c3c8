import { UNKNOWN_ERROR } from "#core/error-text";
import { type AuthErrorDetail, isApiError } from "../../../lib/api-client";

export { UNKNOWN_ERROR };
export const ANALYSIS_ERROR_TITLE = "Error analyzing account";

export type AnalysisErrorAction =
  | { kind: "ignore" }
  | { kind: "login"; detail: AuthErrorDetail }
  | { kind: "toast"; message: string };

/**
 * Spec §8 for the analyser: a 401 or 429 that asks for sign-in (requiresAuth, or a message about
 * needing to log in or a limit) opens the sign-in dialog without a toast; anything else is a
 * destructive toast with the message. A rate limit (too many requests) is not a sign-in matter.
 * A cancelled analysis (the page went away) says nothing.
 */
export function analysisErrorAction(error: unknown): AnalysisErrorAction {
  if (error instanceof DOMException && error.name === "AbortError") return { kind: "ignore" };
  if (isApiError(error)) {
    const authLike = error.requiresAuth || /need to log in|limit/i.test(error.message);
    if ((error.status === 401 || error.status === 429) && error.code !== "RATE_LIMITED" && authLike) {
      return {
        kind: "login",
        detail: { message: error.message, code: error.code, requiresAuth: true },
      };
    }
  }
  const message = error instanceof Error && error.message ? error.message : UNKNOWN_ERROR;
  return { kind: "toast", message };
}
