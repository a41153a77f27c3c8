/**
 * The discovery form's options and the limits both sides hold to (spec §2, §5), apart from the zod
 * schemas built on them (schemas/discovery.ts): the discovery page shows these before it has sent
 * anything, and need not build the schemas to do so (issue #38 item 5).
 */

/** Spec §2 follower-range options, in the order the form shows them. */
export const FOLLOWER_RANGES = ["less_than_10k", "10k_to_100k", "100k_to_1mil", "1mil_plus"] as const;
export type FollowerRange = (typeof FOLLOWER_RANGES)[number];

export const FOLLOWER_RANGE_LABELS: Record<FollowerRange, string> = {
  less_than_10k: "Less than 10K",
  "10k_to_100k": "10K - 100K",
  "100k_to_1mil": "100K - 1M",
  "1mil_plus": "1M+",
};

export const ANY_INDUSTRY = "any";
export const SAMPLES_MODES = ["include", "exclude"] as const;
export type SamplesMode = (typeof SAMPLES_MODES)[number];
export const MAX_TARGET_MARKETS = 10;
export const MAX_RESULTS = 100;
/** Discovery pages: at most MAX_RESULTS rows a page, at most MAX_PAGE pages deep. */
export const MAX_PAGE = 1000;
export const FINDER_DEFAULT_LIMIT = 50;

/** Spec §5, exact text. */
export const FINDER_DESCRIPTION_TOO_SHORT =
  "Please provide at least 10 characters describing what you're looking for";
export const FINDER_DESCRIPTION_MIN = 10;
export const FINDER_DESCRIPTION_MAX = 2000;
