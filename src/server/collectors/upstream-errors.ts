/**
 * Typed collector errors that are specific to one source's behaviour. They extend the app's error
 * classes (src/server/errors.ts), so the one error handler maps them without knowing them.
 */
import { NotConfiguredError } from "../errors";

/**
 * Instagram's public web endpoint refuses this profile to anonymous visitors: since mid-2026
 * `web_profile_info` answers HTTP 400 with a schema error for creator and business accounts
 * (instaloader PR #2722, hoaianle/Instagram-Downloader PR #39). Not "not found" (never cached as
 * such) and not a block (waiting does not help): only another source can read it.
 */
export class AnonymousProfileUnavailableError extends NotConfiguredError {
  override name = "AnonymousProfileUnavailableError";
  constructor(
    handle: string,
    /** Which keys would help, for the operator: appended in parentheses. */
    advice: string,
  ) {
    super(
      `Instagram no longer serves @${handle}'s profile anonymously — configure the Graph API or a data provider${advice ? ` (${advice})` : ""}`,
    );
  }
}
