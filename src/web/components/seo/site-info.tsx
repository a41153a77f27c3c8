import { createContext, type ReactNode, useContext } from "react";

/** What page metadata needs to know about this installation (fed from GET /api/config by the app). */
export interface SiteInfo {
  brandName: string;
  /** Public base URL, e.g. https://analytics.example.com (no trailing slash). Empty: the page's origin. */
  appUrl: string;
}

export const DEFAULT_BRAND_NAME = "Social Media Analytics Platform";

const SiteInfoContext = createContext<SiteInfo>({ brandName: DEFAULT_BRAND_NAME, appUrl: "" });

export function SiteInfoProvider({ value, children }: { value: SiteInfo; children: ReactNode }) {
  return <SiteInfoContext.Provider value={value}>{children}</SiteInfoContext.Provider>;
}

export function useSiteInfo(): SiteInfo {
  return useContext(SiteInfoContext);
}

/** The base URL for absolute links: the configured appUrl, else this page's origin. */
export function siteOrigin(info: SiteInfo): string {
  const base = info.appUrl || (typeof window === "undefined" ? "" : window.location.origin);
  return base.replace(/\/+$/, "");
}

/** Makes a path absolute against the site origin; absolute URLs pass through. */
export function absoluteUrl(info: SiteInfo, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${siteOrigin(info)}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}
