import { lazy, Suspense, useState } from "react";
import { toast } from "sonner";
import { Link, useLocation, useSearch } from "wouter";
import type { Platform } from "#core/schemas/platform";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { Spinner } from "../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { FINDER_TAB, paths, TAB_PARAM } from "../config/paths";
import { openReportInNewTab, useAnalyzeAccount } from "../features/analyze";
import { showLoginPrompt, useSession } from "../features/auth";
import { CompareTray } from "../features/compare";
import { useConfig } from "../features/config/api/get-config";
import { DiscoveryView } from "../features/discovery";
import { trackInfluencerAnalysis } from "../lib/analytics";
import { type ApiError, dispatchAuthError, isApiError, REPORT_LIMIT_EXCEEDED } from "../lib/api-client";
import { renderCreatorActions } from "./creator-actions";

// The finder is its own chunk: it loads when its tab is first opened.
const AccountFinder = lazy(async () => ({ default: (await import("../features/finder")).AccountFinder }));

/** Spec §9: the finder says 'Report Generated' about 500 ms after the click. */
const REPORT_READY_DELAY_MS = 500;

const REPORT_ERROR_TITLE = "Error";
const REPORT_ERROR_TEXT = "Failed to generate report. Please try again.";

type Tab = "discovery" | typeof FINDER_TAB;

interface AccountRef {
  username: string;
  platform: Platform;
  /** A generated sample creator, analysed as such. */
  sample?: boolean;
}

const delay = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * Spec §8 for report generation from discovery (and the finder): the report limit (a 429, or the
 * REPORT_LIMIT_EXCEEDED code) raises the 'auth-error' event with that code, which opens the sign-in
 * dialog; a 401 asking for sign-in does the same. A per-address request limit (RATE_LIMITED) is not
 * a sign-in matter. Anything else is the 'Error' toast.
 */
function handleReportError(error: unknown): void {
  if (error instanceof DOMException && error.name === "AbortError") return;
  if (isApiError(error)) {
    const limit =
      error.code === REPORT_LIMIT_EXCEEDED ||
      (error.status === 429 && error.code !== "RATE_LIMITED") ||
      /\b429\b|REPORT_LIMIT_EXCEEDED/.test(error.message);
    if (limit) {
      dispatchAuthError({ message: error.message, code: REPORT_LIMIT_EXCEEDED, requiresAuth: true });
      return;
    }
    if (error.status === 401 && error.requiresAuth) {
      dispatchAuthError({ message: error.message, code: error.code, requiresAuth: true });
      return;
    }
  }
  toast.error(REPORT_ERROR_TITLE, { description: REPORT_ERROR_TEXT });
}

