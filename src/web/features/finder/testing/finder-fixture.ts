import {
  type FinderResponse,
  type FinderResult,
  finderResponseSchema,
  type Interpretation,
} from "#core/schemas/discovery";

function result(r: Partial<FinderResult> & Pick<FinderResult, "username" | "matchPercentage">): FinderResult {
  return {
    platform: "instagram",
    name: r.username,
    description: "",
    followers: 20_000,
    industry: "Food",
    countries: ["Canada"],
    engagementRate: "1.2%",
    verified: false,
    isSample: false,
    matchReasons: [],
    origin: "report",
    figures: { kind: "report", readAt: "2026-04-20T10:00:00.000Z" },
    ...r,
  };
}

export const FINDER_ROWS: FinderResult[] = [
  result({
    username: "vegan_chef",
    name: "Maya Green",
    description: "Vegan chef sharing plant-based recipes from Toronto",
    matchPercentage: 98,
    followers: 52_000,
    verified: true,
    matchReasons: ["Bio mentions “vegan”", "Food creator", "Audience in Canada", "Micro creator (10K–100K)"],
  }),
  result({
    username: "toronto_eats",
    name: "Toronto Eats",
    description: "Restaurant reviews and street food",
    matchPercentage: 68,
    followers: 80_000,
    matchReasons: ["Food creator", "Audience in Canada", "Micro creator (10K–100K)"],
  }),
  result({
    username: "the_vegan_kid",
    name: "The Vegan Kid",
    description: "Daily life in Vancouver",
    matchPercentage: 45,
    industry: "Lifestyle",
    followers: 15_000,
    isSample: true,
    matchReasons: ["Name mentions “vegan”", "Lifestyle, related to Food"],
  }),
];

export const INTERPRETATION: Interpretation = {
  industries: ["Food"],
  countries: ["Canada"],
  languages: [],
  keywords: ["vegan", "cooking"],
  engagementLevel: null,
  followerMin: 10_000,
  followerMax: 100_000,
  platforms: [],
  notes: [],
  source: "lexicon",
};

/** A finder answer, checked against the API's response schema. */
export function finderResponse(
  results: FinderResult[] = FINDER_ROWS,
  interpretedAs: Interpretation = INTERPRETATION,
): FinderResponse {
  return finderResponseSchema.parse({ results, interpretedAs });
}
