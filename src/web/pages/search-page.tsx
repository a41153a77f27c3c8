import { useLocation, useSearch } from "wouter";
import { cleanSearchTerm, SEARCH_QUERY_MAX } from "#core/schemas/search";
import { searchPageMeta } from "#core/seo/page-meta";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { paths } from "../config/paths";
import { SearchForm, SearchResults } from "../features/search";

/** /search?q={term}: the search target named in the page metadata — stored reports matching a term. */
export function SearchPage() {
  const term = cleanSearchTerm(new URLSearchParams(useSearch()).get("q") ?? "").slice(0, SEARCH_QUERY_MAX);
  const [, navigate] = useLocation();
  return (
    <PageContainer className="flex flex-col gap-6">
      <Seo {...searchPageMeta(term)} />
      <PageHeader
        title="Search"
        description="Find stored influencer reports by username, name, industry or bio."
      />
      <SearchForm term={term} onSearch={(next) => navigate(next ? paths.search(next) : paths.search())} />
      {term ? <SearchResults term={term} /> : null}
    </PageContainer>
  );
}
