/**
 * The fixed vocabularies shared by the engine, discovery, the sample generator and the web app.
 * Changing a name here is a data migration: stored accounts carry these strings.
 */
export const INDUSTRIES = [
  "Fashion",
  "Beauty",
  "Fitness",
  "Health & Wellness",
  "Food",
  "Travel",
  "Technology",
  "Gaming",
  "Music",
  "Entertainment",
  "Comedy",
  "Sports",
  "Education",
  "Finance",
  "Business",
  "Parenting & Family",
  "Pets & Animals",
  "Home & Interior",
  "Automotive",
  "Art & Design",
  "Photography",
  "Lifestyle",
  "Science & Nature",
  "News & Politics",
  "General",
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export function isIndustry(value: unknown): value is Industry {
  return typeof value === "string" && (INDUSTRIES as readonly string[]).includes(value);
}

/** Spec §2 /history market filter values (lower case, as the spec lists them). */
export const TARGET_MARKETS = [
  "united states",
  "canada",
  "europe",
  "uk",
  "australia",
  "asia",
  "global",
] as const;
export type TargetMarket = (typeof TARGET_MARKETS)[number];

/** The spec's markets as people write them ("united states" → "United States", "uk" → "UK"). */
export const MARKET_LABELS: Record<TargetMarket, string> = {
  "united states": "United States",
  canada: "Canada",
  europe: "Europe",
  uk: "UK",
  australia: "Australia",
  asia: "Asia",
  global: "Global",
};

/** Countries used in recommendedCountries / discovery `countries`, grouped by the spec's markets. */
export const MARKET_COUNTRIES: Record<Exclude<TargetMarket, "global">, readonly string[]> = {
  "united states": ["United States"],
  canada: ["Canada"],
  uk: ["United Kingdom"],
  europe: [
    "United Kingdom",
    "Germany",
    "France",
    "Spain",
    "Italy",
    "Netherlands",
    "Portugal",
    "Poland",
    "Sweden",
    "Ireland",
    "Belgium",
    "Austria",
    "Switzerland",
  ],
  australia: ["Australia", "New Zealand"],
  asia: [
    "India",
    "Japan",
    "South Korea",
    "Indonesia",
    "Philippines",
    "Singapore",
    "Thailand",
    "Vietnam",
    "China",
  ],
};

export const COUNTRIES = [
  "United States",
  "Canada",
  "Mexico",
  "Brazil",
  "Argentina",
  "Colombia",
  ...new Set(Object.values(MARKET_COUNTRIES).flat()),
  "Turkey",
  "Saudi Arabia",
  "United Arab Emirates",
  "Egypt",
  "Nigeria",
  "South Africa",
  "Russia",
] as const;
