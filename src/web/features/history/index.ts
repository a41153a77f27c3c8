// The history feature's public surface (the history page composes it).
export {
  DEFAULT_HISTORY_FILTERS,
  type HistoryFilters,
  historyQueryOptions,
  useHistory,
} from "./api/get-history";
export { HistoryView, type HistoryViewProps } from "./components/history-view";
