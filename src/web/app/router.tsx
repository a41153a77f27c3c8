import { type ComponentType, Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { PageLoading } from "../components/ui/spinner";
import { routes } from "../config/paths";
import { HomePage } from "../pages/home-page";
import { NotFoundPage } from "../pages/not-found-page";
import { AppErrorBoundary } from "./error-boundary";
import { type LazyPage, lazyPage } from "./lazy-page";

const ReportPage = lazyPage(() => import("../pages/report-page"), "ReportPage");
const InsightPage = lazyPage(() => import("../pages/insight-page"), "InsightPage");
const PlatformLandingPage = lazyPage(() => import("../pages/platform-landing-page"), "PlatformLandingPage");
const DiscoveryPage = lazyPage(() => import("../pages/discovery-page"), "DiscoveryPage");
const HistoryPage = lazyPage(() => import("../pages/history-page"), "HistoryPage");
const ListsPage = lazyPage(() => import("../pages/lists-page"), "ListsPage");
const ComparePage = lazyPage(() => import("../pages/compare-page"), "ComparePage");
const SharedListPage = lazyPage(() => import("../pages/shared-list-page"), "SharedListPage");
const WatchlistsPage = lazyPage(() => import("../pages/watchlists-page"), "WatchlistsPage");
const SettingsPage = lazyPage(() => import("../pages/settings-page"), "SettingsPage");
const WorkspacePage = lazyPage(() => import("../pages/workspace-pages"), "WorkspacePage");
const WorkspaceAuditPage = lazyPage(() => import("../pages/workspace-pages"), "WorkspaceAuditPage");
const InvitePage = lazyPage(() => import("../pages/workspace-pages"), "InvitePage");
const AboutPage = lazyPage(() => import("../pages/about-page"), "AboutPage");
const PrivacyPage = lazyPage(() => import("../pages/privacy-page"), "PrivacyPage");
const TermsPage = lazyPage(() => import("../pages/terms-page"), "TermsPage");
const BlogPage = lazyPage(() => import("../pages/blog-page"), "BlogPage");
const BlogPostPage = lazyPage(() => import("../pages/blog-post-page"), "BlogPostPage");
const SearchPage = lazyPage(() => import("../pages/search-page"), "SearchPage");
const TestParserPage = lazyPage(() => import("../pages/test-parser-page"), "TestParserPage");
const AdsenseTestPage = lazyPage(() => import("../pages/adsense-test-page"), "AdsenseTestPage");

/** Every page in the order the router tries them (the first pattern that matches wins). */
const PAGES: readonly [patterns: string | readonly string[], page: ComponentType | LazyPage][] = [
  [routes.home, HomePage],
  [routes.report, ReportPage],
  [routes.insight, InsightPage],
  [routes.landing, PlatformLandingPage],
  [routes.discovery, DiscoveryPage],
  [routes.history, HistoryPage],
  [routes.lists, ListsPage],
  [routes.compare, ComparePage],
  [routes.sharedList, SharedListPage],
  [routes.watchlists, WatchlistsPage],
  [routes.settings, SettingsPage],
  [routes.workspaceAudit, WorkspaceAuditPage],
  [routes.workspace, WorkspacePage],
  [routes.invite, InvitePage],
  [routes.about, AboutPage],
  [routes.privacy, PrivacyPage],
  [routes.terms, TermsPage],
  [routes.blog, BlogPage],
  [routes.blogPost, BlogPostPage],
  [routes.search, SearchPage],
  [routes.testParser, TestParserPage],
  [routes.adsenseTest, AdsenseTestPage],
];

const patternsOf = (patterns: string | readonly string[]) =>
  typeof patterns === "string" ? [patterns] : patterns;

/** A route pattern as wouter matches it (its parser, regexparam: `:name` is one segment, any case). */
function patternRegExp(pattern: string): RegExp {
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]\w*/g, "[^/]+?");
  return new RegExp(`^${source}/?$`, "i");
}

/**
 * Loads the chunk of the page at `pathname`, when it is a lazy one, so the app's first render is
 * the page itself rather than "Loading…" (main.tsx waits for it; the build does too when it
 * renders a page into the static shell, decision 027).
 */
export async function preloadPage(pathname: string): Promise<void> {
  const hit = PAGES.find(([patterns]) => patternsOf(patterns).some((p) => patternRegExp(p).test(pathname)));
  const page = hit?.[1];
  if (page && "preload" in page) await page.preload();
}

/**
 * Every route of spec §2, aliases included (patterns live in config/paths.ts). A page that fails to
 * load or render shows the error boundary with a Retry; moving to another page clears it.
 */
export function AppRouter() {
  const [location] = useLocation();
  return (
    <AppErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          {PAGES.flatMap(([patterns, page]) =>
            patternsOf(patterns).map((path) => <Route key={path} path={path} component={page} />),
          )}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppErrorBoundary>
  );
}
