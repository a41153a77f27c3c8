import { ADSENSE_SCRIPT_HOST, ADSENSE_SCRIPT_URL } from "../../../lib/adsense";

/**
 * The six ad diagnostics of spec §2 / §8. Each check is a small async function with its
 * dependencies passed in, so tests can run them without a browser or a network.
 */

export type CheckStatus = "pass" | "fail" | "warning";

export type CheckId = "script" | "ads-txt" | "ad-blocker" | "console" | "connectivity" | "domain";

export interface CheckResult {
  id: CheckId;
  name: string;
  status: CheckStatus;
  message: string;
  detail?: string;
}

export const ADSENSE_MESSAGES = {
  scriptMissing: "AdSense script not loaded - check network connectivity",
  adsTxtMissing: "ads.txt file not accessible",
  adsTxtNoPublisher: "ads.txt file exists but missing publisher ID",
  adBlocker: "Ad blocker detected - this may prevent ads from showing",
  devDomain: "Running on development domain - ads may not show until deployed",
  noConnection: "Cannot connect to Google's ad servers",
} as const;

export const NOT_CONFIGURED = "Ads are not configured on this server (no AdSense client ID).";
export const AD_BLOCKER_WAIT_MS = 100;
export const CONSOLE_WAIT_MS = 1000;

export interface CheckEnv {
  /** config.adsenseClientId, e.g. "ca-pub-1234567890"; null when ads are not configured. */
  clientId: string | null;
  fetch: typeof fetch;
  document: Document;
  window: Window & { adsbygoogle?: unknown };
  console: Console;
  hostname: string;
  sleep: (ms: number) => Promise<void>;
}

