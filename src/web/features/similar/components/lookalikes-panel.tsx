import { Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatFollowers } from "#core/format";
import type { Platform } from "#core/schemas/platform";
import { LOOKALIKE_MAX_SEEDS } from "#core/similar/limits";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../config/paths";
import { useFindLookalikes } from "../api/find-lookalikes";

interface LookalikesPanelProps {
  listId: number;
  creators: readonly { platform: Platform; username: string }[];
  renderActions?: (row: { platform: Platform; username: string }) => ReactNode;
}

/**
 * "Find lookalikes of this list" (issue #36): creators like the list's first ten, the list's own
 * members left out, each with its match and what it shares with them.
 */
export function LookalikesPanel({ listId, creators, renderActions }: LookalikesPanelProps) {
  const find = useFindLookalikes();
  const seeds = creators
    .slice(0, LOOKALIKE_MAX_SEEDS)
    .map((c) => ({ platform: c.platform, username: c.username }));
  if (seeds.length === 0) return null;
  return (
    <div className="flex flex-col gap-3 border-t pt-4" data-testid="lookalikes">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          disabled={find.isPending}
          onClick={() => find.mutate({ seeds, excludeListId: listId, pageSize: 20 })}
        >
          <Users aria-hidden="true" />
          {find.isPending ? "Finding lookalikes…" : "Find lookalikes of this list"}
        </Button>
        <span className="text-sm text-muted-foreground">
          {creators.length > LOOKALIKE_MAX_SEEDS
            ? `Like its first ${LOOKALIKE_MAX_SEEDS} creators; creators already on the list are left out.`
            : "Creators already on the list are left out."}
        </span>
      </div>
      {find.isError ? <p role="alert">{(find.error as Error).message}</p> : null}
      {find.data ? (
        find.data.results.length === 0 ? (
          <p className="text-sm text-muted-foreground">No creator in this index is close enough yet.</p>
        ) : (
          <ol className="flex flex-col divide-y">
            {find.data.results.map((r) => (
              <li
                key={`${r.platform}:${r.username}`}
                className="flex flex-wrap items-start justify-between gap-2 py-2"
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="flex flex-wrap items-baseline gap-2">
                    <Link href={paths.report(r.username, r.platform)} className="font-medium hover:underline">
                      @{r.username}
                    </Link>
                    <span className="text-sm text-muted-foreground">{r.name}</span>
                    <span className="text-sm text-muted-foreground">
                      {formatFollowers(r.followers)} followers
                    </span>
                    <span className="text-sm font-medium">{r.matchPercentage}% match</span>
                    {r.isSample ? <span className="text-xs text-muted-foreground">Sample data</span> : null}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {r.matchBreakdown
                      .filter((c) => c.points > 0)
                      .map((c) => `${c.label} ${c.points}/${c.max}: ${c.detail}`)
                      .join("; ")}
                  </span>
                </div>
                {renderActions ? renderActions(r) : null}
              </li>
            ))}
          </ol>
        )
      ) : null}
    </div>
  );
}
