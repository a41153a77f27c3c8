import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { CollectorChain } from "../collectors/chain";
import type { StoredReportRow } from "./account-repo";
import type { ResolvedInput } from "./resolved-input";

/**
 * A typed handle whose stored report is a sample creator's (issue #39 item 6). The stored sample is
 * not served straight away, since a live source may know a real account of that name; but when the
 * sources would answer with the sample again (offline, paced, the platform says there is no such
 * account), the result is that same stored report, and a second look is free.
 *
 * So the collectors are asked first, before a unit is spent: a sample answer serves the stored
 * report; a live snapshot is handed to the analysis (fetched once, charged as usual); a failure
 * leaves the usual path to run (and say what went wrong). Null when there is nothing to look at.
 */
export async function revisitSample(
  deps: {
    collectors: Pick<CollectorChain, "fetchSnapshot">;
    now: () => Date;
    cacheMs: () => number | Promise<number>;
  },
  input: ResolvedInput,
  stored: StoredReportRow | null,
  signal?: AbortSignal,
): Promise<{ stored: StoredReportRow } | { snapshot: ProfileSnapshot } | null> {
  if (!stored?.isSample || input.linkKind?.match(/video|short/)) return null;
  if (deps.now().getTime() - stored.createdAt.getTime() >= (await deps.cacheMs())) return null;
  let snapshot: ProfileSnapshot;
  try {
    snapshot = await deps.collectors.fetchSnapshot(input.platform, input.handle, {
      signal,
      linkKind: input.linkKind,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    return null;
  }
  return snapshot.source === "sample" ? { stored } : { snapshot };
}
