// The discovery feature's public surface (the discovery page imports from here).
export { DISCOVERY_SEARCH_PATH, discoverySearchQueryOptions, searchDiscovery } from "./api/search-discovery";
export type { GenerateReport } from "./components/discovery-results";
export { DiscoveryView, type DiscoveryViewProps } from "./components/discovery-view";
