import { paths } from "../../config/paths";
import { absoluteUrl, siteOrigin, useSiteInfo } from "./site-info";

export const DEFAULT_OG_IMAGE = "/og-image.png";

export interface SeoProps {
  title: string;
  description: string;
  /** Path or absolute URL of the canonical page; defaults to the current path. */
  canonical?: string;
  /** Path or absolute URL; default /og-image.png. */
  ogImage?: string;
  /** "article" gives Article structured data; anything else WebSite with a search action. */
  type?: "website" | "article" | "profile";
  keywords?: string | readonly string[];
  author?: string;
  /** ISO dates. */
  publishedTime?: string;
  modifiedTime?: string;
  section?: string;
  tags?: readonly string[];
}

/** JSON for a <script type="application/ld+json">, with "<" escaped so it cannot close the element. */
function jsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/**
 * Page metadata (spec §2 "Page metadata"). React 19 hoists <title>, <meta> and <link> into <head>;
 * the JSON-LD block is data, not script, so the CSP (script-src 'self') does not apply to it.
 */
export function Seo({
  title,
  description,
  canonical,
  ogImage = DEFAULT_OG_IMAGE,
  type = "website",
  keywords,
  author,
  publishedTime,
  modifiedTime,
  section,
  tags,
}: SeoProps) {
  const site = useSiteInfo();
  const fullTitle = `${title} | ${site.brandName}`;
  const canonicalUrl = absoluteUrl(
    site,
    canonical ?? (typeof window === "undefined" ? "/" : window.location.pathname),
  );
  const imageUrl = absoluteUrl(site, ogImage);
  const keywordText = typeof keywords === "string" ? keywords : keywords?.join(", ");
  const isArticle = type === "article";
  const origin = siteOrigin(site);

  const structuredData = isArticle
    ? {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: title,
        description,
        image: imageUrl,
        url: canonicalUrl,
        mainEntityOfPage: { "@type": "WebPage", "@id": canonicalUrl },
        ...(author ? { author: { "@type": "Person", name: author } } : {}),
        ...(publishedTime ? { datePublished: publishedTime } : {}),
        ...(modifiedTime || publishedTime ? { dateModified: modifiedTime ?? publishedTime } : {}),
        ...(section ? { articleSection: section } : {}),
        ...(tags?.length ? { keywords: tags.join(", ") } : {}),
        publisher: { "@type": "Organization", name: site.brandName, url: origin },
      }
    : {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: site.brandName,
        url: origin,
        description,
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${origin}${paths.searchTemplate()}` },
          "query-input": "required name=search_term_string",
        },
      };

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {keywordText ? <meta name="keywords" content={keywordText} /> : null}
      {author ? <meta name="author" content={author} /> : null}
      <meta name="robots" content="index, follow" />
      <link rel="canonical" href={canonicalUrl} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={canonicalUrl} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:site_name" content={site.brandName} />
      {isArticle && publishedTime ? <meta property="article:published_time" content={publishedTime} /> : null}
      {isArticle && modifiedTime ? <meta property="article:modified_time" content={modifiedTime} /> : null}
      {isArticle && section ? <meta property="article:section" content={section} /> : null}
      {isArticle && tags ? tags.map((tag) => <meta key={tag} property="article:tag" content={tag} />) : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <script type="application/ld+json" data-testid="structured-data">
        {jsonLd(structuredData)}
      </script>
    </>
  );
}
