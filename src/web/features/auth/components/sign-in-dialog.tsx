import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { anonLimitText, signInPromptText } from "#core/quota-text";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { paths } from "../../../config/paths";
import { trackLead } from "../../../lib/analytics";
import { AUTH_ERROR_EVENT, type AuthErrorDetail, REPORT_LIMIT_EXCEEDED } from "../../../lib/api-client";
import {
  installShowLoginPrompt,
  SHOW_LOGIN_PROMPT_EVENT,
  type ShowLoginPromptDetail,
  type SignInReason,
} from "../lib/sign-in-prompt";
import { DevLoginForm } from "./dev-login-form";
import { GoogleSignInButton } from "./google-sign-in-button";
import { useSession } from "./session-provider";

export const SIGN_IN_TITLE = "Sign in to continue";

/** The limit text with the configured number (null until GET /api/config answered: no number). */
export function limitText(dailyLimit: number | null): string {
  return anonLimitText(dailyLimit);
}

export function promptText(dailyLimit: number | null): string {
  return signInPromptText(dailyLimit);
}

export interface SignInDialogProps {
  googleClientId: string | null;
  devLogin: boolean;
  /** Reports per day for signed-in users (config.userDailyReportLimit); null while unknown. */
  userDailyReportLimit: number | null;
  /** External "Contact us" link for enterprise access. */
  /** mailto: link of CONTACT_EMAIL; null (no address configured) hides the enterprise line. */
  enterpriseHref: string | null;
}

function reasonOf(detail: AuthErrorDetail): SignInReason {
  return detail.code === REPORT_LIMIT_EXCEEDED || /limit/i.test(detail.message ?? "") ? "limit" : "required";
}

/**
 * Spec §2 "Sign-in dialog": opens on the global `auth-error` event (requiresAuth or the report
 * limit) and on window.showLoginPrompt(); closes once the visitor is signed in.
 */
export function SignInDialog({
  googleClientId,
  devLogin,
  userDailyReportLimit,
  enterpriseHref,
}: SignInDialogProps) {
  const { isAuthenticated, signingIn } = useSession();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<SignInReason>("prompt");

  useEffect(() => {
    const onAuthError = (event: Event) => {
      const detail = (event as CustomEvent<AuthErrorDetail | undefined>).detail;
      if (!detail || !(detail.requiresAuth || detail.code === REPORT_LIMIT_EXCEEDED)) return;
      if (isAuthenticated) {
        // Already signed in: signing in again cannot help, so say what happened instead.
        toast.error("Daily report limit reached", { description: detail.message });
        return;
      }
      setReason(reasonOf(detail));
      setOpen(true);
    };
    const onPrompt = (event: Event) => {
      const detail = (event as CustomEvent<ShowLoginPromptDetail | undefined>).detail;
      setReason(detail?.reason ?? "prompt");
      setOpen(true);
    };
    window.addEventListener(AUTH_ERROR_EVENT, onAuthError);
    window.addEventListener(SHOW_LOGIN_PROMPT_EVENT, onPrompt);
    const uninstall = installShowLoginPrompt();
    return () => {
      window.removeEventListener(AUTH_ERROR_EVENT, onAuthError);
      window.removeEventListener(SHOW_LOGIN_PROMPT_EVENT, onPrompt);
      uninstall();
    };
  }, [isAuthenticated]);

  useEffect(() => {
    if (isAuthenticated) setOpen(false);
  }, [isAuthenticated]);

  const close = () => setOpen(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{SIGN_IN_TITLE}</DialogTitle>
          <DialogDescription>
            {reason === "limit" ? limitText(userDailyReportLimit) : promptText(userDailyReportLimit)}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          We ask for a Google sign-in to keep out spam and automated abuse. It's free.
        </p>
        <div className="flex flex-col items-stretch gap-3">
          {signingIn ? (
            <p className="text-center text-sm" role="status">
              Signing in...
            </p>
          ) : null}
          {googleClientId ? <GoogleSignInButton clientId={googleClientId} /> : null}
          {devLogin ? <DevLoginForm /> : null}
          {!googleClientId && !devLogin ? (
            <p className="text-sm text-muted-foreground">
              Sign-in is not configured on this server. Ask the administrator to set GOOGLE_CLIENT_ID.
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <p>
            By signing in, you agree to our{" "}
            <Link
              href={paths.terms()}
              onClick={close}
              className="underline underline-offset-2 hover:text-foreground"
            >
              Terms of Service
            </Link>{" "}
            and{" "}
            <Link
              href={paths.privacy()}
              onClick={close}
              className="underline underline-offset-2 hover:text-foreground"
            >
              Privacy Policy
            </Link>
            .
          </p>
          {enterpriseHref ? (
            <p>
              Need enterprise access?{" "}
              <a
                href={enterpriseHref}
                onClick={() => trackLead({ source: "sign-in-dialog" })}
                className="underline underline-offset-2 hover:text-foreground"
              >
                Contact us
              </a>{" "}
              for more information.
            </p>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
