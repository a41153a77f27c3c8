import { Globe } from "lucide-react";
import { PLATFORM_LABELS, type Platform } from "#core/platforms";
import type { WebCandidatesNote } from "#core/schemas/discovery";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../../components/ui/tooltip";

/**
 * Accounts the AI web search added to a discovery search (docs/decisions/009-discovery-web-candidates.md):
 * the note on what happened, and the mark on each row it added.
 */

/** A title per outcome, in the marketer's words; the server's message says the rest. */
export const WEB_CANDIDATES_TITLES: Record<WebCandidatesNote["status"], string> = {
  added: "Accounts found on the web",
  none: "No new accounts from the web",
  sign_in_required: "Sign in to search the web",
  unavailable: "Web search isn't available",
  limit_reached: "Daily web search limit reached",
  failed: "Web search unavailable right now",
};

/**
 * What the web search added, or why it added nothing: a polite status above the results (a search
 * still has its index results whatever happened on the web, so this is never an error).
 */
export function WebCandidatesNotice({ note }: { note: WebCandidatesNote }) {
  return (
    <Alert
      role="status"
      variant={note.status === "added" ? "info" : "default"}
      data-testid="web-candidates-note"
      data-status={note.status}
    >
      <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-col gap-1">
        <AlertTitle>{WEB_CANDIDATES_TITLES[note.status]}</AlertTitle>
        <AlertDescription>{note.message}</AlertDescription>
      </div>
    </Alert>
  );
}

export const FOUND_ON_WEB_LABEL = "Found on the web";

export function foundOnWebExplanation(platform: Platform): string {
  return `Not from our index: the AI web search proposed this account for your search, then it was fetched from ${PLATFORM_LABELS[platform]}, verified and measured like any analysed account. Its figures are measured, not quoted by the AI.`;
}

/** The mark of a row the web search added, explained on hover and on keyboard focus. */
export function FoundOnWebBadge({ platform }: { platform: Platform }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          data-testid="found-on-web"
          className="inline-flex w-fit cursor-help items-center gap-1 rounded-full border border-primary/40 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Globe aria-hidden="true" className="size-3" />
          {FOUND_ON_WEB_LABEL}
        </button>
      </TooltipTrigger>
      <TooltipContent side="right">{foundOnWebExplanation(platform)}</TooltipContent>
    </Tooltip>
  );
}
