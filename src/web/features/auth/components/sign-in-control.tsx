import { LogIn, LogOut } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/utils";
import { showLoginPrompt } from "../lib/sign-in-prompt";
import { GoogleSignInButton } from "./google-sign-in-button";
import { useSession } from "./session-provider";

export interface SignInControlProps {
  /** With a client id the Google button is rendered in place; without, a button opens the dialog. */
  googleClientId: string | null;
  className?: string;
}

/**
 * Spec §2: idle → Google button; signing in → disabled 'Signing in...'; signed in → 'Sign Out'.
 * Each state has its own `key`: a state change mounts a new control instead of recolouring the old
 * one, so no colour transition runs (a half-faded button fails contrast while it animates).
 */
export function SignInControl({ googleClientId, className }: SignInControlProps) {
  const { status, signingIn, signingOut, signOut } = useSession();

  if (status === "loading") {
    return (
      <Button
        key="loading"
        variant="outline"
        size="sm"
        disabled
        className={className}
        aria-label="Checking sign-in"
      >
        <Spinner />
      </Button>
    );
  }
  if (signingIn) {
    return (
      <Button key="signing-in" variant="outline" size="sm" disabled className={className}>
        <Spinner />
        Signing in...
      </Button>
    );
  }
  if (status === "signedIn") {
    return (
      <Button
        key="signed-in"
        variant="outline"
        size="sm"
        onClick={signOut}
        disabled={signingOut}
        className={className}
      >
        <LogOut aria-hidden="true" />
        Sign Out
      </Button>
    );
  }
  if (googleClientId) {
    return (
      <div className={cn("flex items-center", className)}>
        <GoogleSignInButton clientId={googleClientId} size="medium" />
      </div>
    );
  }
  return (
    <Button
      key="signed-out"
      variant="default"
      size="sm"
      onClick={() => showLoginPrompt()}
      className={className}
    >
      <LogIn aria-hidden="true" />
      Sign in
    </Button>
  );
}
