/** Shared inputs for the AI tests: a real stored report from the Instagram fixture snapshot. */
import { readFileSync } from "node:fs";
import { buildReport } from "#core/engine/build-report";
import type { StoredReport } from "#core/schemas/account";
import { type ProfileSnapshot, parseSnapshot } from "#core/schemas/snapshot";
import type { AiTexts } from "../schema";

export const NOW = new Date("2026-11-21T00:00:00Z");

export function fixtureSnapshot(overrides: Partial<ProfileSnapshot> = {}): ProfileSnapshot {
  const raw = JSON.parse(
    readFileSync(new URL("../../../core/engine/fixtures/instagram.json", import.meta.url), "utf8"),
  ) as Record<string, unknown>;
  return parseSnapshot({ ...raw, ...overrides });
}

/** The report the engine makes of `snapshot` as the report service stores it (before any writer). */
export function storedReportOf(snapshot: ProfileSnapshot): StoredReport {
  return buildReport(snapshot, { now: NOW, history: [] }).report;
}

/** A reply that passes aiTextsSchema for the fixture (grade A+). */
export const VALID_TEXTS: AiTexts = {
  gradeDescription:
    "The account earns its grade mainly through very regular posting and clean engagement, well above the 10K–50K band.",
  contentQuality:
    "A steady mix of reels, photos and carousels with consistent engagement; reels perform best and captions stay short.",
  audienceDemographics:
    "Estimated, not measured: mostly women aged 18–34 interested in fashion, with Portugal and English-speaking countries leading.",
  advertiserAnalysis:
    "One in five recent posts is sponsored, for a footwear brand, and it performs as well as organic posts: a safe pick for fashion brands.",
  recommendedIndustries: ["Fashion", "Beauty", "Lifestyle"],
  recommendedCountries: ["Portugal", "Spain", "United Kingdom"],
  targetDemographics: ["Women 18–24", "Women 25–34", "Capsule-wardrobe shoppers"],
};

/** A logger that records warnings instead of printing them. */
export function recordingLogger() {
  const entries: { obj: object; msg: string }[] = [];
  return { entries, warn: (obj: object, msg: string) => void entries.push({ obj, msg }) };
}
