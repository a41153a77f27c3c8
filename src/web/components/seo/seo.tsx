import {
  fullTitle as brandedTitle,
  DEFAULT_OG_IMAGE,
  jsonLdText,
  type PageMeta,
  structuredData as structuredDataOf,
} from "#core/seo/page-meta";
import { absoluteUrl, siteOrigin, useSiteInfo } from "./site-info";

export { DEFAULT_OG_IMAGE };

export interface SeoProps extends Omit<PageMeta, "canonical"> {
  /** Path or absolute URL of the canonical page; defaults to the current path. */
  canonical?: string;
}

/**
 * Page metadata (spec §2 "Page metadata"). React 19 hoists <title>, <meta> and <link> into <head>;
 * the JSON-LD block is data, not script, so the CSP (script-src 'self') does not apply to it.
 * The texts and structured data come from src/core/seo/page-meta.ts, which the server also uses to
 * write the same tags into the HTML it sends (removed by main.tsx once this takes over).
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
  noindex,
}: SeoProps) {
  const site = useSiteInfo();
  const fullTitle = brandedTitle(title, site.brandName);
  const canonicalPath = canonical ?? (typeof window === "undefined" ? "/" : window.location.pathname);
  const canonicalUrl = absoluteUrl(site, canonicalPath);
  const imageUrl = absoluteUrl(site, ogImage);
  const keywordText = typeof keywords === "string" ? keywords : keywords?.join(", ");
  const isArticle = type === "article";
  const structuredData = structuredDataOf(
    {
      title,
      description,
      canonical: canonicalPath,
      ogImage,
      type,
      author,
      publishedTime,
      modifiedTime,
      section,
      tags,
    },
    { brandName: site.brandName, appUrl: siteOrigin(site) },
  );

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {keywordText ? <meta name="keywords" content={keywordText} /> : null}
      {author ? <meta name="author" content={author} /> : null}
      <meta name="robots" content={noindex ? "noindex, follow" : "index, follow"} />
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
        {jsonLdText(structuredData)}
      </script>
    </>
  );
}
