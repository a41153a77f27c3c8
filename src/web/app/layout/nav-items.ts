import { paths } from "../../config/paths";

export interface NavItem {
  label: string;
  href: string;
}

/** Spec §2 top bar: always these four; Settings only for signed-in users. */
export function topNavItems({ isAuthenticated }: { isAuthenticated: boolean }): NavItem[] {
  const items: NavItem[] = [
    { label: "Influencer Discovery", href: paths.discovery() },
    { label: "Influencer Insight", href: paths.insight() },
    { label: "Blog", href: paths.blog() },
    { label: "Recently Viewed", href: paths.history() },
  ];
  if (isAuthenticated) items.push({ label: "Settings", href: paths.settings() });
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
