import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ClientConfig, clientConfigSchema } from "#core/schemas/client-config";
import { api } from "../../../lib/api-client";

export const CONFIG_PATH = "/api/config";

export async function getConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return clientConfigSchema.parse(await api.get(CONFIG_PATH, { signal }));
}

export function configQueryOptions() {
  return queryOptions({ queryKey: [CONFIG_PATH], queryFn: ({ signal }) => getConfig(signal) });
}

/** The server's public configuration (brand, sign-in options, limits). Fetched once per page load. */
export function useConfig() {
  return useQuery(configQueryOptions());
}
