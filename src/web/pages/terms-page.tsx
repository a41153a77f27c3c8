import { Link } from "wouter";
import { reportsWord } from "#core/quota-text";
import { Seo } from "../components/seo/seo";
import { useSiteInfo } from "../components/seo/site-info";
import { paths } from "../config/paths";
import { useConfig } from "../features/config/api/get-config";
import { LegalLayout } from "./legal-layout";

export function TermsPage() {
  const { brandName } = useSiteInfo();
  const { data: config } = useConfig();
  // The configured numbers (GET /api/config); until they arrive the sentence names none.
  const anonLimit = config?.anonReportLimit;
  const userLimit = config?.userDailyReportLimit;
  // CONTACT_EMAIL, when the operator configured one.
  const email = config?.contactEmail ?? null;
  return (
    <LegalLayout title="Terms of Service">
      <Seo
        title="Terms of Service"
        description={`The rules for using ${brandName}: accounts, limits, acceptable use and the nature of the estimates.`}
        canonical={paths.terms()}
      />
      <p>
        These terms govern your use of {brandName} (the "service"), run by the operator of this website ("we",
        "us"). By using the service or signing in, you agree to them. If you do not agree, please do not use
        the service.
      </p>

      <h2>1. The service</h2>
      <p>
        The service produces analytics reports about public Instagram, TikTok and YouTube accounts and helps
        you find creators. It is provided free of charge. We may change, suspend or discontinue any part of it
        at any time.
      </p>

      <h2>2. Estimates, not guarantees</h2>
      <p>
        Reports are computed from public data and, where enabled, partly written by a language model. Figures
        such as audience demographics, engagement levels and the estimated value per post are estimates. They
        may be incomplete, out of date or wrong, and they are not professional, financial or legal advice.
        Verify anything important with the creator before you rely on it — for example before signing a
        contract or making a payment.
      </p>

      <h2>3. Accounts and limits</h2>
      <p>
        {anonLimit === undefined || userLimit === undefined
          ? "You may make a limited number of reports a day without signing in, and more when signed in with Google."
          : `You may make ${anonLimit === 1 ? "one report" : `${anonLimit} reports`} a day without signing in and up to ${reportsWord(userLimit)} a day when signed in with Google.`}{" "}
        You are responsible for activity under your account. Do not share your session or try to get around
        the limits, for example with multiple accounts or automated requests.
      </p>

      <h2>4. Acceptable use</h2>
      <p>You agree not to:</p>
      <ul>
        <li>scrape, bulk-download or resell the service or its reports, or access it by automated means;</li>
        <li>use reports to harass, stalk, discriminate against or otherwise harm anyone;</li>
        <li>attempt to break, overload or probe the service's security;</li>
        <li>use the service in breach of the law or of the terms of the platforms the data comes from.</li>
      </ul>

      <h2>5. Content and intellectual property</h2>
      <p>
        Profiles and posts belong to their owners and platforms; reports only describe them. The software,
        design and text of the service are protected by copyright. You may use reports for your own business
        purposes, including sharing them with clients, as long as you do not present estimates as verified
        facts.
      </p>

      <h2>6. Third-party services</h2>
      <p>
        Sign-in is provided by Google, and the service may link to or rely on other third parties. Their terms
        and policies apply to your use of them; we are not responsible for them.
      </p>

      <h2>7. Disclaimer and limitation of liability</h2>
      <p>
        The service is provided "as is" and "as available", without warranties of any kind, to the extent the
        law allows. We are not liable for indirect or consequential losses, lost profits or decisions made on
        the basis of a report. Nothing in these terms limits liability that cannot be limited by law.
      </p>

      <h2>8. Ending use</h2>
      <p>
        You may stop using the service at any time and ask us to delete your account. We may suspend or close
        accounts that break these terms.
      </p>

      <h2>9. Changes and governing law</h2>
      <p>
        We may update these terms; the date at the top shows the current version, and continued use after a
        change means you accept it. These terms are governed by the law of the place where the operator of
        this installation is established. Our <Link href={paths.privacy()}>Privacy Policy</Link> explains how
        we handle personal data.
      </p>

      <h2>10. Contact</h2>
      <p>
        Questions about these terms:
        {email ? <a href={`mailto:${email}`}>{email}</a> : "ask the operator of this site"}.
      </p>
    </LegalLayout>
  );
}
