import {
  type DiscoveryResult,
  type DiscoverySearchResponse,
  discoverySearchResponseSchema,
  type MatchContribution,
  type WebCandidatesNote,
} from "#core/schemas/discovery";

/** A breakdown that adds up to `match` (industry 40, markets 30, followers 15, engagement 15). */
function breakdownFor(match: number, industry: string): MatchContribution[] {
  const maxes = { industry: 40, markets: 30, followers: 15, engagement: 15 };
  let left = match;
  const take = (max: number) => {
    const points = Math.min(max, left);
    left -= points;
    return points;
  };
  return [
    { criterion: "industry", label: "Industry", points: take(maxes.industry), max: 40, detail: industry },
    {
      criterion: "markets",
      label: "Target markets",
      points: take(maxes.markets),
      max: 30,
      detail: "Covers 2 of 2",
    },
    {
      criterion: "followers",
      label: "Follower fit",
      points: take(maxes.followers),
      max: 15,
      detail: "Well inside 10K–100K",
    },
    {
      criterion: "engagement",
      label: "Engagement quality",
      points: take(maxes.engagement),
      max: 15,
      detail: "1.3% vs 0.75–1.01% typical at 50K–100K",
    },
  ];
}

function row(
  r: Omit<DiscoveryResult, "platform" | "matchBreakdown" | "isSample" | "origin" | "figures"> &
    Partial<Pick<DiscoveryResult, "isSample" | "origin" | "figures">>,
): DiscoveryResult {
  return {
    platform: "instagram" as const,
    isSample: false,
    origin: r.isSample ? "sample" : "report",
    figures: r.isSample
      ? { kind: "sample", readAt: null }
      : { kind: "report", readAt: "2026-04-20T10:00:00.000Z" },
    ...r,
    matchBreakdown: breakdownFor(r.matchPercentage, r.industry),
  };
}

/** Six Instagram creators in the server's order (match %, then engagement). */
export const DISCOVERY_ROWS: DiscoveryResult[] = [
  row({
    username: "fit_anna",
    name: "Anna Fit",
    verified: true,
    followers: 45_200,
    matchPercentage: 92,
    industry: "Fitness",
    description: "Home workouts and strength training for busy parents",
    engagementRate: "2.1%",
    countries: ["United States", "Canada", "United Kingdom", "Germany", "France"],
  }),
  row({
    username: "fit_bo",
    name: "Bo Moves",
    verified: false,
    followers: 12_000,
    matchPercentage: 81,
    industry: "Fitness",
    description: "Mobility drills every morning",
    engagementRate: "1.4%",
    countries: ["Canada"],
  }),
  row({
    username: "coach_carl",
    name: '=HYPERLINK("http://evil.example","Carl")',
    verified: false,
    followers: 60_000,
    matchPercentage: 72,
    industry: "Health & Wellness",
    description: 'Coach, "wellness" nerd,\nand runner',
    engagementRate: "1.1%",
    countries: ["United States", "Canada", "Australia"],
  }),
  row({
    username: "zed_fitness",
    name: "Zed",
    verified: true,
    followers: 98_000,
    matchPercentage: 65,
    industry: "Fitness",
    description: "-10 kg in 10 weeks: my plan",
    engagementRate: "0.9%",
    countries: ["United States", "Australia", "India", "Japan"],
  }),
  row({
    username: "alma.moves",
    name: "Alma",
    verified: false,
    followers: 30_500,
    matchPercentage: 55,
    industry: "Sports",
    description: "Trail running in the Alps",
    engagementRate: "N/A",
    countries: [],
  }),
  row({
    username: "yoga_yui",
    name: "Yui Yoga",
    verified: false,
    followers: 10_400,
    matchPercentage: 40,
    industry: "Health & Wellness",
    description: "@home yoga flows",
    engagementRate: "3.0%",
    countries: ["Japan"],
    isSample: true,
  }),
];

/** A creator the AI web search proposed and the server verified (`foundVia: "web"`). */
export const WEB_ROW: DiscoveryResult = {
  ...row({
    username: "trail_tess",
    name: "Tess Trails",
    verified: false,
    followers: 23_400,
    matchPercentage: 77,
    industry: "Fitness",
    description: "Trail running and strength for runners",
    engagementRate: "2.6%",
    countries: ["Canada"],
  }),
  foundVia: "web",
};

/** The index rows as the server marks them when web candidates were asked for, and WEB_ROW in rank. */
export const ROWS_WITH_WEB: DiscoveryResult[] = [
  ...DISCOVERY_ROWS.slice(0, 2).map((r) => ({ ...r, foundVia: "index" as const })),
  WEB_ROW,
  ...DISCOVERY_ROWS.slice(2).map((r) => ({ ...r, foundVia: "index" as const })),
];

/** The server's note for each outcome (its messages, as src/server/discovery/web-candidates.ts writes them). */
export const WEB_NOTES: Record<WebCandidatesNote["status"], WebCandidatesNote> = {
  added: {
    status: "added",
    message: "Added 1 account found on the web, each checked on Instagram and analysed (1 of 3 proposed).",
    proposed: 3,
    added: 1,
  },
  none: {
    status: "none",
    message:
      "The web search proposed 2 accounts, but none could be verified on Instagram within your criteria. Showing accounts from our index only.",
    proposed: 2,
    added: 0,
  },
  sign_in_required: {
    status: "sign_in_required",
    message: "Sign in to add accounts found on the web. Showing accounts from our index only.",
    proposed: 0,
    added: 0,
  },
  unavailable: {
    status: "unavailable",
    message:
      "Web search is not set up on this installation (it needs a web-search model such as Perplexity Sonar). Showing accounts from our index only.",
    proposed: 0,
    added: 0,
  },
  limit_reached: {
    status: "limit_reached",
    message:
      "You've reached your daily limit of 20 web searches. It resets at midnight UTC. Showing accounts from our index only.",
    proposed: 0,
    added: 0,
  },
  failed: {
    status: "failed",
    message: "The web search did not answer within 20 s. Showing accounts from our index only.",
    proposed: 0,
    added: 0,
  },
};

/** A search answer, checked against the API's response schema so it cannot drift from the contract. */
export function discoveryResponse(
  results: DiscoveryResult[] = DISCOVERY_ROWS,
  total = results.length,
  webCandidates?: WebCandidatesNote,
): DiscoverySearchResponse {
  return discoverySearchResponseSchema.parse({ results, total, webCandidates });
}
