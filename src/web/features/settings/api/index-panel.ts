import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import {
  type CrawlJob,
  type CrawlRequest,
  crawlJobSchema,
  crawlStartedSchema,
  type IndexPanel,
  indexPanelSchema,
} from "#core/schemas/index-growth";
import { api, apiRequest } from "../../../lib/api-client";
import { SIGNED_IN_ONLY } from "../../../lib/query-client";
import { UNKNOWN_ERROR } from "./messages";

const INDEX_PATH = "/api/admin/index";
const CRAWL_PATH = "/api/admin/crawl";

/** GET /api/admin/index (admins): the index by platform and origin, growth, budgets, queue, crawls. */
async function getIndexPanel(signal?: AbortSignal): Promise<IndexPanel> {
  return indexPanelSchema.parse(await api.get(INDEX_PATH, { signal }));
}

export function useIndexPanel() {
  return useQuery(
    queryOptions({
      queryKey: [INDEX_PATH],
      queryFn: ({ signal }) => getIndexPanel(signal),
      meta: SIGNED_IN_ONLY,
      refetchInterval: 30_000,
    }),
  );
}

/** GET /api/admin/crawl/:jobId, polled until the crawl is done or failed. */
export function useCrawl(jobId: string | null) {
  return useQuery({
    queryKey: [CRAWL_PATH, jobId],
    queryFn: async ({ signal }): Promise<CrawlJob> =>
      crawlJobSchema.parse(await api.get(`${CRAWL_PATH}/${encodeURIComponent(jobId ?? "")}`, { signal })),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === "done" || state === "failed" ? false : 1000;
    },
  });
}

/** POST /api/admin/crawl → the crawl's job id; the panel refreshes. */
export function useStartCrawl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CrawlRequest) =>
      crawlStartedSchema.parse(await apiRequest(CRAWL_PATH, { method: "POST", body: request })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [INDEX_PATH] });
    },
    onError: (error) => {
      toast.error("The crawl could not start", { description: error.message || UNKNOWN_ERROR });
    },
  });
}
