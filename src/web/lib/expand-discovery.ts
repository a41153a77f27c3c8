import {
  type ExpandJob,
  type ExpandRequestInput,
  type ExpandSources,
  expandJobSchema,
  expandSourcesSchema,
  expandStartedSchema,
} from "#core/schemas/expand";
import type { Platform } from "#core/schemas/platform";
import { api } from "./api-client";

export const EXPAND_PATH = "/api/discovery/expand";

/** POST /api/discovery/expand → 202 {jobId}: searches the platform for the criteria (issue #35). */
export async function startExpand(request: ExpandRequestInput): Promise<string> {
  return expandStartedSchema.parse(await api.post(EXPAND_PATH, request)).jobId;
}

/** GET /api/discovery/expand/:jobId → its state, counts, spend and message. */
export async function getExpandJob(jobId: string, signal?: AbortSignal): Promise<ExpandJob> {
  return expandJobSchema.parse(await api.get(`${EXPAND_PATH}/${encodeURIComponent(jobId)}`, { signal }));
}

/** GET /api/discovery/expand/sources?platform=: which source would search, and what it may cost. */
export async function getExpandSources(platform: Platform, signal?: AbortSignal): Promise<ExpandSources> {
  return expandSourcesSchema.parse(
    await api.get(`${EXPAND_PATH}/sources?platform=${encodeURIComponent(platform)}`, { signal }),
  );
}
