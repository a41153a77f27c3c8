import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatFollowers } from "#core/format";
import type { Platform } from "#core/schemas/platform";
import type { SimilarResult } from "#core/schemas/similar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { WhenVisible } from "../../../components/ui/when-visible";
import { paths } from "../../../config/paths";
import { useSimilar } from "../api/get-similar";

interface SimilarCreatorsProps {
  username: string;
  platform: Platform;
  lastUpdated?: string;
  /** "Add to list" and "Compare" for a row (the page composes them; features do not import each other). */
  renderActions?: (row: SimilarResult) => ReactNode;
}

function Placeholder() {
  return <div className="h-[320px] animate-pulse rounded-md bg-muted/60" aria-hidden="true" />;
}

function SimilarList({ username, platform, lastUpdated, renderActions }: SimilarCreatorsProps) {
  const query = useSimilar(username, platform, lastUpdated);
  if (query.isPending) return <p className="text-sm text-muted-foreground">Finding similar creators…</p>;
  if (query.isError)
    return <p className="text-sm text-muted-foreground">Similar creators could not be loaded.</p>;
  const results = query.data.results;
  if (results.length === 0)
    return <p className="text-sm text-muted-foreground">No creator in this index is close enough yet.</p>;
  return (
    <ol className="flex flex-col divide-y" data-testid="similar-list">
      {results.map((r) => (
        <li
          key={`${r.platform}:${r.username}`}
          className="flex flex-wrap items-start justify-between gap-2 py-3"
        >
          <div className="flex min-w-0 flex-col gap-0.5">
            <span className="flex flex-wrap items-baseline gap-2">
              <Link
                href={paths.report(r.username, r.platform)}
                className="font-medium underline-offset-4 hover:underline"
              >
                @{r.username}
              </Link>
              <span className="truncate text-sm text-muted-foreground">{r.name}</span>
              <span className="text-sm text-muted-foreground">{formatFollowers(r.followers)} followers</span>
              <span className="text-sm font-medium" title="Similarity, 0–100%">
                {Math.round(r.similarity * 100)}% alike
              </span>
              {r.isSample ? <span className="text-xs text-muted-foreground">Sample data</span> : null}
            </span>
            <span className="text-sm text-muted-foreground" data-testid="similar-why">
              {r.why.join("; ")}
            </span>
          </div>
          {renderActions ? renderActions(r) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * The report's "Similar creators" section (issue #36): loaded when it comes into view, each row with
 * why it is similar (things both creators have) and the page's actions.
 */
export function SimilarCreators(props: SimilarCreatorsProps) {
  return (
    <Card data-testid="similar-creators">
      <CardHeader>
        <CardTitle>Similar creators</CardTitle>
        <CardDescription>
          Creators whose own words, hashtags, markets, size and formats are closest to this one's, ranked on
          this server.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <WhenVisible placeholder={<Placeholder />}>
          <SimilarList {...props} />
        </WhenVisible>
      </CardContent>
    </Card>
  );
}
