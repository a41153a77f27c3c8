import fs from "node:fs";
import type { OAuth2Client } from "google-auth-library";
import { NotConfiguredError, UnauthorizedError, UpstreamUnreachableError } from "../errors";

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  picture: string | null;
}

export interface GoogleVerifier {
  verify(credential: string): Promise<GoogleIdentity>;
}

/** Exactly the two issuers Google documents (the library also accepts a third by default). */
const ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

export const INVALID_CREDENTIAL =
  "Google sign-in failed: the credential is invalid or has expired. Please sign in again.";
export const UNVERIFIED_EMAIL =
  "Google sign-in failed: your Google account's e-mail address is not verified.";

/**
 * Verifies Google ID tokens with google-auth-library: signature, audience, issuer, expiry, and
 * `email_verified` (which the library does not check). One client per process: it caches
 * Google's certificates. The library's error text embeds the token, so it is never passed on.
 */
export function createGoogleVerifier(opts: { clientId?: string; certsFile?: string }): GoogleVerifier {
  const { clientId } = opts;
  // The library is loaded at the first sign-in, not at every start (issue #38).
  let client: Promise<OAuth2Client> | undefined;
  const clientOf = () => {
    client ??= import("google-auth-library").then(({ OAuth2Client }) => new OAuth2Client({ clientId }));
    return client;
  };
  let fileCerts: Record<string, string> | undefined;
  if (opts.certsFile) {
    try {
      fileCerts = JSON.parse(fs.readFileSync(opts.certsFile, "utf8")) as Record<string, string>;
    } catch (err) {
      throw new Error(
        `GOOGLE_CERTS_FILE ${opts.certsFile} is not a readable JSON object of PEM keys: ${(err as Error).message}`,
      );
    }
  }
  return {
    async verify(credential) {
      if (!credential) throw new UnauthorizedError("Google sign-in failed: no credential was sent.");
      if (!clientId)
        throw new NotConfiguredError("Google sign-in is not configured on this server (GOOGLE_CLIENT_ID).");
      let certs: Record<string, string>;
      if (fileCerts) certs = fileCerts;
      else {
        try {
          certs = (await (await clientOf()).getFederatedSignonCertsAsync()).certs as Record<string, string>;
        } catch {
          throw new UpstreamUnreachableError(
            "Couldn't reach Google to check your sign-in. Please try again in a moment.",
          );
        }
      }
      let payload: Record<string, unknown> | undefined;
      try {
        const ticket = await (await clientOf()).verifySignedJwtWithCertsAsync(
          credential,
          certs,
          clientId,
          ISSUERS,
        );
        payload = ticket.getPayload() as Record<string, unknown> | undefined;
      } catch {
        throw new UnauthorizedError(INVALID_CREDENTIAL);
      }
      if (!payload || typeof payload.sub !== "string" || typeof payload.email !== "string") {
        throw new UnauthorizedError(INVALID_CREDENTIAL);
      }
      if (payload.email_verified !== true) throw new UnauthorizedError(UNVERIFIED_EMAIL);
      return {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        name: typeof payload.name === "string" ? payload.name.slice(0, 200) : "",
        picture:
          typeof payload.picture === "string" && payload.picture.startsWith("https://")
            ? payload.picture
            : null,
      };
    },
  };
}
