import { sql } from "drizzle-orm";
import { canonicalHandle } from "#core/handles";
import type { BlogPost } from "#core/schemas/blog";
import { PLATFORMS, type Platform } from "#core/schemas/platform";
import { cleanSearchTerm, SEARCH_QUERY_MAX } from "#core/schemas/search";
import {
  type AccountRoute,
  type AccountSummary,
  absoluteUrl,
  accountPageMeta,
  blogPostMeta,
  matchRoute,
  notFoundMeta,
  type PageMeta,
  SITEMAP_STATIC_PATHS,
  searchPageMeta,
} from "#core/seo/page-meta";
import type { AppDb } from "../db/database";
import { queryRows } from "../discovery/sql";
import { MAX_URLS_PER_SITEMAP, type SitemapEntry } from "./sitemap";

export interface ResolvedPage {
  status: 200 | 404;
  meta: PageMeta;
}

export interface SeoServiceDeps {
  db: AppDb;
  appUrl: string;
  brandName: string;
  blogPosts: readonly BlogPost[];
  /** URLs per sitemap file (the protocol's 50,000; tests pass a small number). */
  urlsPerSitemap?: number;
}

/** Metadata of every page path, and the sitemap's URLs. */
export function createSeoService(deps: SeoServiceDeps) {
  const { db, appUrl, brandName, blogPosts } = deps;
  const perFile = Math.min(deps.urlsPerSitemap ?? MAX_URLS_PER_SITEMAP, MAX_URLS_PER_SITEMAP);
  const postsBySlug = new Map(blogPosts.map((p) => [p.slug, p]));
  const notFound: ResolvedPage = { status: 404, meta: notFoundMeta() };

  async function findAccount(route: AccountRoute): Promise<AccountSummary | null> {
    const platforms: readonly Platform[] = route.platform ? [route.platform] : PLATFORMS;
    const handles = [...new Set(platforms.map((p) => canonicalHandle(p, route.username)))];
    const rows = await queryRows<{
      platform: Platform;
      username: string;
      name: string;
      grade: string | null;
      followers: number | string;
      engagementRate: number | null;
      isSample: boolean;
    }>(
      db,
      sql`select platform, username, name, grade, followers, engagement_rate as "engagementRate",
                 is_sample as "isSample"
          from accounts
          where platform = any(${sql.param([...platforms])}::text[])
            and username = any(${sql.param(handles)}::text[])
            and last_analyzed_at is not null
          order by last_analyzed_at desc
          limit 1`,
    );
    const r = rows[0];
    if (!r) return null;
    return {
      ...r,
      followers: Number(r.followers),
      engagementRate: r.engagementRate == null ? null : Number(r.engagementRate),
    };
  }

  async function storedReportCount(): Promise<number> {
    const rows = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from accounts where last_analyzed_at is not null and not is_sample`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  function fixedEntries(): SitemapEntry[] {
    return [
      ...SITEMAP_STATIC_PATHS.map((p) => ({ loc: absoluteUrl(appUrl, p) })),
      ...blogPosts.map((post) => ({
        loc: absoluteUrl(appUrl, blogPostMeta(post, brandName).canonical),
        lastmod: post.publishDate,
      })),
    ];
  }

  return {
    /** The status and metadata of a page path (query string given separately). */
    async resolve(pathname: string, query: URLSearchParams): Promise<ResolvedPage> {
      const route = matchRoute(pathname, brandName);
      switch (route.kind) {
        case "page":
          return { status: 200, meta: route.meta };
        case "search": {
          const term = cleanSearchTerm(query.get("q") ?? "").slice(0, SEARCH_QUERY_MAX);
          return { status: 200, meta: searchPageMeta(term) };
        }
        case "blogPost": {
          const post = postsBySlug.get(route.slug);
          return post ? { status: 200, meta: blogPostMeta(post, brandName) } : notFound;
        }
        case "account": {
          const account = await findAccount(route);
          return account ? { status: 200, meta: accountPageMeta(account) } : notFound;
        }
        default:
          return notFound;
      }
    },

    /** How many sitemap files the site needs (1: /sitemap.xml is itself the URL set). */
    async sitemapFileCount(): Promise<number> {
      const total = fixedEntries().length + (await storedReportCount());
      return Math.max(1, Math.ceil(total / perFile));
    },

    /** The URLs of sitemap file `n` (1-based): static pages and articles first, then stored reports. */
    async sitemapFile(n: number): Promise<SitemapEntry[]> {
      const fixed = fixedEntries();
      const start = (n - 1) * perFile;
      const end = start + perFile;
      const out = fixed.slice(start, end);
      const reportStart = Math.max(0, start - fixed.length);
      const reportCount = end - fixed.length - reportStart;
      if (reportCount <= 0) return out;
      const rows = await queryRows<{ platform: string; username: string; lastAnalyzedAt: string | Date }>(
        db,
        sql`select platform, username, last_analyzed_at as "lastAnalyzedAt"
            from accounts where last_analyzed_at is not null and not is_sample
            order by id limit ${reportCount} offset ${reportStart}`,
      );
      for (const r of rows) {
        out.push({
          loc: absoluteUrl(appUrl, `/report/${r.platform}/${encodeURIComponent(r.username)}`),
          lastmod: new Date(r.lastAnalyzedAt).toISOString(),
        });
      }
      return out;
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
