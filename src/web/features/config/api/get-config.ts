import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClientConfig } from "#core/schemas/client-config";
import { api } from "../../../lib/api-client";
import { parseWhenLoaded } from "../../../lib/parse-when-loaded";

export const CONFIG_PATH = "/api/config";

export async function getConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return parseWhenLoaded(
    api.get(CONFIG_PATH, { signal }),
    import("#core/schemas/client-config").then((m) => m.clientConfigSchema),
  );
}

export function configQueryOptions() {
  return queryOptions({ queryKey: [CONFIG_PATH], queryFn: ({ signal }) => getConfig(signal) });
}

/** The server's public configuration (brand, sign-in options, limits). Fetched once per page load. */
export function useConfig() {
  return useQuery(configQueryOptions());
}
