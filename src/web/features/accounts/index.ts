// The accounts feature's public surface: the recent-accounts list.
export {
  getRecentAccounts,
  RECENT_ACCOUNTS_LIMIT,
  recentAccountsQueryOptions,
  useRecentAccounts,
} from "./api/get-recent-accounts";
export { RecentAccounts, type RecentAccountsProps } from "./components/recent-accounts";
