import type { ReactNode } from "react";
import { gradeTone } from "#core/format";
import { ToneBadge } from "../ui/tone-badge";
import { ModelFiguresMarker } from "./model-figures-marker";

/** The grade as its coloured badge, or 'N/A' when the report has none (web-search estimates). */
export function GradeCell({ grade }: { grade: string | null | undefined }) {
  return grade ? (
    <ToneBadge tone={gradeTone(grade)}>{grade}</ToneBadge>
  ) : (
    <span className="text-muted-foreground">N/A</span>
  );
}

/**
 * An account's name over its @handle and one more fact (followers, platform, industry), with
 * 'sample data' said on sample creators and the model-estimate marker on figures from the model's
 * web search: the first column of the recent, history and search lists.
 */
export function AccountNameCell({
  name,
  username,
  detail,
  isSample,
  modelFigures,
}: {
  name: string;
  username: string;
  detail: ReactNode;
  isSample: boolean;
  /** The row's figures are the model's web-search estimate (not measured). */
  modelFigures?: boolean;
}) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className="flex min-w-0 items-center gap-1">
        <span className="truncate font-medium">{name || `@${username}`}</span>
        <ModelFiguresMarker show={modelFigures} />
      </span>
      <span className="truncate text-xs text-muted-foreground">
        @{username} · {detail}
        {isSample ? " · sample data" : ""}
      </span>
    </span>
  );
}
