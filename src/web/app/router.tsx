import { Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { PageLoading } from "../components/ui/spinner";
import { routes } from "../config/paths";
import { HomePage } from "../pages/home-page";
import { NotFoundPage } from "../pages/not-found-page";
import { AppErrorBoundary } from "./error-boundary";
import { lazyPage } from "./lazy-page";

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
const AboutPage = lazyPage(() => import("../pages/about-page"), "AboutPage");
const PrivacyPage = lazyPage(() => import("../pages/privacy-page"), "PrivacyPage");
const TermsPage = lazyPage(() => import("../pages/terms-page"), "TermsPage");
const BlogPage = lazyPage(() => import("../pages/blog-page"), "BlogPage");
const BlogPostPage = lazyPage(() => import("../pages/blog-post-page"), "BlogPostPage");
const SearchPage = lazyPage(() => import("../pages/search-page"), "SearchPage");
const TestParserPage = lazyPage(() => import("../pages/test-parser-page"), "TestParserPage");
const AdsenseTestPage = lazyPage(() => import("../pages/adsense-test-page"), "AdsenseTestPage");

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
          <Route path={routes.home} component={HomePage} />
          {routes.report.map((path) => (
            <Route key={path} path={path} component={ReportPage} />
          ))}
          {routes.insight.map((path) => (
            <Route key={path} path={path} component={InsightPage} />
          ))}
          {routes.landing.map((path) => (
            <Route key={path} path={path} component={PlatformLandingPage} />
          ))}
          {routes.discovery.map((path) => (
            <Route key={path} path={path} component={DiscoveryPage} />
          ))}
          <Route path={routes.history} component={HistoryPage} />
          {routes.lists.map((path) => (
            <Route key={path} path={path} component={ListsPage} />
          ))}
          <Route path={routes.compare} component={ComparePage} />
          <Route path={routes.sharedList} component={SharedListPage} />
          <Route path={routes.watchlists} component={WatchlistsPage} />
          <Route path={routes.settings} component={SettingsPage} />
          <Route path={routes.about} component={AboutPage} />
          <Route path={routes.privacy} component={PrivacyPage} />
          <Route path={routes.terms} component={TermsPage} />
          <Route path={routes.blog} component={BlogPage} />
          <Route path={routes.blogPost} component={BlogPostPage} />
          <Route path={routes.search} component={SearchPage} />
          <Route path={routes.testParser} component={TestParserPage} />
          <Route path={routes.adsenseTest} component={AdsenseTestPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppErrorBoundary>
  );
}
