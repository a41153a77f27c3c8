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
  /** Workspaces (issue #37): one workspace's settings, its audit log, an invite link. */
  workspace: "/workspaces/:id",
  workspaceAudit: "/workspaces/:id/audit",
  invite: "/invite/:token",
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
