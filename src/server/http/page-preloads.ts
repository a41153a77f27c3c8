import fs from "node:fs";
import path from "node:path";
import { reportPathOf } from "#core/report-path";
import { routes } from "#core/routes";
import { isPlatform, type Platform } from "#core/schemas/platform";
import type { HeadTag } from "#core/seo/page-meta";

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json), as far as preloading needs it. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Whether a path is one of a route's fixed patterns (no parameters), with or without a trailing "/". */
function isRoute(patterns: readonly string[], pathname: string): boolean {
  // The router matches a path's fixed words in any case (/Influencer-Discovery).
  return patterns.includes((pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname).toLowerCase());
}

/**
 * Pages whose own chunk is worth fetching with the HTML: the web app loads each page lazily, so
 * without a hint the browser learns of the page's chunk only once the entry has run (a waterfall
 * that delayed the report's first paint). Each test reads a path as the web app's router does
 * (src/core/routes.ts, src/core/report-path.ts).
 */
const PAGE_CHUNKS: [(pathname: string) => boolean, string][] = [
  [(pathname) => reportPathOf(pathname) !== null, "pages/report-page.tsx"],
  [(pathname) => isRoute(routes.discovery, pathname), "pages/discovery-page.tsx"],
];

/** The platform and handle of a /report/{platform}/{username} path (the platform in any case), or null. */
export function reportPageOf(pathname: string): { platform: Platform; username: string } | null {
  const report = reportPathOf(pathname);
  const platform = report?.platform?.toLowerCase();
  return report && isPlatform(platform) ? { platform, username: report.username } : null;
}

function readManifest(webRoot: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(webRoot, ".vite", "manifest.json"), "utf8")) as Manifest;
  } catch {
    return null;
  }
}

/** A page's preload hints: those for its head, and its own chunks, which load with the app's scripts. */
export interface PageHints {
  head: HeadTag[];
  scripts: HeadTag[];
}

/**
 * Builds the per-page preload hints from a build: `<link rel="modulepreload">` for the page's chunk
 * and the chunks it imports (minus those index.html already names), which start with the app's own
 * scripts after the first paint (decision 028); and for a report page whose HTML does not carry its
 * stored report (`dataInPage`), a `<link rel="preload" as="fetch">` of it, so the data download starts
 * with the HTML instead of after the JavaScript has run. Without a manifest (no build, or an old one)
 * it gives no chunk hints.
 */
export function createPagePreloads(
  webRoot: string,
  indexHtml: string,
): (pathname: string, options?: { dataInPage?: boolean }) => PageHints {
  const manifest = readManifest(webRoot);
  const inIndex = (file: string) => indexHtml.includes(`/${file}"`);
  const chunksOf = (key: string): string[] => {
    const out: string[] = [];
    const seen = new Set<string>();
    const visit = (k: string) => {
      const chunk = manifest?.[k];
      if (!chunk || seen.has(k)) return;
      seen.add(k);
      if (!inIndex(chunk.file)) out.push(`/${chunk.file}`);
      for (const i of chunk.imports ?? []) visit(i);
    };
    visit(key);
    return out;
  };
  const pageChunks = PAGE_CHUNKS.map(([matches, key]) => [matches, chunksOf(key)] as const);

  return (pathname, { dataInPage = false } = {}) => {
    const head: HeadTag[] = [];
    const report = dataInPage ? null : reportPageOf(pathname);
    if (report) {
      const href = `/api/accounts/${encodeURIComponent(report.username)}?platform=${report.platform}`;
      // The app fetches with credentials: "include"; the preload must match it to be reused.
      head.push({
        tag: "link",
        attrs: { rel: "preload", as: "fetch", href, crossorigin: "use-credentials" },
      });
    }
    const scripts: HeadTag[] = [];
    for (const [matches, files] of pageChunks) {
      if (!matches(pathname)) continue;
      for (const href of files)
        scripts.push({ tag: "link", attrs: { rel: "modulepreload", crossorigin: "", href } });
    }
    return { head, scripts };
  };
}
