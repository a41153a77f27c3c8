import { Link, useSearch } from "wouter";
import { PLATFORM_LABELS, PLATFORMS } from "../../core/schemas/platform";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { buttonVariants } from "../components/ui/button";
import { paths } from "../config/paths";

/** /search?q={term}: the search target named in the page metadata. */
export function SearchPage() {
  const term = (new URLSearchParams(useSearch()).get("q") ?? "").trim().slice(0, 100);
  return (
    <PageContainer className="flex flex-col gap-6">
      <Seo
        title={term ? `Search: ${term}` : "Search"}
        description="Search creators to analyze."
        canonical={paths.search()}
      />
      <PageHeader
        title="Search"
        description={
          term
            ? `Analyze "${term}" on one of the platforms below.`
            : "Type a creator's name in the address: /search?q=name."
        }
      />
      {term ? (
        <ul className="flex flex-wrap gap-3">
          {PLATFORMS.map((platform) => (
            <li key={platform}>
              <Link href={paths.insight(term, platform)} className={buttonVariants({ variant: "outline" })}>
                {term} on {PLATFORM_LABELS[platform]}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </PageContainer>
  );
}
