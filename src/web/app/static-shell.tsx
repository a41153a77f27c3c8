import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Router } from "wouter";
import { LANDING_KEYS } from "#core/routes";
import { accountSchema } from "#core/schemas/account";
import { DEFAULT_BRAND_NAME, SHELL_BRAND_MARK } from "#core/seo/page-meta";
import { PageLoading } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { BLOG_POSTS } from "../features/blog";
import { createQueryClient } from "../lib/query-client";
import { AppShell } from "./layout/app-shell";
import { seedReportPage } from "./page-data";
import { AppProvider } from "./provider";
import { AppRouter, preloadPage } from "./router";

/**
 * Pages whose first render needs no data and does not depend on the query string: the build renders
 * each one whole, so its own content (a heading, the search form, the text) is in the first paint
 * too, and in the HTML a crawler reads. The server uses them only for a request without a query
 * string. What the configuration adds (the report limits, a contact address) comes with the app, as
 * it does for any page drawn before the configuration has arrived.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  paths.home(),
  paths.discovery(),
  ...LANDING_KEYS.map((key) => paths.landing(key)),
  paths.about(),
  paths.privacy(),
  paths.terms(),
  paths.blog(),
  ...BLOG_POSTS.map((post) => paths.blogPost(post.slug)),
];

function render(path: string, page: ReactNode, queryClient?: QueryClient): string {
  const html = renderToStaticMarkup(
    <Router ssrPath={path}>
      <AppProvider queryClient={queryClient}>
        <AppShell>{page}</AppShell>
      </AppProvider>
    </Router>,
  );
  return withInertForms(withoutHeadElements(html)).replaceAll(DEFAULT_BRAND_NAME, SHELL_BRAND_MARK);
}

/**
 * Until the app replaces the shell its forms have no handlers: what a reader typed there would be
 * lost, and Enter would submit the form as a plain page load. So the shell's forms are inert, their
 * fields read-only and their selects disabled (buttons ignore the pointer, styles.css).
 */
function withInertForms(html: string): string {
  return html
    .replace(/<form\b/g, "<form inert")
    .replace(/<(input|textarea)\b/g, "<$1 readonly")
    .replace(/<select\b/g, "<select disabled");
}

/**
 * A page's <Seo> renders its title, meta, link and JSON-LD tags; React moves them into the head in
 * the browser, but a static render leaves them where they are. The server writes each page's head
 * itself (seo/html.ts), so the shell drops them.
 */
function withoutHeadElements(html: string): string {
  return html
    .replace(/<title>[\s\S]*?<\/title>/g, "")
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<(?:meta|link)\b[^>]*>/g, "");
}

/**
 * The app's first render for a visitor — top bar, a page still loading, footer — as static HTML.
 * The build writes it into index.html (vite.config.ts), so a browser paints the frame before any
 * JavaScript has arrived; main.tsx then renders the app over it (issue #25, decision 027). The
 * brand name is left as a mark that the server fills in with the configured one.
 */
export function renderStaticShell(): string {
  return render("/", <PageLoading />);
}

/**
 * The same frame with one of PRERENDERED_PATHS rendered inside it, as the app's first render shows
 * it: the page's chunk is loaded first, as main.tsx does in the browser.
 */
export async function renderStaticPage(path: string): Promise<string> {
  await preloadPage(path);
  return render(path, <AppRouter />);
}

/**
 * A report page with its stored report (the body of GET /api/accounts/:username), as the app's first
 * render shows it once that report is in the cache: the server renders it per request, and the
 * browser's first render — seeded with the same report (page-data.ts) — is the same page.
 * Null when `path` is not a report page.
 */
export async function renderReportPage(path: string, accountJson: unknown): Promise<string | null> {
  const account = accountSchema.parse(accountJson);
  const queryClient = createQueryClient();
  if (!seedReportPage(queryClient, path, account, { stale: false })) return null;
  await preloadPage(path);
  return render(path, <AppRouter />, queryClient);
}
