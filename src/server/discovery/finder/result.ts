/** A finder row as the answer shows it: the account, its match and the reasons it matched. */
import { sizeLabel } from "#core/discovery/interpret";
import { engagementLevelOf, formatEngagementRate, trimDescription } from "#core/discovery/match";
import { marketBasisView } from "#core/markets/basis";
import { isModelFigures } from "#core/model-figures";
import { figuresOf } from "#core/schemas/account-origin";
import type { FinderResult } from "#core/schemas/discovery";
import type { Platform } from "#core/schemas/platform";
import type { FinderRow } from "./finder-sql";
import type { FinderPlan } from "./plan";

export function finderResultOf(r: FinderRow, plan: FinderPlan): FinderResult {
  const { industries, countries, followerMin, followerMax } = plan;
  const sizeText = sizeLabel(followerMin, followerMax);
  const followers = Number(r.followers);
  const rowCountries = r.countries ?? [];
  const rowPlatform = r.platform as Platform;
  const reasons: string[] = [];
  const nameHits = r.name_hits ?? [];
  for (const k of r.hits ?? []) reasons.push(`${nameHits.includes(k) ? "Name" : "Bio"} mentions “${k}”`);
  if (Number(r.fi) === 1) reasons.push(`${r.industry} creator`);
  else if (Number(r.fi) > 0) reasons.push(`${r.industry}, related to ${industries.join(" / ")}`);
  // Each market with what it rests on; located ones first ("Audience in Canada (from bio: Toronto)").
  const basis = marketBasisView(rowCountries, r.market_basis ?? []).filter((b) =>
    countries.includes(b.country),
  );
  basis.sort((a, b) => Number(a.estimate) - Number(b.estimate));
  for (const b of basis.slice(0, 3)) reasons.push(`Audience in ${b.country} (${b.basis})`);
  if (basis.length > 3) reasons.push(`Audience in ${basis.length - 3} more of the countries asked for`);
  if (sizeText) reasons.push(sizeText);
  const level = engagementLevelOf(rowPlatform, followers, r.engagement_rate);
  if (level === "High" || (level && plan.engagementLevel)) {
    reasons.push(`${level} engagement for its size (${formatEngagementRate(r.engagement_rate)})`);
  }
  return {
    username: r.username,
    platform: rowPlatform,
    name: r.name,
    description: trimDescription(r.bio),
    matchPercentage: r.match,
    followers,
    industry: r.industry,
    countries: rowCountries,
    engagementRate: formatEngagementRate(r.engagement_rate),
    verified: r.verified,
    isSample: r.is_sample,
    modelFigures: isModelFigures(r.source),
    matchReasons: reasons,
    origin: r.origin,
    figures: figuresOf(r),
  };
}
