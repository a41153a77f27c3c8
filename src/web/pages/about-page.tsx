import { Link } from "wouter";
import { reportsWord } from "#core/quota-text";
import { PageContainer } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { useSiteInfo } from "../components/seo/site-info";
import { paths } from "../config/paths";
import { enterpriseHref } from "../config/site";
import { useConfig } from "../features/config/api/get-config";
import { trackLead } from "../lib/analytics";

/** /about: what the product does and, honestly, where its numbers come from. */
export function AboutPage() {
  const { brandName } = useSiteInfo();
  const { data: config } = useConfig();
  // The configured numbers (GET /api/config); until they arrive the sentence names none.
  const anonLimit = config?.anonReportLimit;
  const userLimit = config?.userDailyReportLimit;
  // Shown only with a configured CONTACT_EMAIL.
  const enterprise = enterpriseHref(brandName, config?.contactEmail);
  return (
    <PageContainer className="max-w-3xl">
      <Seo
        title="About"
        description={`What ${brandName} does and how every number in an influencer report is computed.`}
        canonical={paths.about()}
      />
      <article className="prose-content">
        <h1 className="mb-6 text-4xl font-bold tracking-tight">About {brandName}</h1>
        <p>
          {brandName} produces influencer reports on public Instagram, TikTok and YouTube accounts for
          marketers, brands and agencies. Type a username, a profile link or a creator's name, pick the
          platform, and you get a grade, the engagement rate and level, posting habits, the mix of content
          types, an estimated value per post, an analysis of past advertisers, and the industries, countries
          and audiences the account suits.
        </p>
        <p>
          Two more tools help you find creators in the first place:{" "}
          <Link href={paths.discovery()}>Influencer Discovery</Link> filters known accounts by platform,
          follower range, industry and target market, and the account finder matches a plain-language
          description of the creator you are looking for.
        </p>
        <p>
          It is free to use.{" "}
          {anonLimit === undefined || userLimit === undefined
            ? "Visitors can make a few reports a day without an account; signing in with Google raises the limit."
            : `Visitors can make ${anonLimit === 1 ? "one report" : `${anonLimit} reports`} a day without an account; signing in with Google raises the limit to ${reportsWord(userLimit)} per day.`}{" "}
          We ask for a Google sign-in to keep out spam and automated abuse, not to sell anything to you.
        </p>

        <h2>Where the numbers come from</h2>
        <p>
          Every number in a report is computed from the account's public data — its profile and its most
          recent posts — by a fixed method, not guessed by a language model. Each field of a report is
          labelled with where it came from: <strong>measured</strong> (read or counted from public data),{" "}
          <strong>estimated</strong> (derived by a stated rule from measured data), <strong>AI</strong>{" "}
          (written by the optional language model) or <strong>sample</strong> (demonstration data, always
          labelled as such).
        </p>
        <ul>
          <li>
            <strong>Engagement rate</strong>: the average interactions (likes and comments, plus shares where
            the platform shows them) on recent posts, divided by the follower count. The level — High, Medium
            or Low — compares that rate with accounts of a similar size, because large accounts naturally have
            lower rates.
          </li>
          <li>
            <strong>Post frequency</strong>: how many posts appeared per week across the recent posts we could
            see.
          </li>
          <li>
            <strong>Content types</strong>: the share of photos, carousels, reels, videos, shorts and live
            streams among recent posts.
          </li>
          <li>
            <strong>Grade</strong>: a summary from A+ to F, driven mainly by engagement compared with the size
            benchmark. The report shows the numbers behind it.
          </li>
          <li>
            <strong>Estimated value per post</strong>: a price range derived from audience size and engagement
            using published industry rate ranges. It is an estimate of market rates, not a quote — creators
            set their own prices.
          </li>
          <li>
            <strong>Advertiser analysis</strong>: sponsored posts detected from disclosure markers (such as
            #ad or paid-partnership labels) and brand mentions in captions.
          </li>
          <li>
            <strong>Audience, industries and countries</strong>: inferred from the language and topics of the
            content and from platform-wide patterns. No platform publishes another account's audience
            demographics, so these are always estimates.
          </li>
        </ul>
        <p>
          When a language model is configured, it writes the descriptive text around the numbers (for example
          the grade description). It never replaces a measured number, and if it fails the report keeps the
          rule-based text and says so. Reports are stored and reused for a few days, then made again from
          fresh data; the report shows when its data was collected.
        </p>

        <h2>What the numbers cannot tell you</h2>
        <p>
          Public data has limits. Private accounts cannot be analyzed. Follower counts can include inactive or
          purchased followers, and interactions can be inflated. Audience demographics and prices are
          estimates. Use a report to shortlist and compare creators, then confirm the details — audience
          statistics, rates, usage rights — with the creator before you sign anything.
        </p>

        <h2>Self-hosted and open about its method</h2>
        <p>
          This installation is run by its operator on their own server; your reports and history stay in its
          database. See the <Link href={paths.privacy()}>Privacy Policy</Link> for what is stored and the{" "}
          <Link href={paths.terms()}>Terms of Service</Link> for the rules of use. For background on per-post
          pricing, read{" "}
          <Link href={paths.blogPost("how-influencer-per-post-value-is-determined")}>
            how influencer per-post value is determined
          </Link>{" "}
          on our <Link href={paths.blog()}>blog</Link>.
        </p>

        {enterprise ? (
          <>
            <h2>Enterprise access</h2>
            <p>
              Agencies and brands that need more reports than the daily limit, or reports for a whole list of
              creators, can ask for enterprise access. Need enterprise access?{" "}
              <a href={enterprise} onClick={() => trackLead({ source: "about-page" })}>
                Contact us
              </a>{" "}
              for more information.
            </p>
          </>
        ) : null}
      </article>
    </PageContainer>
  );
}
