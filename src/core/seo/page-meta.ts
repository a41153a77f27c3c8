import { formatFollowers } from "../format";
import { stripAt } from "../handles";
import { isPlatform, PLATFORM_LABELS, type Platform } from "../platforms";

/**
 * Page metadata (spec §2 "Page metadata") shared by the server, which writes it into the HTML it
 * sends (crawlers and link previews run no JavaScript), and the web app's <Seo>, which keeps it
 * right after client-side navigation. Pure: no I/O, no clock.
 */

export const DEFAULT_OG_IMAGE = "/og-image.png";
export const DEFAULT_BRAND_NAME = "Social Media Analytics Platform";
/** Where the build's static shell (index.html) names the brand: the server writes the configured one. */
export const SHELL_BRAND_MARK = "%BRAND_NAME%";
/** The `<script type="application/json">` in which the server gives a page the data it was rendered with. */
export const PAGE_DATA_ELEMENT_ID = "page-data";
export const SEARCH_TEMPLATE_PATH = "/search?q={search_term_string}";

export interface SiteInfo {
  brandName: string;
  /** Public base URL without a trailing slash (APP_URL). */
  appUrl: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Path or absolute URL of the canonical page. */
  canonical: string;
  /** Path or absolute URL; default /og-image.png. */
  ogImage?: string;
  /** "article" gives Article structured data; anything else WebSite with a search action. */
  type?: "website" | "article" | "profile";
  keywords?: string | readonly string[];
  author?: string;
  publishedTime?: string;
  modifiedTime?: string;
  section?: string;
  tags?: readonly string[];
  /** Keep the page out of search engines (sample creators: generated, not real accounts). */
  noindex?: boolean;
}

/** '{title} | {brand}' (spec §2). */
export function fullTitle(title: string, brandName: string): string {
  return `${title} | ${brandName}`;
}