export function browserCheckEnv(clientId: string | null): CheckEnv {
  return {
    clientId,
    fetch: window.fetch.bind(window),
    document,
    window,
    console,
    hostname: window.location.hostname,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/** "ca-pub-123" → "pub-123" (the form ads.txt uses). */
export function publisherIdOf(clientId: string): string {
  return clientId.replace(/^ca-/, "");
}

export async function checkScript(env: CheckEnv): Promise<CheckResult> {
  const base = { id: "script", name: "AdSense script" } as const;
  const loaded =
    env.window.adsbygoogle !== undefined ||
    env.document.querySelector(`script[src*="${ADSENSE_SCRIPT_HOST}"]`) !== null;
  if (loaded) return { ...base, status: "pass", message: "AdSense script loaded" };
  if (!env.clientId) {
    return { ...base, status: "warning", message: ADSENSE_MESSAGES.scriptMissing, detail: NOT_CONFIGURED };
  }
  return { ...base, status: "fail", message: ADSENSE_MESSAGES.scriptMissing };
}

export async function checkAdsTxt(env: CheckEnv): Promise<CheckResult> {
  const base = { id: "ads-txt", name: "ads.txt file" } as const;
  let text: string;
  try {
    const response = await env.fetch("/ads.txt", { credentials: "same-origin", cache: "no-store" });
    if (!response.ok) {
      return {
        ...base,
        status: "fail",
        message: ADSENSE_MESSAGES.adsTxtMissing,
        detail: `HTTP ${response.status}`,
      };
    }
    text = await response.text();
  } catch (error) {
    return {
      ...base,
      status: "fail",
      message: ADSENSE_MESSAGES.adsTxtMissing,
      detail: error instanceof Error ? error.message : undefined,
    };
  }
  if (!env.clientId) {
    return {
      ...base,
      status: "warning",
      message: "ads.txt file found",
      detail: `${NOT_CONFIGURED} The publisher ID cannot be checked.`,
    };
  }
  const publisherId = publisherIdOf(env.clientId);
  if (!text.includes(publisherId)) {
    return {
      ...base,
      status: "fail",
      message: ADSENSE_MESSAGES.adsTxtNoPublisher,
      detail: `Expected ${publisherId}`,
    };
  }
  return { ...base, status: "pass", message: `ads.txt file found with publisher ID ${publisherId}` };
}

/** Adds a bait element that ad blockers hide, waits 100 ms, then looks whether it was hidden. */
export async function checkAdBlocker(env: CheckEnv): Promise<CheckResult> {
  const base = { id: "ad-blocker", name: "Ad blocker" } as const;
  const bait = env.document.createElement("div");
  bait.className = "adsbox ad-banner ad-placement pub_300x250 textads banner-ads";
  bait.setAttribute("aria-hidden", "true");
  bait.style.cssText = "position:absolute;left:-9999px;top:-9999px;width:300px;height:250px;";
  bait.textContent = "\u00a0";
  env.document.body.appendChild(bait);
  try {
    await env.sleep(AD_BLOCKER_WAIT_MS);
    const style = env.window.getComputedStyle(bait);
    const blocked =
      !bait.isConnected ||
      bait.offsetHeight === 0 ||
      style.display === "none" ||
      style.visibility === "hidden";
    return blocked
      ? { ...base, status: "warning", message: ADSENSE_MESSAGES.adBlocker }
      : { ...base, status: "pass", message: "No ad blocker detected" };
  } finally {
    bait.remove();
  }
}

const AD_ERROR_PATTERN = /adsbygoogle|adsense|googlesyndication|doubleclick|googleads/i;

/** Listens to console errors for 1000 ms and reports the ad-related ones. */
export async function checkConsoleErrors(env: CheckEnv): Promise<CheckResult> {
  const base = { id: "console", name: "Console errors" } as const;
  const seen: string[] = [];
  const original = env.console.error;
  env.console.error = (...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(" ");
    if (AD_ERROR_PATTERN.test(text)) seen.push(text);
    original.apply(env.console, args);
  };
  const onError = (event: ErrorEvent) => {
    if (AD_ERROR_PATTERN.test(`${event.message} ${event.filename}`)) seen.push(event.message);
  };
  env.window.addEventListener("error", onError);
  try {
    await env.sleep(CONSOLE_WAIT_MS);
  } finally {
    env.console.error = original;
    env.window.removeEventListener("error", onError);
  }
  if (seen.length === 0) return { ...base, status: "pass", message: "No ad-related console errors" };
  return {
    ...base,
    status: "fail",
    message: `${seen.length} ad-related console error${seen.length === 1 ? "" : "s"}`,
    detail: seen.slice(0, 3).join(" | ").slice(0, 500),
  };
}

/** A HEAD request to the ad network's script; skipped (nothing leaves the page) when ads are not configured. */
export async function checkConnectivity(env: CheckEnv): Promise<CheckResult> {
  const base = { id: "connectivity", name: "Ad server connectivity" } as const;
  if (!env.clientId) {
    return {
      ...base,
      status: "warning",
      message: "Connectivity to Google's ad servers not tested",
      detail: NOT_CONFIGURED,
    };
  }
  try {
    await env.fetch(`${ADSENSE_SCRIPT_URL}?client=${encodeURIComponent(env.clientId)}`, {
      method: "HEAD",
      mode: "no-cors",
      cache: "no-store",
    });
    return { ...base, status: "pass", message: "Connected to Google's ad servers" };
  } catch {
    return { ...base, status: "fail", message: ADSENSE_MESSAGES.noConnection };
  }
}

export function isDevelopmentHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "0.0.0.0" ||
    host === "[::1]" ||
    host === "::1" ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    host.endsWith(".local") ||
    host.endsWith(".test") ||
    host.endsWith(".internal")
  );
}

export async function checkDomain(env: CheckEnv): Promise<CheckResult> {
  const base = { id: "domain", name: "Domain" } as const;
  return isDevelopmentHost(env.hostname)
    ? { ...base, status: "warning", message: ADSENSE_MESSAGES.devDomain, detail: env.hostname }
    : { ...base, status: "pass", message: `Running on production domain ${env.hostname}` };
}

/** Runs the six checks (the timed ones in parallel) and returns them in a stable order. */
export async function runAdsenseChecks(env: CheckEnv): Promise<CheckResult[]> {
  return Promise.all([
    checkScript(env),
    checkAdsTxt(env),
    checkAdBlocker(env),
    checkConsoleErrors(env),
    checkConnectivity(env),
    checkDomain(env),
  ]);
}
