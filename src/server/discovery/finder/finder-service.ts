/**
 * The account finder (spec §2 "Account-finder screen"): a description becomes criteria
 * (src/core/discovery/interpret.ts), candidates come from the full-text index and the industry
 * index, and each is scored on text, industry, countries and engagement
 * (docs/decisions/003-discovery-matching.md). Follower sizes are hard filters.
 */
import { interpretationFromCriteria } from "#core/discovery/criteria";
import { type DescriptionExtractor, interpretDescription } from "#core/discovery/interpret";
import type { FinderRequest, FinderResponse, FinderResult, Interpretation } from "#core/schemas/discovery";
import type { Platform } from "#core/schemas/platform";
import { meaningOf } from "#core/similar/represent";
import type { DbOrTx } from "../../db/database";
import { findByMeaning, mergeFinderResults } from "../../similar/meaning-search";
import { findExhaustive } from "./finder-sql";
import { finderPlan } from "./plan";
import { finderResultOf } from "./result";
import { findIndexed } from "./top-k";

export interface FinderService {
  find(request: FinderRequest): Promise<FinderResponse>;
}

export interface FinderServiceDeps {
  db: DbOrTx;
  /** A model-based description extractor (the AI writer); the lexicon is used without one. */
  extractor?: DescriptionExtractor;
}

export function createFinderService(deps: FinderServiceDeps): FinderService {
  return {
    async find(request) {
      const read = request.criteria
        ? interpretationFromCriteria(request.criteria)
        : await interpretDescription(request.description, request.platform, {
            extractor: deps.extractor,
          });
      // Issue #36: the description's topics, matched by meaning as well (edited criteria carry their own).
      const meaning = request.criteria ? (read.meaning ?? []) : meaningOf(request.description ?? "");
      const interpretedAs = meaning.length > 0 ? { ...read, meaning } : read;
      const results = await search(deps.db, request.platform, interpretedAs, request.limit);
      return { results, interpretedAs };
    },
  };
}

async function search(
  db: DbOrTx,
  platform: Platform,
  criteria: Interpretation,
  limit: number,
): Promise<FinderResult[]> {
  const plan = finderPlan(platform, criteria);
  const topics = criteria.meaning ?? [];
  if (!plan && topics.length === 0) return [];
  const lexicon = plan
    ? ((await findIndexed(db, plan, limit)) ?? (await findExhaustive(db, plan, limit))).map((r) =>
        finderResultOf(r, plan),
      )
    : [];
  const meaning = await findByMeaning(
    db,
    plan ?? { platform, industries: [], related: [], countries: [], engagementLevel: null },
    topics,
    limit,
  );
  return mergeFinderResults(lexicon, meaning, limit);
}
