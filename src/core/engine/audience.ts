import type { Platform } from "../schemas/platform";
import type { ReportMetrics } from "../schemas/report";
import type { Industry } from "../taxonomy";
import type { Profile } from "./profile";
import { round } from "./stats";
import { FALLBACK } from "./unavailable";

/**
 * Audience estimates: platform × niche × language priors. Nothing here is measured — the report
 * says "Estimated from …" and provenance is `estimated`. Real audience data needs the creator's
 * own analytics. Sources in docs/methodology.md.
 */

export const AGE_BRACKETS = ["13–17", "18–24", "25–34", "35–44", "45+"] as const;

/** Platform age mix (shares of each bracket). */
export const AGE_PRIORS: Record<Platform, readonly number[]> = {
  // Statista via datasetsearch, Apr 2024: 18–24 ≈ 32 %, 25–34 30.6 %, 35–44 16 %; 13–17 and 45+ split the rest.
  instagram: [0.08, 0.32, 0.306, 0.16, 0.134],
  // Statista via datasetsearch, Feb 2025 (18+ ad audience): 18–24 30.7 %, 25–34 35.3 %; the rest ours.
  tiktok: [0.1, 0.307, 0.353, 0.14, 0.1],
  // Hootsuite/DataReportal 2022 via i4lead: 25–34 20.2 % (largest), 35–44 15.5 %, 18–24 ≈ 15 %; 45+ the rest.
  youtube: [0.08, 0.16, 0.24, 0.2, 0.32],
};

/** Share of women in the platform's audience (same sources: IG 49.4 %, TikTok ≈ 44 %, YouTube ≈ 46 %). */
export const FEMALE_SHARE_PLATFORM: Record<Platform, number> = {
  instagram: 0.494,
  tiktok: 0.44,
  youtube: 0.46,
};

/** Niche shift of the women's share, added to the platform's (our assumption, stated). */
export const FEMALE_SHIFT: Partial<Record<Industry, number>> = {
  Beauty: 0.3,
  Fashion: 0.2,
  "Parenting & Family": 0.25,
  "Health & Wellness": 0.15,
  "Home & Interior": 0.15,
  Food: 0.1,
  Lifestyle: 0.1,
  "Pets & Animals": 0.1,
  Gaming: -0.25,
  Technology: -0.25,
  Automotive: -0.3,
  Sports: -0.2,
  Finance: -0.15,
  Business: -0.1,
};

/** Niche shift of the age mix, added then renormalised (our assumption, stated). */
export const AGE_SHIFT: Partial<Record<Industry, readonly number[]>> = {
  Gaming: [0.08, 0.06, 0, 0, -0.08],
  Technology: [0, 0.03, 0.05, 0.01, -0.06],
  Comedy: [0.05, 0.06, 0, 0, -0.05],
  Beauty: [0.03, 0.06, 0, 0, -0.04],
  Fashion: [0.02, 0.05, 0, 0, -0.04],
  Finance: [-0.06, 0, 0.08, 0.06, 0],
  Business: [-0.06, 0, 0.08, 0.06, 0],
  "Parenting & Family": [-0.07, -0.05, 0.1, 0.08, 0],
  "Home & Interior": [-0.05, -0.03, 0.04, 0.04, 0.03],
  "News & Politics": [-0.05, -0.05, 0, 0.04, 0.08],
};

export type AudienceMetrics = NonNullable<ReportMetrics["audience"]>;

const RAW = new Float64Array(AGE_BRACKETS.length);

export function estimateAudience(opts: {
  platform: Platform;
  label: string;
  industry: Industry;
  language: { code: string; name: string } | null;
  countries: readonly string[];
}): { metrics: AudienceMetrics; text: string; targets: string[] } {
  const { platform, industry } = opts;
  const prior = AGE_PRIORS[platform] ?? AGE_PRIORS.instagram;
  const shift = AGE_SHIFT[industry];
  const n = AGE_BRACKETS.length;
  const raw = RAW;
  let total = 0;
  for (let i = 0; i < n; i++) {
    raw[i] = Math.max(0.01, prior[i]! + (shift?.[i] ?? 0));
    total += raw[i]!;
  }
  const ageBrackets: AudienceMetrics["ageBrackets"] = [];
  for (let i = 0; i < n; i++)
    ageBrackets.push({ bracket: AGE_BRACKETS[i]!, share: round(raw[i]! / total, 3) });
  const femaleShare = round(
    Math.min(0.9, Math.max(0.1, (FEMALE_SHARE_PLATFORM[platform] ?? 0.5) + (FEMALE_SHIFT[industry] ?? 0))),
    3,
  );
  // "A", "A and B", "A, B and C"
  let from = `${opts.label} audience averages`;
  const more: string[] = [];
  if (industry !== "General") more.push(`the ${industry} niche`);
  if (opts.language) more.push(`captions in ${opts.language.name}`);
  if (more.length === 1) from += ` and ${more[0]}`;
  else if (more.length === 2) from += `, ${more[0]} and ${more[1]}`;
  const method = `Estimated from ${from}; not measured`;

  // The two largest brackets (the first of equals first).
  let first = 0;
  for (let i = 1; i < n; i++) if (ageBrackets[i]!.share > ageBrackets[first]!.share) first = i;
  let second = first === 0 ? 1 : 0;
  for (let i = 0; i < n; i++)
    if (i !== first && ageBrackets[i]!.share > ageBrackets[second]!.share) second = i;
  const top = [ageBrackets[first]!, ageBrackets[second]!];
  const gender =
    femaleShare >= 0.6
      ? `about ${Math.round(femaleShare * 100)}% women`
      : femaleShare <= 0.4
        ? `about ${Math.round((1 - femaleShare) * 100)}% men`
        : "a fairly even gender split";
  const where = opts.countries.length ? `; likely locations ${opts.countries.slice(0, 3).join(", ")}` : "";
  const text = `Estimated from ${from} (not measured): mostly ${top[0]!.bracket} (${Math.round(top[0]!.share * 100)}%) and ${top[1]!.bracket} (${Math.round(top[1]!.share * 100)}%), ${gender}${where}.`;

  const who = femaleShare >= 0.6 ? "Women" : femaleShare <= 0.4 ? "Men" : "Adults";
  const targets: string[] = [];
  for (const t of top) targets.push(t.bracket === "13–17" ? "Teens 13–17" : `${who} ${t.bracket}`);
  if (industry !== "General") targets.push(`${industry} enthusiasts`);
  if (opts.language) targets.push(`${opts.language.name}-speaking audiences`);
  return { metrics: { ageBrackets, femaleShare, method }, text, targets };
}

/** The estimated audience and its texts (demographics and targets); none without public posts. */
export function audienceOf(
  profile: Pick<Profile, "platform" | "label" | "isPrivate" | "posts">,
  industry: Industry,
  languages: ReportMetrics["languages"],
  recommendedCountries: readonly string[],
): { audience: ReportMetrics["audience"]; audienceDemographics: string; targetDemographics: string[] } {
  const { platform, label, isPrivate, posts } = profile;
  if (isPrivate || posts.length === 0) {
    return { audience: null, audienceDemographics: FALLBACK.demographics, targetDemographics: [] };
  }
  const topLang = languages[0] ? { code: languages[0].code, name: languages[0].name } : null;
  const a = estimateAudience({
    platform,
    label,
    industry,
    language: topLang,
    countries: recommendedCountries,
  });
  return { audience: a.metrics, audienceDemographics: a.text, targetDemographics: a.targets };
}
