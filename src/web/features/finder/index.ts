// The account finder's public surface (the discovery page imports from here).
export { FIND_ACCOUNTS_PATH, findAccounts, useFindAccounts } from "./api/find-accounts";
export {
  AccountFinder,
  type AccountFinderProps,
  type AnalyzeAccount,
  SEARCH_FAILED_FALLBACK,
  SEARCH_FAILED_TITLE,
} from "./components/account-finder";
