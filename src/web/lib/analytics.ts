/**
 * The analytics events of spec §7 — search, influencer analysis, account-finder search, report view,
 * lead, registration — sent to the Meta Pixel, and only when the server has a pixel id
 * (META_PIXEL_ID → GET /api/config `pixelId`). Without one nothing is loaded and nothing leaves the
 * page. The mapping to pixel events is in docs/decisions/006-analytics-pixel-events-and-ad-slot.md.
 *
 * - The configuration arrives after the first events may happen (a report page fires its view on
 *   load): events wait in a short queue until the app knows whether a pixel is configured, then go
 *   to the pixel or are dropped.
 * - The pixel script is loaded once. Until it has loaded, the standard `fbq` stub queues the calls
 *   (the script reads that queue when it starts), exactly as Meta's own base code does.
 * - Nothing here throws: analytics must never break the page. An ad blocker that stops the script
 *   leaves the calls queued in memory.
 * - Events carry only what the spec's events are about: platform, username, result counts, an
 *   estimated value. Never an e-mail, a name or free text typed by the user. Automatic
 *   configuration (the pixel reading buttons and page data by itself) is switched off.
 */

export const PIXEL_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";
/** Events kept while the configuration is unknown; older ones are dropped beyond this. */
export const MAX_PENDING_EVENTS = 50;

type Params = Record<string, string | number | boolean | string[]>;
/** One pixel call: ["track", "Search", {...}] or ["trackCustom", "InfluencerAnalysis", {...}]. */
export type PixelCall = [method: "track" | "trackCustom", event: string, params: Params];

/** The standard base-code stub: queues calls until the script sets `callMethod`. */
export type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

type State = { status: "unknown" } | { status: "off" } | { status: "on"; pixelId: string };

let state: State = { status: "unknown" };
const pending: PixelCall[] = [];

function installPixel(pixelId: string): void {
  if (!window.fbq) {
    const fbq = function (this: unknown, ...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    } as Fbq;
    fbq.queue = [];
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = "2.0";
    window.fbq = fbq;
    if (!window._fbq) window._fbq = fbq;
  }
  if (!document.querySelector(`script[src="${PIXEL_SCRIPT_URL}"]`)) {
    const script = document.createElement("script");
    script.async = true;
    script.src = PIXEL_SCRIPT_URL;
    document.head.appendChild(script);
  }
  // No automatic events (button texts, page metadata): only the events below are sent.
  window.fbq("set", "autoConfig", false, pixelId);
  window.fbq("init", pixelId);
  window.fbq("track", "PageView");
}

function send(call: PixelCall): void {
  try {
    if (state.status === "on") window.fbq?.(...call);
    else if (state.status === "unknown") {
      pending.push(call);
      if (pending.length > MAX_PENDING_EVENTS) pending.shift();
    }
  } catch (error) {
    console.warn("Analytics event not sent:", error);
  }
}

/**
 * Called once the server's configuration is known (app provider). With a pixel id the pixel is
 * loaded and the waiting events are sent; without one the waiting events are dropped and every
 * later event is ignored. Only the first call counts (one configuration per page load).
 */
export function configureAnalytics(pixelId: string | null | undefined): void {
  if (state.status !== "unknown") return;
  const id = pixelId?.trim();
  if (!id) {
    state = { status: "off" };
    pending.length = 0;
    return;
  }
  try {
    installPixel(id);
    state = { status: "on", pixelId: id };
  } catch (error) {
    state = { status: "off" };
    pending.length = 0;
    console.warn("The analytics pixel could not be started:", error);
    return;
  }
  for (const call of pending.splice(0)) send(call);
}

/** Whether events currently go to a pixel. */
export function analyticsEnabled(): boolean {
  return state.status === "on";
}

/**
 * Forgets the configuration and any waiting events, and removes the pixel from the page (tests use
 * this between cases; a page would only need it to switch pixels).
 */
export function resetAnalytics(): void {
  state = { status: "unknown" };
  pending.length = 0;
  document.querySelector(`script[src="${PIXEL_SCRIPT_URL}"]`)?.remove();
  delete window.fbq;
  delete window._fbq;
}

export interface AccountRef {
  platform: string;
  username: string;
}

/** The analyser form was submitted with a valid handle (spec §7 "search"). Pixel: Search. */
export function trackSearch({ platform, username }: AccountRef): void {
  send(["track", "Search", { search_string: username, content_category: platform }]);
}

/**
 * A new report was made (spec §7 "influencer analysis"). Pixel: custom InfluencerAnalysis, with the
 * midpoint of the estimated monthly earnings as `value` when the report has one (spec §3: estimated
 * earnings are tracked as a number).
 */
export function trackInfluencerAnalysis({
  platform,
  username,
  estimatedEarnings,
}: AccountRef & { estimatedEarnings?: { low: number; high: number } | null }): void {
  const params: Params = { platform, username };
  if (
    estimatedEarnings &&
    Number.isFinite(estimatedEarnings.low) &&
    Number.isFinite(estimatedEarnings.high)
  ) {
    params.value = Math.round((estimatedEarnings.low + estimatedEarnings.high) / 2);
    params.currency = "USD";
  }
  send(["trackCustom", "InfluencerAnalysis", params]);
}

/**
 * The account finder answered (spec §7 "account-finder search"). Pixel: custom AccountFinderSearch.
 * The description the user typed is not sent (free text may hold anything).
 */
export function trackAccountFinderSearch({
  platform,
  resultCount,
}: {
  platform: string;
  resultCount: number;
}): void {
  send(["trackCustom", "AccountFinderSearch", { platform, result_count: resultCount }]);
}

/** A report was shown (spec §2/§7 "report view"), once per viewed account. Pixel: ViewContent. */
export function trackReportView({ platform, username }: AccountRef): void {
  send([
    "track",
    "ViewContent",
    {
      content_type: "influencer_report",
      content_ids: [`${platform}:${username}`],
      content_name: `@${username}`,
      content_category: platform,
    },
  ]);
}

/** The visitor followed an enterprise 'Contact us' link (spec §7 "lead"). Pixel: Lead. */
export function trackLead({ source }: { source: string }): void {
  send(["track", "Lead", { content_name: "enterprise_access", content_category: source }]);
}

/** An account signed in for the first time (spec §7 "registration"). Pixel: CompleteRegistration. */
export function trackRegistration({ method }: { method: "google" | "development" }): void {
  send(["track", "CompleteRegistration", { content_name: method, status: true }]);
}
