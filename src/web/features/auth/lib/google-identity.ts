/**
 * Google Identity Services (https://accounts.google.com/gsi/client), loaded on demand and only
 * when the server has a Google client id. The CSP allows exactly this script and its frames.
 */

export const GSI_SCRIPT_URL = "https://accounts.google.com/gsi/client";

/** What GIS passes to the callback (spec §3: credential, select_by, clientId). */
export interface GoogleCredentialResponse {
  credential?: string;
  select_by?: string;
  clientId?: string;
}

interface GoogleButtonOptions {
  type?: "standard" | "icon";
  theme?: "outline" | "filled_blue" | "filled_black";
  size?: "large" | "medium" | "small";
  text?: "signin_with" | "signup_with" | "continue_with" | "signin";
  shape?: "rectangular" | "pill" | "circle" | "square";
  logo_alignment?: "left" | "center";
  width?: number;
}

interface GoogleAccountsId {
  initialize(options: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: "popup" | "redirect";
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    use_fedcm_for_button?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
  disableAutoSelect(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let scriptPromise: Promise<GoogleAccountsId> | null = null;
let initializedFor: string | null = null;
let credentialHandler: ((response: GoogleCredentialResponse) => void) | null = null;

/** Loads the GIS script once; resolves to google.accounts.id. */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  if (scriptPromise) return scriptPromise;
  scriptPromise = new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = GSI_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error("Google sign-in did not start"));
    };
    script.onerror = () => reject(new Error("Google sign-in could not be loaded"));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    scriptPromise = null; // allow a later retry
    throw error;
  });
  return scriptPromise;
}

/** Sets who receives the credential (the session); the latest caller wins. */
export function setGoogleCredentialHandler(handler: (response: GoogleCredentialResponse) => void): void {
  credentialHandler = handler;
}

/** initialize() once per client id; every rendered button reports to the current handler. */
export function initializeGoogleIdentity(id: GoogleAccountsId, clientId: string): void {
  if (initializedFor === clientId) return;
  id.initialize({
    client_id: clientId,
    callback: (response) => credentialHandler?.(response),
    ux_mode: "popup",
    auto_select: false,
    cancel_on_tap_outside: true,
  });
  initializedFor = clientId;
}

export type { GoogleButtonOptions };
