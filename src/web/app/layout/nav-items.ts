import { useLocation, useSearch } from "wouter";
import { paths, routes } from "../../config/paths";

export interface NavItem {
  label: string;
  /** A path, optionally with a query that selects a tab ("/influencer-discovery?tab=finder"). */
  href: string;
  /** Other paths of the same page (spec §2 aliases), also marked current. */
  aliases?: readonly string[];
}

/** The discovery page's alias, /influencer-search (the first pattern is the page's own path). */
const DISCOVERY_ALIASES = routes.discovery.slice(1);
/** The insight screen's alias: /influencer-report and the paths below it. */
const INSIGHT_ALIAS = "/influencer-report";

/**
 * Spec §2 top bar: always these four, plus the account finder (a tab of the discovery page, linked
 * so people find it: issue #10); Settings only for signed-in users.
 */
export function topNavItems({ isAuthenticated }: { isAuthenticated: boolean }): NavItem[] {
  const items: NavItem[] = [
    { label: "Influencer Discovery", href: paths.discovery(), aliases: DISCOVERY_ALIASES },
    { label: "Account Finder", href: paths.finder(), aliases: DISCOVERY_ALIASES },
    { label: "Influencer Insight", href: paths.insight(), aliases: [INSIGHT_ALIAS] },
    { label: "Blog", href: paths.blog() },
    { label: "Recently Viewed", href: paths.history() },
  ];
  if (isAuthenticated)
    items.push({ label: "Lists", href: paths.lists() }, { label: "Settings", href: paths.settings() });
  return items;
}

/** The mobile drawer adds Home first and About, Privacy, Terms last. */
export function drawerNavItems({ isAuthenticated }: { isAuthenticated: boolean }): NavItem[] {
  return [
    { label: "Home", href: paths.home() },
    ...topNavItems({ isAuthenticated }),
    { label: "About", href: paths.about() },
    { label: "Privacy", href: paths.privacy() },
    { label: "Terms", href: paths.terms() },
  ];
}

export const FOOTER_ITEMS: NavItem[] = [
  { label: "About", href: paths.about() },
  { label: "Privacy", href: paths.privacy() },
  { label: "Terms", href: paths.terms() },
];

/** True when `href` is the current page or a page below it ("/" only matches itself). */
export function isActivePath(href: string, location: string): boolean {
  if (href === "/") return location === "/";
  return location === href || location.startsWith(`${href}/`);
}

/**
 * How well `item` names the current page: -1 when it does not, otherwise the number of its query
 * parameters the address carries (so "/influencer-discovery?tab=finder" beats "/influencer-discovery"
 * on the finder tab, and only the latter matches without the tab).
 */
function matchScore(item: NavItem, location: string, search: URLSearchParams): number {
  const [path = "", query = ""] = item.href.split("?");
  if (![path, ...(item.aliases ?? [])].some((p) => isActivePath(p, location))) return -1;
  const wanted = [...new URLSearchParams(query)];
  return wanted.every(([key, value]) => search.get(key) === value) ? wanted.length : -1;
}

/**
 * The href of the one item that is the current page (`aria-current="page"`), or null. `location` is
 * the path, `search` the query string with or without its "?". Paths and query both count: on
 * /influencer-discovery?tab=finder it is the Account Finder, not Influencer Discovery.
 */
export function currentNavHref(items: readonly NavItem[], location: string, search: string): string | null {
  const params = new URLSearchParams(search);
  let best: { href: string; score: number } | null = null;
  for (const item of items) {
    const score = matchScore(item, location, params);
    if (score >= 0 && (best === null || score > best.score)) best = { href: item.href, score };
  }
  return best?.href ?? null;
}

/** currentNavHref for the address the router shows now (it follows tab changes without a reload). */
export function useCurrentNavHref(items: readonly NavItem[]): string | null {
  const [location] = useLocation();
  const search = useSearch();
  return currentNavHref(items, location, search);
}
