/** The global "show the sign-in dialog" entry point (spec §2: a global show-login-prompt function). */

export const SHOW_LOGIN_PROMPT_EVENT = "show-login-prompt";

export type SignInReason = "limit" | "required" | "prompt";

export interface ShowLoginPromptDetail {
  reason: SignInReason;
}

declare global {
  interface Window {
    /** Opens the sign-in dialog; defined while the dialog is mounted. */
    showLoginPrompt?: (reason?: SignInReason) => void;
  }
}

/** Asks the sign-in dialog to open. Safe to call from anywhere. */
export function showLoginPrompt(reason: SignInReason = "prompt"): void {
  window.dispatchEvent(
    new CustomEvent<ShowLoginPromptDetail>(SHOW_LOGIN_PROMPT_EVENT, { detail: { reason } }),
  );
}

/** Defines window.showLoginPrompt; returns the clean-up. */
export function installShowLoginPrompt(): () => void {
  window.showLoginPrompt = showLoginPrompt;
  return () => {
    if (window.showLoginPrompt === showLoginPrompt) delete window.showLoginPrompt;
  };
}
