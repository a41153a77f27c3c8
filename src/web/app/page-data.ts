import type { QueryClient } from "@tanstack/react-query";
import { reportPathOf } from "#core/report-path";
import { type Account, accountSchema } from "#core/schemas/account";
import { isPlatform } from "#core/schemas/platform";
import { PAGE_DATA_ELEMENT_ID } from "#core/seo/page-meta";
import { accountQueryKey, accountQueryOptions, primeAccount } from "../features/report/api/get-account";

/**
 * Puts the stored report a report page was rendered with into the query cache, under the keys the
 * page asks for, so its first render shows the report at once — the same page the server sent.
 * `stale` (the browser) marks it as such and reads it once more at once, which is what records the
 * visit in a signed-in user's history.
 */
export function seedReportPage(
  queryClient: QueryClient,
  pathname: string,
  account: Account,
  { stale }: { stale: boolean },
): boolean {
  const report = reportPathOf(pathname);
  if (!report) return false;
  const { username } = report;
  // As report-page.tsx reads its params: a platform segment that is not one counts as none.
  const platform = isPlatform(report.platform) ? report.platform : undefined;
  const options = stale ? { updatedAt: 0 } : undefined;
  primeAccount(queryClient, account, options);
  queryClient.setQueryData(accountQueryKey(username, platform), account, options);
  // Read again now rather than when the page mounts: the page then starts with that read under way
  // instead of re-rendering the whole report as it begins (decision 028).
  if (stale) void queryClient.prefetchQuery(accountQueryOptions(username, platform));
  return true;
}

/** The page data the server wrote into the HTML, if any and if it is what the page expects. */
export function readPageData(doc: Document): Account | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = accountSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
