// The site-search feature's public surface: the /search page's box, results and client call.
export { searchAccounts, searchAccountsQueryOptions, useSearchAccounts } from "./api/search-accounts";
export { SearchForm, type SearchFormProps } from "./components/search-form";
export { SearchResults } from "./components/search-results";
