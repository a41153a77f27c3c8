import { Link } from "wouter";
import { Seo } from "../components/seo/seo";
import { useSiteInfo } from "../components/seo/site-info";
import { paths } from "../config/paths";
import { useConfig } from "../features/config/api/get-config";
import { LegalLayout } from "./legal-layout";

export function PrivacyPage() {
  const { brandName } = useSiteInfo();
  const { data: config } = useConfig();
  // CONTACT_EMAIL, when the operator configured one.
  const email = config?.contactEmail ?? null;
  return (
    <LegalLayout title="Privacy Policy">
      <Seo
        title="Privacy Policy"
        description={`What ${brandName} stores about you, why, for how long, and who else sees it.`}
        canonical={paths.privacy()}
      />
      <p>
        This policy explains what information {brandName} ("we", "us") collects when you use this website,
        why, how long we keep it and what choices you have. {brandName} is a self-hosted application: this
        installation and its database are run by the operator of this website, who is responsible for your
        data.
      </p>

      <h2>1. Information we collect</h2>
      <h3>When you sign in</h3>
      <p>
        Signing in uses Google sign-in. Google tells us your Google account identifier, e-mail address, name
        and profile picture address. We never see your Google password. We store these details to recognise
        you, to apply your daily report limit and to keep your report history.
      </p>
      <h3>When you use the tools</h3>
      <ul>
        <li>
          The accounts you analyze and when, so we can show your recently viewed reports and count your
          reports.
        </li>
        <li>
          A session cookie that keeps you signed in, and for visitors who are not signed in, a random visitor
          identifier in a cookie used only to apply the free report limit.
        </li>
        <li>
          Your IP address, used briefly to limit the rate of requests and protect the service from abuse, and
          recorded in ordinary server logs.
        </li>
        <li>
          Preferences kept in your own browser's local storage (such as the light or dark theme). They never
          leave your device.
        </li>
      </ul>
      <h3>About the creators in reports</h3>
      <p>
        Reports are built from information the account holders have made public on Instagram, TikTok or
        YouTube: profile details, follower counts and recent posts with their public interaction counts. We do
        not collect private accounts, private messages or anything behind a login. Audience demographics in
        reports are estimates, not data about identifiable people.
      </p>

      <h2>2. How we use information</h2>
      <ul>
        <li>To provide the service: produce reports, show your history, apply report limits.</li>
        <li>
          To keep the service secure and available: rate limiting, abuse prevention and troubleshooting.
        </li>
        <li>To improve the service, using aggregate usage figures that do not identify you.</li>
      </ul>
      <p>We do not sell your personal information and we do not use it for advertising profiles.</p>

      <h2>3. Who else receives information</h2>
      <ul>
        <li>
          <strong>Google</strong>, when you choose to sign in with Google, under Google's own privacy policy.
        </li>
        <li>
          <strong>A language-model provider</strong>, if the operator has enabled AI-written descriptions: the
          public data of the account being analyzed is sent to it. Nothing about you is sent.
        </li>
        <li>
          <strong>Advertising or analytics providers</strong>, only if the operator has enabled them on this
          installation; they may set their own cookies under their own policies.
        </li>
        <li>Authorities, when the law requires it.</li>
      </ul>

      <h2>4. How long we keep it</h2>
      <p>
        Account details and report history are kept while your account exists. Sessions end when you sign out
        or after they expire. Visitor identifiers and rate-limit records are kept only as long as needed for
        the limits they enforce. Server logs are rotated regularly. Stored reports on public accounts are
        refreshed from public data and may be removed at the account holder's request.
      </p>

      <h2>5. Your choices and rights</h2>
      <p>
        You can sign out at any time and clear this site's cookies and local storage in your browser. You can
        ask us for a copy of your data, to correct it or to delete your account and history. If you are a
        creator and want a report about your public account removed or corrected, contact us. Depending on
        where you live (for example under the GDPR or the CCPA) you may have further rights, including the
        right to complain to a data protection authority.
      </p>

      <h2>6. Security</h2>
      <p>
        Sessions use signed, HTTP-only cookies over encrypted connections, and access to the database is
        limited to the operator. No system is perfectly secure, but we take reasonable measures to protect
        your information.
      </p>

      <h2>7. Children</h2>
      <p>This service is meant for professionals and is not directed at children under 16.</p>

      <h2>8. Changes</h2>
      <p>
        We may update this policy; the date at the top shows the latest version. Significant changes will be
        announced on this website. See also our <Link href={paths.terms()}>Terms of Service</Link>.
      </p>

      <h2>9. Contact</h2>
      <p>
        Questions or requests:
        {email ? <a href={`mailto:${email}`}>{email}</a> : "ask the operator of this site"}.
      </p>
    </LegalLayout>
  );
}