/** A path made absolute against a base URL; absolute http(s) URLs pass through. */
export function absoluteUrl(base: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${base.replace(/\/+$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** JSON-LD: Article for articles, otherwise WebSite with the SearchAction to /search?q={term}. */
export function structuredData(meta: PageMeta, site: SiteInfo): Record<string, unknown> {
  const origin = site.appUrl.replace(/\/+$/, "");
  const canonicalUrl = absoluteUrl(origin, meta.canonical);
  if (meta.type === "article") {
    return {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: meta.title,
      description: meta.description,
      image: absoluteUrl(origin, meta.ogImage ?? DEFAULT_OG_IMAGE),
      url: canonicalUrl,
      mainEntityOfPage: { "@type": "WebPage", "@id": canonicalUrl },
      ...(meta.author ? { author: { "@type": "Person", name: meta.author } } : {}),
      ...(meta.publishedTime ? { datePublished: meta.publishedTime } : {}),
      ...(meta.modifiedTime || meta.publishedTime
        ? { dateModified: meta.modifiedTime ?? meta.publishedTime }
        : {}),
      ...(meta.section ? { articleSection: meta.section } : {}),
      ...(meta.tags?.length ? { keywords: meta.tags.join(", ") } : {}),
      publisher: { "@type": "Organization", name: site.brandName, url: origin },
    };
  }
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.brandName,
    url: origin,
    description: meta.description,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${origin}${SEARCH_TEMPLATE_PATH}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/** JSON for a <script type="application/ld+json">: "<", ">" and "&" escaped so it cannot end the element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** One element of the document head. */
export interface HeadTag {
  tag: "title" | "meta" | "link" | "script";
  attrs: Record<string, string>;
  text?: string;
}

/** Every head element of a page, in the order <Seo> renders them. */
export function headTags(meta: PageMeta, site: SiteInfo): HeadTag[] {
  const title = fullTitle(meta.title, site.brandName);
  const canonicalUrl = absoluteUrl(site.appUrl, meta.canonical);
  const imageUrl = absoluteUrl(site.appUrl, meta.ogImage ?? DEFAULT_OG_IMAGE);
  const type = meta.type ?? "website";
  const isArticle = type === "article";
  const keywords = typeof meta.keywords === "string" ? meta.keywords : meta.keywords?.join(", ");
  const m = (key: "name" | "property", id: string, content: string): HeadTag => ({
    tag: "meta",
    attrs: { [key]: id, content },
  });
  const tags: HeadTag[] = [
    { tag: "title", attrs: {}, text: title },
    m("name", "description", meta.description),
  ];
  if (keywords) tags.push(m("name", "keywords", keywords));
  if (meta.author) tags.push(m("name", "author", meta.author));
  tags.push(
    m("name", "robots", meta.noindex ? "noindex, follow" : "index, follow"),
    { tag: "link", attrs: { rel: "canonical", href: canonicalUrl } },
    m("property", "og:title", title),
    m("property", "og:description", meta.description),
    m("property", "og:type", type),
    m("property", "og:url", canonicalUrl),
    m("property", "og:image", imageUrl),
    m("property", "og:site_name", site.brandName),
  );
  if (isArticle && meta.publishedTime) tags.push(m("property", "article:published_time", meta.publishedTime));
  if (isArticle && meta.modifiedTime) tags.push(m("property", "article:modified_time", meta.modifiedTime));
  if (isArticle && meta.section) tags.push(m("property", "article:section", meta.section));
  if (isArticle) for (const tag of meta.tags ?? []) tags.push(m("property", "article:tag", tag));
  tags.push(
    m("name", "twitter:card", "summary_large_image"),
    m("name", "twitter:title", title),
    m("name", "twitter:description", meta.description),
    m("name", "twitter:image", imageUrl),
    {
      tag: "script",
      attrs: { type: "application/ld+json" },
      text: jsonLdText(structuredData(meta, site)),
    },
  );
  return tags;
}

// ---------------------------------------------------------------------------------------------
// Routes → metadata (spec §2 route list). The web pages render the same texts.

export const LANDING_KEYS = ["instagram", "tiktok", "youtube", "social-media"] as const;
export type LandingKey = (typeof LANDING_KEYS)[number];

const LANDING_SUBJECT: Record<LandingKey, string> = {
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
  "social-media": "Social Media",
};

/** Where an account is shown: the report, insight and landing screens. */
export interface AccountRoute {
  kind: "account";
  screen: "report" | "insight" | "landing";
  username: string;
  platform?: Platform;
  landingKey?: LandingKey;
}

export type RouteMatch =
  | { kind: "page"; meta: PageMeta }
  | AccountRoute
  | { kind: "blogPost"; slug: string }
  | { kind: "search" }
  | { kind: "notFound" };

/** A page without per-item data, by path (brand-dependent texts take the brand). */
function staticPages(brand: string): Record<string, PageMeta> {
  const landing = (key: LandingKey): PageMeta => ({
    title: `${LANDING_SUBJECT[key]} Analytics`,
    description: `Free ${LANDING_SUBJECT[key] === "Social Media" ? "social media" : LANDING_SUBJECT[key]} analytics: engagement rate, audience insights, grade and estimated value per post for any public creator.`,
    canonical: `/${key}-analytics`,
  });
  const discovery: PageMeta = {
    title: "Influencer Discovery",
    description:
      "Find Instagram, TikTok and YouTube influencers by follower range, industry and target market.",
    canonical: "/influencer-discovery",
    keywords: ["influencer discovery", "find influencers", "influencer search"],
  };
  const insight: PageMeta = {
    title: "Influencer Insight",
    description:
      "Analyze any Instagram, TikTok or YouTube creator: engagement, audience insights and estimated marketing value per post.",
    canonical: "/influencer-insight",
    keywords: ["influencer report", "engagement rate", "influencer marketing value"],
  };
  return {
    "/": {
      title: "Social Media Analytics Made Simple",
      description:
        "Influencer reports for Instagram, TikTok and YouTube: grade, engagement, audience, posting habits and estimated price per post, computed from public data.",
      canonical: "/",
      keywords: ["influencer analytics", "instagram analytics", "tiktok analytics", "youtube analytics"],
    },
    "/influencer-discovery": discovery,
    "/influencer-search": discovery,
    "/influencer-insight": insight,
    "/influencer-report": insight,
    "/instagram-analytics": landing("instagram"),
    "/tiktok-analytics": landing("tiktok"),
    "/youtube-analytics": landing("youtube"),
    "/social-media-analytics": landing("social-media"),
    "/history": {
      title: "Recently Viewed",
      description: "The influencer reports you have looked at recently.",
      canonical: "/history",
    },
    "/settings": { title: "Settings", description: "Application settings.", canonical: "/settings" },
    "/lists": {
      title: "Lists",
      description: "Your shortlists of creators: notes, statuses, totals, exports and client links.",
      canonical: "/lists",
    },
    "/compare": {
      title: "Compare Creators",
      description:
        "Up to four creators side by side: grade, engagement against their tier, content, rhythm and price.",
      canonical: "/compare",
    },
    "/watchlists": {
      title: "Watchlists",
      description: "Accounts you watch, their growth, and the alerts they send.",
      canonical: "/watchlists",
    },
    "/about": {
      title: "About",
      description: `What ${brand} does and how every number in an influencer report is computed.`,
      canonical: "/about",
    },
    "/privacy": {
      title: "Privacy Policy",
      description: `What ${brand} stores about you, why, for how long, and who else sees it.`,
      canonical: "/privacy",
    },
    "/terms": {
      title: "Terms of Service",
      description: `The rules for using ${brand}: accounts, limits, acceptable use and the nature of the estimates.`,
      canonical: "/terms",
    },
    "/blog": {
      title: "Blog",
      description:
        "Guides on influencer pricing, choosing platforms and the trends shaping creator marketing.",
      canonical: "/blog",
      keywords: ["influencer marketing", "influencer pricing", "creator marketing trends"],
    },
    "/test-parser": {
      title: "Input Parser Test",
      description: "Internal diagnostics: how a typed handle, link or name is understood.",
      canonical: "/test-parser",
    },
    "/adsense-test": {
      title: "AdSense Diagnostics",
      description: "Internal diagnostics for the advertisement slot.",
      canonical: "/adsense-test",
    },
  };
}

/** Public pages listed in the sitemap (no sign-in pages, no diagnostics, no aliases). */
export const SITEMAP_STATIC_PATHS = [
  "/",
  "/influencer-discovery",
  "/influencer-insight",
  "/instagram-analytics",
  "/tiktok-analytics",
  "/youtube-analytics",
  "/social-media-analytics",
  "/blog",
  "/about",
  "/privacy",
  "/terms",
] as const;

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A username segment as the pages read it: decoded, without leading "@", bounded (spec §5: 100). */
function usernameOf(segment: string): string | null {
  const segmentText = decodeSegment(segment);
  const decoded = segmentText === null ? null : stripAt(segmentText).trim();
  if (!decoded || decoded.length > 100) return null;
  return decoded;
}

/**
 * Which screen of spec §2 a path shows, the same routes as the web router. The router matches the
 * fixed words of a path in any case (`/Influencer-Discovery` is the discovery page) and keeps the
 * case of what it reads from it (a username, a slug, a token): so does this.
 */
export function matchRoute(pathname: string, brand = DEFAULT_BRAND_NAME): RouteMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const page = staticPages(brand)[path.toLowerCase()];
  if (page) return { kind: "page", meta: page };
  if (path.toLowerCase() === "/search") return { kind: "search" };
  const parts = path.split("/").slice(1);
  const [firstText, second, third] = parts;
  const first = firstText?.toLowerCase();
  if (parts.length === 2 && first === "lists" && second && /^\d{1,18}$/.test(second)) {
    return { kind: "page", meta: staticPages(brand)["/lists"]! };
  }
  if (parts.length === 3 && first === "shared" && second?.toLowerCase() === "lists" && third) {
    // A client's read-only link: its token stays out of the metadata (robots.txt keeps it unindexed).
    return {
      kind: "page",
      meta: { title: "Shared list", description: "A shortlist of creators shared with you.", canonical: "/" },
    };
  }
  if (first === "workspaces" && second && (parts.length === 2 || (parts.length === 3 && third === "audit"))) {
    // A workspace's settings or audit log (issue #37): signed-in pages, never indexed.
    return {
      kind: "page",
      meta: { title: "Workspace", description: "A team workspace.", canonical: "/", noindex: true },
    };
  }
  if (parts.length === 2 && first === "invite" && second) {
    // An invite link: its token stays out of the metadata, as a shared list's does.
    return {
      kind: "page",
      meta: {
        title: "Invitation",
        description: "An invitation to a workspace.",
        canonical: "/",
        noindex: true,
      },
    };
  }
  if (parts.length === 2 && first === "blog" && second) {
    const slug = decodeSegment(second);
    return slug ? { kind: "blogPost", slug } : { kind: "notFound" };
  }
  const screen =
    first === "report"
      ? "report"
      : first === "influencer-insight" || first === "influencer-report"
        ? "insight"
        : null;
  if (screen && (parts.length === 2 || parts.length === 3)) {
    if (parts.length === 3 && !isPlatform(second)) return { kind: "notFound" };
    const username = usernameOf(parts.length === 3 ? (third ?? "") : (second ?? ""));
    if (!username) return { kind: "notFound" };
    return parts.length === 3
      ? { kind: "account", screen, username, platform: second as Platform }
      : { kind: "account", screen, username };
  }
  const landing = /^([a-z-]+)-analytics$/.exec(first ?? "")?.[1];
  if (landing && (LANDING_KEYS as readonly string[]).includes(landing) && parts.length === 2) {
    const username = usernameOf(second ?? "");
    if (!username) return { kind: "notFound" };
    const key = landing as LandingKey;
    return {
      kind: "account",
      screen: "landing",
      username,
      landingKey: key,
      ...(isPlatform(key) ? { platform: key } : {}),
    };
  }
  return { kind: "notFound" };
}

/** Spec §2: the not-found page's metadata. */
export function notFoundMeta(): PageMeta {
  return {
    title: "Page Not Found",
    description: "The page you were looking for does not exist.",
    canonical: "/404",
  };
}

/** /search?q={term}. */
export function searchPageMeta(term: string): PageMeta {
  return {
    title: term ? `Search: ${term}` : "Search",
    description: term
      ? `Stored influencer reports matching "${term}", or analyze "${term}" as a handle.`
      : "Search stored influencer reports by username, name, industry or bio.",
    canonical: term ? `/search?q=${encodeURIComponent(term)}` : "/search",
  };
}

/** What a stored account contributes to its pages' metadata. */
export interface AccountSummary {
  platform: Platform;
  username: string;
  name: string;
  grade: string | null;
  followers: number;
  engagementRate: number | null;
  /** A generated sample creator: "Sample" in the title and previews, never indexed. */
  isSample?: boolean;
}

/**
 * A stored account's metadata, whichever screen shows it: its name, grade and followers, so a link
 * pasted in a chat says who it is. The canonical URL is the report page (one URL per account).
 */
export function accountPageMeta(account: AccountSummary): PageMeta {
  const label = PLATFORM_LABELS[account.platform];
  const who = account.name.trim() ? `${account.name.trim()} (@${account.username})` : `@${account.username}`;
  const facts = [
    account.grade ? `grade ${account.grade}` : null,
    `${formatFollowers(account.followers)} followers`,
    account.engagementRate != null && Number.isFinite(account.engagementRate)
      ? `${account.engagementRate.toFixed(2)}% engagement rate`
      : null,
  ].filter(Boolean);
  if (account.isSample)
    return {
      title: `Sample: ${who} ${label} report`,
      description: `Sample data — a generated creator, not a real ${label} account: ${facts.join(", ")}. Shows what an influencer report looks like.`,
      canonical: `/report/${account.platform}/${encodeURIComponent(account.username)}`,
      type: "profile",
      noindex: true,
    };
  return {
    title: `${who} ${label} report`,
    description: `${label} influencer report for ${who}: ${facts.join(", ")}. Audience, posting habits and estimated value per post.`,
    canonical: `/report/${account.platform}/${encodeURIComponent(account.username)}`,
    type: "profile",
    keywords: [account.username, `${label} analytics`, "influencer report"],
  };
}

/** Front matter of a blog article (spec §3 blog entry). */
export interface BlogPostSummary {
  slug: string;
  title: string;
  excerpt: string;
  publishDate: string;
  tags: readonly string[];
}

export function blogPostMeta(post: BlogPostSummary, brand: string): PageMeta {
  return {
    title: post.title,
    description: post.excerpt,
    canonical: `/blog/${encodeURIComponent(post.slug)}`,
    type: "article",
    author: brand,
    publishedTime: post.publishDate,
    section: "Influencer Marketing",
    tags: post.tags,
  };
}
