/**
 * The words of the report limits, shared by the server's 429 messages and the web's texts: every
 * number is the configured one (ANON_REPORT_LIMIT, ANON_IP_DAILY_LIMIT, USER_DAILY_REPORT_LIMIT),
 * never a default written into a sentence. `null` (the web before GET /api/config answered) words
 * the sentence without a number rather than guess one.
 */

/** "1 report", "50 reports". */
export function reportsWord(n: number): string {
  return `${n} ${n === 1 ? "report" : "reports"}`;
}

/** "up to 50 reports per day", or "more reports each day" while the number is unknown. */
function upTo(userLimit: number | null): string {
  return userLimit === null ? "more reports each day" : `up to ${reportsWord(userLimit)} per day`;
}

/** A visitor used up their own reports (spec §4 dialog text, with the configured number). */
export function anonLimitText(userLimit: number | null): string {
  return `You've reached the limit for free users. Sign in with Google to get ${upTo(userLimit)}.`;
}

/** Visitors behind one address used up the address's reports. */
export function anonIpLimitText(ipLimit: number, userLimit: number | null): string {
  return `Visitors from your network have used today's ${reportsWord(ipLimit)} without sign-in. Sign in with Google to get ${upTo(userLimit)}.`;
}

/** A signed-in user used up their daily reports. */
export function userLimitText(limit: number): string {
  return `You've reached your daily limit of ${reportsWord(limit)}. It resets at midnight UTC.`;
}

/** The sign-in prompt (not a limit): what signing in gives. */
export function signInPromptText(userLimit: number | null): string {
  return userLimit === null
    ? "Sign in with Google to continue. Signed-in users get more reports each day."
    : `Sign in with Google to continue. Signed-in users get up to ${reportsWord(userLimit)} per day.`;
}
