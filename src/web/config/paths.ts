import type { LandingKey } from "#core/routes";
import type { Platform } from "#core/schemas/platform";

/**
 * Every route of spec §2 in one place: `routes` (src/core/routes.ts) are the wouter patterns (aliases included),
 * `paths` build links. Nothing else in the app spells a path.
 */

const enc = encodeURIComponent;

export { LANDING_KEYS, type LandingKey, landingKeyOf, routes } from "#core/routes";

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
  workspace: (id: string) => `/workspaces/${enc(id)}`,
  workspaceAudit: (id: string) => `/workspaces/${enc(id)}/audit`,
  invite: (token: string) => `/invite/${enc(token)}`,
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