/** /influencer-discovery and /influencer-search: discovery by filters, and the account finder tab. */
export function DiscoveryPage() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const tab: Tab = new URLSearchParams(search).get(TAB_PARAM) === FINDER_TAB ? FINDER_TAB : "discovery";
  // Once opened, the finder stays mounted (hidden) so its results survive a look at the other tab.
  const [finderOpened, setFinderOpened] = useState(tab === FINDER_TAB);
  if (tab === FINDER_TAB && !finderOpened) setFinderOpened(true);
  const { isAuthenticated, incrementReportCount } = useSession();
  const { data: config } = useConfig();
  // Web candidates need a language model and a signed-in user (docs/decisions/009): visitors and
  // installations without a model are not offered the option.
  const offerWebCandidates = isAuthenticated && config?.aiEnabled === true;

  const analyzeAccount = useAnalyzeAccount();
  const analyse = async ({ username, platform, sample }: AccountRef) => {
    const account = await analyzeAccount({ username, platform, ...(sample ? { sample } : {}) });
    incrementReportCount(account);
    trackInfluencerAnalysis({
      platform: account.platform,
      username: account.username,
      estimatedEarnings: account.metrics.earnings,
    });
    return account;
  };

  // Discovery: the username's spinner runs until the report exists, then the report opens in a new tab
  // ('Report Ready' toast with 'Open Report' when the browser blocks it).
  const discoveryReport = async (ref: AccountRef) => {
    try {
      const account = await analyse(ref);
      openReportInNewTab(paths.report(account.username, account.platform), account.username);
    } catch (error) {
      handleReportError(error);
    }
  };

  // Finder: the username is marked in progress, 'Report Generated' comes after about 500 ms (or when
  // the report is ready, if later), then /report/{platform}/{username} opens in a new tab.
  const finderReport = async (ref: AccountRef) => {
    try {
      const [account] = await Promise.all([analyse(ref), delay(REPORT_READY_DELAY_MS)]);
      // A plain toast: sonner's rich green text is under 4.5:1 on its tint (axe, WCAG AA).
      toast("Report Generated", { description: `Analysis complete for @${account.username}` });
      openReportInNewTab(paths.report(account.username, account.platform), account.username);
    } catch (error) {
      handleReportError(error);
    }
  };

  // Spec §8: a finder 401 or 429 opens the login prompt without a toast. A signed-in user who hits
  // the request limit cannot fix it by signing in: they get the message instead.
  const finderAuthRequired = (error: ApiError) => {
    if (error.status === 401) showLoginPrompt("required");
    else if (!isAuthenticated) showLoginPrompt("prompt");
    else toast.error("Search failed", { description: error.message });
  };

  const changeTab = (value: string) => {
    navigate(value === FINDER_TAB ? `${location}?${TAB_PARAM}=${FINDER_TAB}` : location, { replace: true });
  };

  const finder = tab === FINDER_TAB;
  return (
    <PageContainer className="flex flex-col gap-8">
      <Seo
        title={finder ? "Account Finder" : "Influencer Discovery"}
        description={
          finder
            ? "Describe the creators you need in your own words and find matching Instagram, TikTok and YouTube accounts."
            : "Find Instagram, TikTok and YouTube influencers by follower range, industry and target market."
        }
        canonical={paths.discovery()}
        keywords={
          finder
            ? ["account finder", "find influencers", "influencer search"]
            : ["influencer discovery", "find influencers", "influencer search"]
        }
      />
      <PageHeader
        title={finder ? "Account Finder" : "Influencer Discovery"}
        description={
          finder
            ? "Describe the creators you need in your own words: niche, place or language, and size."
            : "Find creators by platform, follower range, industry and target markets."
        }
      >
        <p className="text-sm text-muted-foreground">
          Tip: already know the account?{" "}
          <Link href={paths.insight()} className="font-medium text-primary underline underline-offset-2">
            Get its influencer report
          </Link>{" "}
          with the insight tool.
        </p>
      </PageHeader>
      <Tabs value={tab} onValueChange={changeTab} className="flex flex-col gap-6">
        <TabsList className="self-start">
          <TabsTrigger value="discovery">Influencer Discovery</TabsTrigger>
          <TabsTrigger value={FINDER_TAB}>Account Finder</TabsTrigger>
        </TabsList>
        <TabsContent value="discovery" forceMount hidden={finder}>
          <DiscoveryView
            onGenerateReport={discoveryReport}
            offerWebCandidates={offerWebCandidates}
            signedIn={isAuthenticated}
            renderActions={renderCreatorActions}
          />
        </TabsContent>
        <TabsContent value={FINDER_TAB} forceMount hidden={!finder}>
          {finderOpened ? (
            <Suspense
              fallback={
                <p role="status" className="flex items-center gap-2 text-muted-foreground">
                  <Spinner />
                  Loading the account finder…
                </p>
              }
            >
              <AccountFinder
                onAnalyze={finderReport}
                onAuthRequired={finderAuthRequired}
                signedIn={isAuthenticated}
                renderActions={renderCreatorActions}
              />
            </Suspense>
          ) : null}
        </TabsContent>
      </Tabs>
      <CompareTray />
    </PageContainer>
  );
}
