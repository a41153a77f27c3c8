import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { exportSPKI, generateKeyPair, SignJWT } from "jose";

export const TEST_CLIENT_ID = "test-client.apps.googleusercontent.com";

/**
 * Real RS256 keys for offline sign-in tests: the public key goes into a GOOGLE_CERTS_FILE
 * ({kid: PEM}) and tokens are signed with the private key, so the real verification code runs.
 */
export async function createGoogleTestKeys() {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const other = await generateKeyPair("RS256", { extractable: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-google-"));
  const certsFile = path.join(dir, "certs.json");
  fs.writeFileSync(certsFile, JSON.stringify({ "test-kid": await exportSPKI(publicKey) }));

  async function token(
    claims: Record<string, unknown> = {},
    opts: { audience?: string; issuer?: string; expired?: boolean; wrongKey?: boolean; sub?: string } = {},
  ): Promise<string> {
    const jwt = new SignJWT({ email: "ana@example.com", email_verified: true, name: "Ana", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "test-kid", typ: "JWT" })
      .setIssuer(opts.issuer ?? "https://accounts.google.com")
      .setAudience(opts.audience ?? TEST_CLIENT_ID)
      .setSubject(opts.sub ?? "1001")
      .setIssuedAt(opts.expired ? Math.floor(Date.now() / 1000) - 7200 : undefined)
      .setExpirationTime(opts.expired ? Math.floor(Date.now() / 1000) - 3600 : "1h");
    return jwt.sign(opts.wrongKey ? other.privateKey : privateKey);
  }
  return { certsFile, token, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
