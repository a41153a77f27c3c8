/**
 * Talking to the configured instance (background side): POST /api/v1/snapshots with the user's key
 * (Bearer, scope `capture`), which answers with the report made from the snapshot.
 */
import type { Platform } from "../../../src/core/schemas/platform";
import type { ProfileSnapshot } from "../../../src/core/schemas/snapshot";

export interface InstanceSettings {
  instanceUrl: string;
  apiKey: string;
}

export class InstanceError extends Error {
  override name = "InstanceError";
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** This computer: the only place an http:// instance address may point to. */
function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "[::1]" || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * "https://analytics.example.com/" → "https://analytics.example.com"; a clear error otherwise. An
 * http:// address is refused unless it is this computer (localhost, 127.0.0.0/8, [::1]).
 */
export function normalizeInstanceUrl(input: string): string {
  const trimmed = input.trim();
  if (!trimmed)
    throw new InstanceError(
      "Enter the address of your instance (for example https://analytics.example.com).",
      "missing-url",
    );
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new InstanceError(
      `"${trimmed.slice(0, 100)}" is not a web address; it must start with https:// or http://.`,
      "bad-url",
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new InstanceError(
      `The instance address must start with https:// or http:// (got ${url.protocol}).`,
      "bad-url",
    );
  // The API key travels with every capture: in clear only to this computer (issue #33).
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname))
    throw new InstanceError(
      `The instance address must use https:// (http:// would send your API key unencrypted); http:// is accepted only for localhost, 127.0.0.1 and [::1] (got ${url.host}).`,
      "insecure-url",
    );
  if (url.username || url.password || url.search || url.hash)
    throw new InstanceError(
      "The instance address must not contain a user name, password, query or #fragment.",
      "bad-url",
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** An API key as the instance issues them ("ca_…"). */
export function checkApiKey(input: string): string {
  const key = input.trim();
  if (!key)
    throw new InstanceError(
      "Enter an API key (Settings → API keys on your instance, with the capture scope).",
      "missing-key",
    );
  if (!/^ca_[A-Za-z0-9_-]{8,200}$/.test(key))
    throw new InstanceError('That is not an API key of this product: keys start with "ca_".', "bad-key");
  return key;
}

export function reportUrl(instanceUrl: string, platform: Platform, username: string): string {
  return `${instanceUrl}/report/${platform}/${encodeURIComponent(username)}`;
}

export interface CaptureResult {
  grade: string | null;
  platform: Platform;
  username: string;
  reportUrl: string;
}

async function errorMessage(res: Response): Promise<{ message: string; code: string }> {
  const text = await res.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof body.message === "string")
      return {
        message: body.message,
        code: typeof body.code === "string" ? body.code : `HTTP_${res.status}`,
      };
  } catch {
    // not JSON: fall through
  }
  return { message: `The instance answered HTTP ${res.status}.`, code: `HTTP_${res.status}` };
}

function explain(status: number, message: string): string {
  if (status === 401)
    return `The instance did not accept the API key: ${message} Check the key in the extension's options.`;
  if (status === 403) return `The API key may not capture: ${message} Create a key with the capture scope.`;
  if (status === 429) return `The instance's limit was reached: ${message}`;
  return message;
}

async function post(settings: InstanceSettings, body: unknown, fetchFn: typeof fetch): Promise<Response> {
  try {
    return await fetchFn(`${settings.instanceUrl}/api/v1/snapshots`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${settings.apiKey}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify(body),
      credentials: "omit",
    });
  } catch {
    throw new InstanceError(
      `Could not reach your instance at ${settings.instanceUrl}; check the address in the extension's options.`,
      "unreachable",
    );
  }
}

/** Sends one snapshot; the instance's report comes back (its grade) and where to read it. */
export async function sendSnapshot(
  settings: InstanceSettings,
  snapshot: ProfileSnapshot,
  fetchFn: typeof fetch = fetch,
): Promise<CaptureResult> {
  // Settings saved by an earlier version may hold an http:// address: checked again before sending.
  normalizeInstanceUrl(settings.instanceUrl);
  const res = await post(settings, snapshot, fetchFn);
  if (!res.ok) {
    const { message, code } = await errorMessage(res);
    throw new InstanceError(explain(res.status, message), code);
  }
  const report = (await res.json().catch(() => null)) as {
    grade?: unknown;
    platform?: unknown;
    username?: unknown;
  } | null;
  if (!report || typeof report !== "object")
    throw new InstanceError(
      "The instance answered without a report; is the address that of this product?",
      "bad-answer",
    );
  const username = typeof report.username === "string" ? report.username : snapshot.username;
  return {
    grade: typeof report.grade === "string" ? report.grade : null,
    platform: snapshot.platform,
    username,
    reportUrl: reportUrl(settings.instanceUrl, snapshot.platform, username),
  };
}

/**
 * "Test connection" without side effects: an empty snapshot is sent. The instance checks the key
 * before the body, so 401/403 say the key is wrong or lacks the capture scope, and 400 (the body
 * rejected, naming a field) says the key was accepted; nothing is stored and no quota is used.
 */
export async function testConnection(
  settings: InstanceSettings,
  fetchFn: typeof fetch = fetch,
): Promise<string> {
  const res = await post(settings, {}, fetchFn);
  if (res.status === 400) return `Connected to ${settings.instanceUrl}: the key is accepted and may capture.`;
  const { message, code } = await errorMessage(res);
  if (res.status === 404)
    throw new InstanceError(
      `${settings.instanceUrl} has no capture API (/api/v1/snapshots answered 404); check the address, or update the instance.`,
      code,
    );
  if (res.ok)
    throw new InstanceError(
      `${settings.instanceUrl} answered an empty capture with HTTP ${res.status}; is this the right address?`,
      "bad-answer",
    );
  throw new InstanceError(explain(res.status, message), code);
}
