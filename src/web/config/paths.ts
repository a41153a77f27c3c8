import type { Platform } from "../../core/schemas/platform";

/**
 * Every route of spec §2 in one place: `routes` are the wouter patterns (aliases included),
 * `paths` build links. Nothing else in the app spells a path.
 */

const enc = encodeURIComponent;

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

/** The discovery page's account-finder tab: /influencer-discovery?tab=finder. */
export const TAB_PARAM = "tab";
export const FINDER_TAB = "finder";

export const paths = {
  home: () => "/",
  /** /report/{platform}/{username}, or /report/{username} without a platform. */
  report: (username: string, platform?: Platform) =>
    platform ? `/report/${platform}/${enc(username)}` : `/report/${enc(username)}`,
  /** /influencer-insight, /influencer-insight/{username} or /influencer-insight/{platform}/{username}. */
  insight: (username?: string, platform?: Platform) => {
    if (!username) return "/influencer-insight";
    return platform
      ? `/influencer-insight/${platform}/${enc(username)}`
      : `/influencer-insight/${enc(username)}`;
  },
  /** /{key}-analytics[/{username}]. */
  landing: (key: LandingKey, username?: string) =>
    username ? `/${key}-analytics/${enc(username)}` : `/${key}-analytics`,
  discovery: () => "/influencer-discovery",
  /** The account finder, a tab of the discovery page. */
  finder: () => `/influencer-discovery?${TAB_PARAM}=${FINDER_TAB}`,
  history: () => "/history",
  /** /lists, or /lists/{id} with one list open. */
  lists: (id?: number) => (id === undefined ? "/lists" : `/lists/${id}`),
  /** /compare?accounts=instagram:a,youtube:b (at most four). */
  compare: (accounts: readonly { platform: Platform; username: string }[] = []) =>
    accounts.length === 0
      ? "/compare"
      : `/compare?accounts=${accounts.map((a) => `${a.platform}:${enc(a.username)}`).join(",")}`,
  sharedList: (token: string) => `/shared/lists/${enc(token)}`,
  watchlists: (id?: string) => (id ? `/watchlists?list=${enc(id)}` : "/watchlists"),
  settings: () => "/settings",
  about: () => "/about",
  privacy: () => "/privacy",
  terms: () => "/terms",
  blog: () => "/blog",
  blogPost: (slug: string) => `/blog/${enc(slug)}`,
  /** The page-metadata search target; the template keeps the literal placeholder. */
  search: (term?: string) => (term === undefined ? "/search" : `/search?q=${enc(term)}`),
  searchTemplate: () => "/search?q={search_term_string}",
  testParser: () => "/test-parser",
  adsenseTest: () => "/adsense-test",
  notFound: () => "/404",
} as const;
