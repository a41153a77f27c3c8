import { stripAt } from "./handles";

/**
 * The route patterns of spec §2, aliases included (wouter syntax): the web app's router matches them
 * and builds its links beside them (web/config/paths.ts); they are the site's public URLs.
 */

/** The four landing pages: /{key}-analytics[/{username}]. */
export const LANDING_KEYS = ["instagram", "tiktok", "youtube", "social-media"] as const;
export type LandingKey = (typeof LANDING_KEYS)[number];

export const routes = {
  home: "/",
  /** Report screen, both shapes. */
  report: ["/report/:platform/:username", "/report/:username"],
  /** Insight screen and its /influencer-report aliases. */
  insight: [
    "/influencer-insight",
    "/influencer-insight/:platform/:username",
    "/influencer-insight/:username",
    "/influencer-report",
    "/influencer-report/:platform/:username",
    "/influencer-report/:username",
  ],
  /** Landing pages, each with an optional /{username}. */
  landing: LANDING_KEYS.flatMap((key) => [`/${key}-analytics`, `/${key}-analytics/:username`]),
  discovery: ["/influencer-discovery", "/influencer-search"],
  history: "/history",
  /** Shortlists (issue 22): all lists, one list. */
  lists: ["/lists", "/lists/:id"],
  compare: "/compare",
  sharedList: "/shared/lists/:token",
  /** Watchlists (issue #21); ?list=<id> picks one. */
  watchlists: "/watchlists",
  settings: "/settings",
  about: "/about",
  privacy: "/privacy",
  terms: "/terms",
  blog: "/blog",
  blogPost: "/blog/:slug",
  search: "/search",
  testParser: "/test-parser",
  adsenseTest: "/adsense-test",
  notFound: "/404",
} as const;

/** The landing key of a landing-page path, e.g. "/tiktok-analytics/foo" → "tiktok". */
export function landingKeyOf(pathname: string): LandingKey | null {
  const match = /^\/([a-z-]+)-analytics(?:\/|$)/.exec(pathname);
  const key = match?.[1];
  return key && (LANDING_KEYS as readonly string[]).includes(key) ? (key as LandingKey) : null;
}

/** routes.report as one expression: /report/:platform/:username or /report/:username (any case, as the router). */
const REPORT_PATH = /^\/report\/(?:([^/]+)\/)?([^/]+)\/?$/i;

/** What a report path names: its platform segment as written (null without one) and the handle. */
export interface ReportPath {
  platform: string | null;
  username: string;
}

/**
 * The segments of a report path (routes.report), the handle decoded and without a leading "@"; null
 * when the path is not a report path or its handle is empty or not validly percent-encoded. The
 * server (which report to render into a page) and the web app (which query that report answers)
 * read report paths through this one function, so they cannot disagree about which paths are one.
 */
export function reportPathOf(pathname: string): ReportPath | null {
  const match = REPORT_PATH.exec(pathname);
  if (!match) return null;
  let username: string;
  try {
    username = stripAt(decodeURIComponent(match[2]!));
  } catch {
    return null;
  }
  return username ? { platform: match[1] ?? null, username } : null;
}
