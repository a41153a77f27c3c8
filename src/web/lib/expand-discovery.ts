import type { ExpandJob, ExpandRequestInput, ExpandSources } from "#core/schemas/expand";
import type { Platform } from "#core/schemas/platform";
import { api } from "./api-client";
import { parseWhenLoaded } from "./parse-when-loaded";

/** The "Find more" schemas, loaded with its first answer (the discovery page offers it at once). */
const expandSchemas = () => import("#core/schemas/expand");

export const EXPAND_PATH = "/api/discovery/expand";

/** POST /api/discovery/expand → 202 {jobId}: searches the platform for the criteria (issue #35). */
export async function startExpand(request: ExpandRequestInput): Promise<string> {
  const started = await parseWhenLoaded(
    api.post(EXPAND_PATH, request),
    expandSchemas().then((m) => m.expandStartedSchema),
  );
  return started.jobId;
}

/** GET /api/discovery/expand/:jobId → its state, counts, spend and message. */
export async function getExpandJob(jobId: string, signal?: AbortSignal): Promise<ExpandJob> {
  return parseWhenLoaded(
    api.get(`${EXPAND_PATH}/${encodeURIComponent(jobId)}`, { signal }),
    expandSchemas().then((m) => m.expandJobSchema),
  );
}

/** GET /api/discovery/expand/sources?platform=: which source would search, and what it may cost. */
export async function getExpandSources(platform: Platform, signal?: AbortSignal): Promise<ExpandSources> {
  return parseWhenLoaded(
    api.get(`${EXPAND_PATH}/sources?platform=${encodeURIComponent(platform)}`, { signal }),
    expandSchemas().then((m) => m.expandSourcesSchema),
  );
}
