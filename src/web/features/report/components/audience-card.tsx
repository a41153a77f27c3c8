import type { Account } from "#core/schemas/account";
import { FALLBACK_TEXT, formatShare, textOr } from "../lib/report-fields";
import { ProvenanceMark } from "./provenance-mark";
import { LabelList, ReportSection, ReportText } from "./report-section";

/** Audience demographics (estimated age mix and gender split) and the target demographics. */
export function AudienceCard({ account }: { account: Account }) {
  const audience = account.metrics.audience;
  return (
    <ReportSection title="Audience demographics" provenance={account.provenance.audienceDemographics}>
      <ReportText>{textOr(account.audienceDemographics, FALLBACK_TEXT.demographics)}</ReportText>
      {audience ? (
        <div className="flex flex-col gap-1.5" data-testid="age-mix">
          <p className="font-medium">Estimated age mix</p>
          <ul className="flex flex-col gap-1">
            {audience.ageBrackets.map(({ bracket, share }) => (
              <li key={bracket} className="grid grid-cols-[3.5rem_1fr_2.5rem] items-center gap-2 text-xs">
                <span>{bracket}</span>
                <span className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <span
                    className="block h-full rounded-full bg-primary/70"
                    style={{ width: `${Math.min(100, share * 100)}%` }}
                  />
                </span>
                <span className="text-right tabular-nums">{formatShare(share)}</span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">
            About {formatShare(audience.femaleShare)} women, {formatShare(1 - audience.femaleShare)} men
            (estimate).
          </p>
        </div>
      ) : null}
      <ListField account={account} field="targetDemographics" title="Target demographics" />
    </ReportSection>
  );
}

/** Recommended industries and countries for campaigns. */
export function RecommendationsCard({ account }: { account: Account }) {
  return (
    <ReportSection title="Recommendations">
      <ListField account={account} field="recommendedIndustries" title="Recommended industries" />
      <ListField account={account} field="recommendedCountries" title="Recommended countries" />
    </ReportSection>
  );
}

/** How often the account posts and how its content holds up. */
export function ContentCard({ account }: { account: Account }) {
  return (
    <ReportSection
      title="Content"
      marks={<ProvenanceMark provenance={account.provenance.contentQuality} subject="Content quality" />}
    >
      <div className="flex flex-col gap-1">
        <p className="flex items-center gap-2 font-medium">
          Post frequency
          <ProvenanceMark provenance={account.provenance.postFrequency} subject="Post frequency" />
        </p>
        <p className="text-lg font-semibold" data-testid="post-frequency">
          {textOr(account.postFrequency, FALLBACK_TEXT.notAvailable)}
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <p className="font-medium">Content quality</p>
        <ReportText>{textOr(account.contentQuality, FALLBACK_TEXT.notAvailable)}</ReportText>
      </div>
      <div className="flex flex-col gap-1.5">
        <p className="font-medium">Content types</p>
        <LabelList items={account.contentTypes} fallback={FALLBACK_TEXT.notAvailable} label="Content types" />
      </div>
    </ReportSection>
  );
}

/** A report field that is a list of labels, with its title and provenance mark ("Not available" when empty). */
function ListField({
  account,
  field,
  title,
}: {
  account: Account;
  field: "targetDemographics" | "recommendedIndustries" | "recommendedCountries";
  title: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <p className="flex items-center gap-2 font-medium">
        {title}
        <ProvenanceMark provenance={account.provenance[field]} subject={title} />
      </p>
      <LabelList items={account[field]} fallback={FALLBACK_TEXT.notAvailable} label={title} />
    </div>
  );
}
