/**
 * A capture that cannot go ahead, with a message written for the person looking at the page
 * ("This TikTok page has no profile data for @foo: reload the page and try again").
 */
export class CaptureError extends Error {
  override name = "CaptureError";
  constructor(
    message: string,
    /** A short machine-readable reason, for tests and the panel's data-code attribute. */
    readonly code: string,
  ) {
    super(message);
  }
}
