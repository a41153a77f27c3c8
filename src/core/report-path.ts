import { stripAt } from "./handles";

/*
 * Beside routes.ts rather than in it: the web app's entry holds the route table, while only the
 * server and the seeding of a server-rendered report page read report paths, so this stays out of
 * the initial JavaScript.
 */

/** routes.report as one expression: /report/:platform/:username or /report/:username (any case, as the router). */
const REPORT_PATH = /^\/report\/(?:([^/]+)\/)?([^/]+)\/?$/i;

/** What a report path names: its platform segment as written (null without one) and the handle. */
export interface ReportPath {
  platform: string | null;
  username: string;
}

/**
 * The segments of a report path (routes.report), the handle decoded and without a leading "@"; null
 * when the path is not a report path or its handle is empty or not validly percent-encoded. The
 * server (which report to render into a page) and the web app (which query that report answers)
 * read report paths through this one function, so they cannot disagree about which paths are one.
 */
export function reportPathOf(pathname: string): ReportPath | null {
  const match = REPORT_PATH.exec(pathname);
  if (!match) return null;
  let username: string;
  try {
    username = stripAt(decodeURIComponent(match[2]!));
  } catch {
    return null;
  }
  return username ? { platform: match[1] ?? null, username } : null;
}
