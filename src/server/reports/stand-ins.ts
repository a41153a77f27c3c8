import type { DataNote } from "#core/schemas/account";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import {
  LoginWallOrBlockedError,
  NotConfiguredError,
  RateLimitedError,
  SourceAuthError,
  UpstreamChangedError,
  UpstreamUnreachableError,
} from "../errors";

/**
 * What may stand in when no live source answers an analysis (report-service.ts): stored data (an
 * import, a capture, an earlier fetch) first, measured and dated, then the web-search estimate.
 */

/** Collector failures a web search may stand in for: the account may exist, we just could not read it. */
export function webSearchMayAnswer(err: unknown): boolean {
  return (
    err instanceof LoginWallOrBlockedError ||
    err instanceof UpstreamUnreachableError ||
    err instanceof UpstreamChangedError ||
    err instanceof NotConfiguredError ||
    err instanceof RateLimitedError
  );
}

/** Failures after which stored data may stand in: the account may exist, we just could not read it now. */
export function storedMayAnswer(err: unknown): boolean {
  return webSearchMayAnswer(err) || err instanceof SourceAuthError;
}

const SOURCE_WORDS: Record<string, string> = {
  import: "your import",
  capture: "a capture in your browser",
};

/** "Made from your import of 3 Nov 2026: Instagram is limiting this server until 14:30 UTC…" */
export function storedNote(stored: ProfileSnapshot, err: unknown): DataNote {
  const when = new Date(stored.fetchedAt).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const what = SOURCE_WORDS[stored.source] ?? `the ${stored.source} fetch`;
  const why = err instanceof Error ? err.message.slice(0, 400) : "no live source answered";
  return {
    kind: "stored",
    source: stored.source,
    fetchedAt: stored.fetchedAt,
    message: `Made from ${what} of ${when}, because no live source answered now (${why}). Figures are as of that date.`,
  };
}
