import { useQueryClient } from "@tanstack/react-query";
import { BadgeDollarSign, ChartNoAxesCombined, ScanSearch } from "lucide-react";
import { lazy, Suspense } from "react";
import { AdSlot } from "../components/ads/ad-slot";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Seo } from "../components/seo/seo";
import { Spinner } from "../components/ui/spinner";
import { WhenVisible } from "../components/ui/when-visible";
import { AnalyzerForm } from "../features/analyze";
import { useSession } from "../features/auth";
import { useConfig } from "../features/config/api/get-config";
// Straight from the api file: the report feature's index also carries the report view, which the
// home page must not load up front (initial JS budget).
import { primeAccount } from "../features/report/api/get-account";

// Below the fold: the list (and the account schema it parses with) loads after the first paint.
const RecentAccounts = lazy(() =>
  import("../features/accounts").then((m) => ({ default: m.RecentAccounts })),
);

// Variant B (HOME_VARIANT=b) is its own chunk: installations on the default variant never load it.
const HomeVariantB = lazy(() => import("./home-variant-b").then((m) => ({ default: m.HomeVariantB })));

function RecentAccountsFallback() {
  return (
    <section aria-labelledby="recent-accounts-heading" className="flex flex-col gap-4">
      <h2 id="recent-accounts-heading" className="text-2xl font-semibold">
        Recently Viewed Accounts
      </h2>
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        Loading accounts...
      </p>
    </section>
  );
}

const FEATURES = [
  {
    title: "Instant Reports",
    description:
      "Type a username, @handle, profile link or creator name. The report is ready in seconds: grade, engagement, audience and value.",
    icon: ScanSearch,
  },
  {
    title: "Every Number Explained",
    description:
      "Engagement is compared with accounts of the same size, and each figure says whether it was measured or estimated, and how.",
    icon: ChartNoAxesCombined,
  },
  {
    title: "Marketing Value",
    description:
      "Estimated value per post from published tier rates, reach, CPM and engagement, sponsored-content analysis and the industries and countries to target.",
    icon: BadgeDollarSign,
  },
] as const;

/** An illustration of a report made of markup (no image request), clearly labelled as sample data. */
function SampleReportPicture() {
  const bars = [38, 52, 44, 70, 58, 81, 49, 66, 90, 62];
  return (
    <figure className="flex flex-col gap-2">
      <div
        role="img"
        aria-label="Illustration of a sample report: grade A-, engagement High at 4.8%, 125.4K followers, engagement per post chart and content mix"
        className="rounded-xl border bg-card p-5 shadow-sm"
      >
        <div className="flex items-center gap-3">
          <div className="flex size-12 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground">
            JD
          </div>
          <div className="flex-1">
            <p className="font-semibold">Jamie Doe</p>
            <p className="text-sm text-muted-foreground">@jamie.travels · Instagram</p>
          </div>
          <span className="rounded-full bg-success/15 px-3 py-1 text-lg font-bold text-green-800 dark:text-green-300">
            A-
          </span>
        </div>
        <div className="mt-4 grid grid-cols-3 gap-3 text-center">
          {[
            ["Followers", "125.4K"],
            ["Engagement", "4.8%"],
            ["Per post", "$640"],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg bg-muted/60 p-2">
              <p className="text-xs text-muted-foreground">{label}</p>
              <p className="font-semibold">{value}</p>
            </div>
          ))}
        </div>
        <div className="mt-4 flex h-24 items-end gap-1.5">
          {bars.map((h, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list
              key={i}
              className={i === 5 ? "flex-1 rounded-t bg-warning/70" : "flex-1 rounded-t bg-primary/70"}
              style={{ height: `${h}%` }}
            />
          ))}
        </div>
        <div className="mt-3 flex h-2 overflow-hidden rounded-full">
          <div className="w-1/2 bg-primary/70" />
          <div className="w-1/3 bg-teal-500/70" />
          <div className="flex-1 bg-warning/70" />
        </div>
      </div>
      <figcaption className="text-center text-sm text-muted-foreground">
        Sample report — illustrative data, not a real account.
      </figcaption>
    </figure>
  );
}

const HOME_SEO = (
  <Seo
    title="Social Media Analytics Made Simple"
    description="Influencer reports for Instagram, TikTok and YouTube: grade, engagement, audience, posting habits and estimated price per post, computed from public data."
    canonical="/"
    keywords={["influencer analytics", "instagram analytics", "tiktok analytics", "youtube analytics"]}
  />
);

/**
 * Home: variant A of spec §2 unless the server says HOME_VARIANT=b. Variant A shows while the
 * configuration loads (it is the default; the shell has usually fetched the configuration already).
 */
export function HomePage() {
  const { data: config } = useConfig();
  if (config?.homeVariant === "b") {
    return (
      <>
        {HOME_SEO}
        <Suspense fallback={<div className="min-h-[60vh]" />}>
          <HomeVariantB adSlot={<AdSlot clientId={config.adsenseClientId} />} />
        </Suspense>
      </>
    );
  }
  return <HomeVariantA />;
}

/** Home, variant A of spec §2: hero, 'Start Your Analysis', feature cards, a sample report, recent accounts. */
function HomeVariantA() {
  const queryClient = useQueryClient();
  const { incrementReportCount } = useSession();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-14 px-4 py-10 sm:px-6">
      {HOME_SEO}
      <section className="grid items-center gap-10 lg:grid-cols-[1.1fr_1fr]">
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-3">
            <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
              Social Media Analytics Made Simple
            </h1>
            <p className="text-lg text-muted-foreground">
              Influencer reports for Instagram, TikTok and YouTube: grade, engagement, audience, posting
              habits and estimated price per post — every number computed from public data with a method you
              can see.
            </p>
          </div>
          <AnalyzerForm
            mode="full"
            title="Start Your Analysis"
            description="Enter a username, @handle, profile link or creator name."
            onReportGenerated={incrementReportCount}
          />
        </div>
        <SampleReportPicture />
      </section>

      <section aria-labelledby="home-features" className="flex flex-col gap-4">
        <h2 id="home-features" className="sr-only">
          Features
        </h2>
        <FeatureCards features={FEATURES} />
      </section>

      {/* Below the fold on a phone: the list, its schemas and the parse of ten reports wait until a reader
          scrolls near it, instead of running while the page is first taken over (issue #38 item 5). */}
      <WhenVisible placeholder={<RecentAccountsFallback />}>
        <Suspense fallback={<RecentAccountsFallback />}>
          <RecentAccounts onSelect={(account) => primeAccount(queryClient, account)} />
        </Suspense>
      </WhenVisible>
    </div>
  );
}
