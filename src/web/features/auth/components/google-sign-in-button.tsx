import { useEffect, useRef, useState } from "react";
import { useTheme } from "../../../components/theme/theme-provider";
import { initializeGoogleIdentity, loadGoogleIdentity } from "../lib/google-identity";

export interface GoogleSignInButtonProps {
  clientId: string;
  size?: "large" | "medium" | "small";
  /** Pixel width of the rendered button (GIS accepts 200–400). */
  width?: number;
}

/** The Google-rendered sign-in button; the credential goes to the session's handler. */
export function GoogleSignInButton({ clientId, size = "large", width }: GoogleSignInButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const { resolvedTheme } = useTheme();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((id) => {
        if (cancelled || !container.current) return;
        initializeGoogleIdentity(id, clientId);
        container.current.replaceChildren();
        id.renderButton(container.current, {
          type: "standard",
          theme: resolvedTheme === "dark" ? "filled_black" : "outline",
          size,
          text: "signin_with",
          shape: "pill",
          logo_alignment: "left",
          ...(width ? { width } : {}),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, resolvedTheme, size, width]);

  if (failed) {
    return (
      <p className="text-sm text-destructive" role="alert">
        Google sign-in could not be loaded. Check your connection and reload the page.
      </p>
    );
  }
  // Google sizes its button itself (an iframe of 200–400 px): clip it rather than let it push a
  // 320 px screen sideways.
  return (
    <div ref={container} className="flex min-h-10 max-w-full items-center justify-center overflow-hidden" />
  );
}
