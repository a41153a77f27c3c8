import { lazy, memo, type ReactNode, Suspense, useEffect, useRef } from "react";
import type { Account } from "#core/schemas/account";
import { PLATFORM_LABELS } from "#core/schemas/platform";
import { StatedIdentities } from "../../../components/results/stated-identities";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { WhenVisible } from "../../../components/ui/when-visible";
import { trackReportView } from "../../../lib/analytics";
import { useIdentities } from "../api/get-identities";
import { AccountCard } from "./account-card";
import { AudienceCard, ContentCard, RecommendationsCard } from "./audience-card";
import { EngagementCard } from "./engagement-card";
import { GradeCard } from "./grade-card";
import { DownloadPdfButton, RefreshButton } from "./report-actions";
import { ReportSection } from "./report-section";
import { AdvertiserCard, EarningsCard, ValueCard } from "./value-card";

// recharts is large: the charts arrive in their own chunk, fetched only when a chart's place comes
// into view (WhenVisible) — on a phone they are below the fold, and downloading, parsing and drawing
// them with the report's first render was most of its blocking time (issue #25).
const loadReportCharts = () => import("./report-charts");
const ContentMixChart = lazy(() => loadReportCharts().then((m) => ({ default: m.ContentMixChart })));
const EngagementChart = lazy(() => loadReportCharts().then((m) => ({ default: m.EngagementChart })));

function ChartFallback() {
  return (
    <div
      className="h-[240px] animate-pulse rounded-md bg-muted/60"
      aria-hidden="true"
      data-testid="chart-loading"
    />
  );
}

export interface ReportViewProps {
  account: Account;
  /** Shows the admin-only Refresh button (pages pass useSession().isAdmin). */
  canRefresh?: boolean;
  /** The report replaces its account after a refresh (spec §4). */
  onAccountChange?: (account: Account) => void;
  /** Extra actions beside Refresh and Download PDF. */
  actions?: ReactNode;
  /** A section the page adds after the charts (growth over time). */
  extra?: ReactNode;
}

/**
 * Spec §2/§7: the report-view analytics event, once per account shown — not again when the same
 * account is refreshed or re-rendered (nor when React re-runs effects in development).
 */
function useReportViewEvent(platform: string, username: string) {
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    const key = `${platform}:${username}`;
    if (tracked.current === key) return;
    tracked.current = key;
    trackReportView({ platform, username });
  }, [platform, username]);
}

/**
 * The report of spec §2 "Report view": who the account is, grade with its reasons, engagement vs its
 * tier, content and posting, charts, audience, value and earnings estimates with their derivation,
 * advertiser analysis, recommendations — each figure with its provenance. Text written by the engine
 * or a model is rendered as text.
 */
/** The creator's own profiles on other platforms, as they state them (issue #35); nothing when none. */
function ReportIdentities({ account }: { account: Account }) {
  const identities = useIdentities(account.username, account.platform, !account.isSample);
  if (account.isSample || !identities.data?.identities.length) return null;
  return (
    <section aria-label="Also on other platforms" className="px-1">
      <StatedIdentities identities={identities.data.identities} />
    </section>
  );
}

export const ReportView = memo(function ReportView({
  account,
  canRefresh = false,
  onAccountChange,
  actions,
  extra,
}: ReportViewProps) {
  useReportViewEvent(account.platform, account.username);
  return (
    <article
      className="report flex flex-col gap-5"
      aria-label={`Report for @${account.username}`}
      data-testid="report-view"
    >
      <AccountCard
        account={account}
        actions={
          <>
            {canRefresh ? <RefreshButton account={account} onRefreshed={onAccountChange} /> : null}
            <DownloadPdfButton />
            {actions}
          </>
        }
      />
      <ReportIdentities account={account} />
      {account.source === "web-search" ? <WebEstimateNotice account={account} /> : null}
      {account.dataNotes?.length ? (
        <DataNotes notes={account.dataNotes} yours={account.privateTo === "you"} />
      ) : null}
      <div className="grid gap-5 lg:grid-cols-2">
        <GradeCard account={account} />
        <div className="flex flex-col gap-5">
          <EngagementCard account={account} />
          <ContentCard account={account} />
        </div>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <ReportSection title="Content types" provenance={account.provenance.contentTypes}>
          <WhenVisible placeholder={<ChartFallback />}>
            <Suspense fallback={<ChartFallback />}>
              <ContentMixChart account={account} />
            </Suspense>
          </WhenVisible>
        </ReportSection>
        <ReportSection title="Engagement per post" provenance={account.provenance.engagementRate}>
          <WhenVisible placeholder={<ChartFallback />}>
            <Suspense fallback={<ChartFallback />}>
              <EngagementChart account={account} />
            </Suspense>
          </WhenVisible>
        </ReportSection>
      </div>
      {extra ? <div className="defer-offscreen">{extra}</div> : null}
      <div className="defer-offscreen grid gap-5 lg:grid-cols-2">
        <AudienceCard account={account} />
        <RecommendationsCard account={account} />
      </div>
      <div className="defer-offscreen grid gap-5 lg:grid-cols-2">
        <ValueCard account={account} />
        <div className="flex flex-col gap-5">
          <EarningsCard account={account} />
          <AdvertiserCard account={account} />
        </div>
      </div>
      <ReportFooter account={account} />
    </article>
  );
});

/** Only http(s) links are shown as links: a citation comes from a model and is untrusted. */
function safeHref(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * Web-search mode (issue #5): the platform could not be read, so a search model estimated the
 * figures from web pages. Says so above everything else and lists the pages it cites.
 */
function WebEstimateNotice({ account }: { account: Account }) {
  const citations = new Set<string>();
  for (const p of Object.values(account.provenance)) for (const c of p.citations ?? []) citations.add(c);
  const links = [...citations].map((c) => ({ text: c, href: safeHref(c) })).filter((l) => l.href !== null);
  const model = Object.values(account.provenance).find((p) => p.model)?.model ?? "a language model";
  return (
    <Alert variant="warning" data-testid="web-estimate">
      <div>
        <AlertTitle>Estimated from web sources — nothing here is measured</AlertTitle>
        <AlertDescription>
          <p>
            {PLATFORM_LABELS[account.platform]} could not be read for @{account.username}, so {model} searched
            the web and estimated these figures. There is no grade: a grade needs the account's posts.
          </p>
          {links.length > 0 ? (
            <>
              <p className="mt-2 font-medium">Sources</p>
              <ul className="list-disc pl-5">
                {links.slice(0, 10).map((l) => (
                  <li key={l.href}>
                    <a
                      href={l.href!}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="break-all underline underline-offset-2"
                    >
                      {l.text}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </AlertDescription>
      </div>
    </Alert>
  );
}

/** The snapshot source of a report made from a profile captured with the browser extension. */
const CAPTURE_SOURCE = "capture";

/**
 * Whose capture a report shows (Trust III, #33): the reader's own (private to them) or someone's
 * that an admin made public — never named on the public report.
 */
const captureLabel = (yours: boolean) =>
  yours ? "Captured in your browser" : "Captured in a user's browser";

/** Where the data came from when that matters beyond each figure's mark: stored data, a limited source. */
function DataNotes({ notes, yours }: { notes: NonNullable<Account["dataNotes"]>; yours: boolean }) {
  return (
    <Alert variant="warning" data-testid="data-notes">
      <div>
        <AlertTitle>
          {notes.some((n) => n.kind === "captured")
            ? captureLabel(yours)
            : notes.some((n) => n.kind === "stored")
              ? "Made from stored data"
              : "Some figures cannot be measured"}
        </AlertTitle>
        <AlertDescription>
          <ul className="list-disc pl-5">
            {notes.map((n) => (
              <li key={n.message}>{n.message}</li>
            ))}
          </ul>
        </AlertDescription>
      </div>
    </Alert>
  );
}

function ReportFooter({ account }: { account: Account }) {
  const ai = account.ai;
  return (
    <p className="text-xs text-muted-foreground">
      Source:{" "}
      {account.isSample
        ? "generated sample data"
        : account.source === CAPTURE_SOURCE
          ? captureLabel(account.privateTo === "you")
          : account.source}
      .{" "}
      {account.privateTo === "you"
        ? "Only you see this report: it was made from data you supplied. Everyone else sees the public report. "
        : null}
      {ai?.status === "used"
        ? `Texts marked AI were written by ${ai.model ?? "a language model"} from the measured figures.`
        : "Texts were written by the analysis engine from the measured figures."}{" "}
      Figures marked Estimate are derived, not measured. Hover or focus a mark to see how a figure was made.
    </p>
  );
}
