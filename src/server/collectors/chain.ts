import type { Platform } from "../../core/schemas/platform";
import { formatZodError, type ProfileSnapshot, profileSnapshotSchema } from "../../core/schemas/snapshot";
import { AccountNotFoundError, NotConfiguredError, UpstreamChangedError } from "../errors";
import { at, label, truncateSample } from "./messages";
import type { NotFoundCache } from "./not-found-cache";
import { createSingleFlight, type SingleFlight } from "./single-flight";
import type { Collector, CollectorFetchOptions, CollectorLogger } from "./types";

export interface ChainFetchOptions extends CollectorFetchOptions {
  /** Ask the platform even if the handle was recently not found (admin refresh). */
  bypassNotFoundCache?: boolean;
}

export interface CollectorChain {
  readonly collectors: readonly Collector[];
  /** The first collector's snapshot; throws a typed error when none can serve the account. */
  fetchSnapshot(platform: Platform, handle: string, opts?: ChainFetchOptions): Promise<ProfileSnapshot>;
}

export interface CollectorChainOptions {
  singleFlight?: SingleFlight;
  notFoundCache?: NotFoundCache;
  logger?: CollectorLogger;
}

const CASE_SENSITIVE_KINDS = new Set(["channel", "video", "short", "short_link", "shorts"]);

/** Normalised key for single-flight and negative caching: platform, link kind, handle. */
export function collectorKey(platform: Platform, handle: string, linkKind?: string): string {
  const h = handle.trim().replace(/^@+/, "");
  // YouTube channel and video ids are case-sensitive; handles are not.
  const keepCase =
    platform === "youtube" && (CASE_SENSITIVE_KINDS.has(linkKind ?? "") || /^UC[\w-]{22}$/.test(h));
  return `${platform}:${linkKind ?? "handle"}:${keepCase ? h : h.toLowerCase()}`;
}

/**
 * Tries the collectors that serve the platform, in order; the first snapshot wins, a thrown error
 * is final. Concurrent identical requests share one fetch; handles the platform reported missing
 * are remembered (NotFoundCache) and answered without asking again.
 */
export function createCollectorChain(
  collectors: Collector[],
  options: CollectorChainOptions = {},
): CollectorChain {
  const singleFlight = options.singleFlight ?? createSingleFlight();
  const notFound = options.notFoundCache;

  async function runChain(
    platform: Platform,
    handle: string,
    key: string,
    opts: CollectorFetchOptions,
  ): Promise<ProfileSnapshot> {
    const candidates = collectors.filter((c) => c.platforms.includes(platform));
    for (const collector of candidates) {
      let snapshot: ProfileSnapshot | null;
      try {
        snapshot = await collector.fetchSnapshot(platform, handle, opts);
      } catch (e) {
        if (e instanceof AccountNotFoundError && notFound) await notFound.add(key);
        throw e;
      }
      if (snapshot === null) continue;
      const parsed = profileSnapshotSchema.safeParse(snapshot);
      if (!parsed.success) {
        const detail = formatZodError(parsed.error);
        options.logger?.warn(
          { collector: collector.id, platform, handle, detail: truncateSample(detail) },
          "collector produced an invalid snapshot",
        );
        throw new UpstreamChangedError(
          `We couldn't read ${label(platform)} data for ${at(handle)} (source ${collector.id})`,
          truncateSample(detail),
        );
      }
      return parsed.data;
    }
    const prefix = `No data source could analyse ${at(handle)} on ${label(platform)}`;
    if (candidates.length === 0)
      throw new NotConfiguredError(`${prefix}: no ${label(platform)} source is enabled (see COLLECTORS)`);
    if (candidates.every((c) => c.kind === "sample"))
      throw new AccountNotFoundError(
        `${prefix}: it is not one of the sample creators, and live ${label(platform)} collection is not enabled`,
      );
    throw new NotConfiguredError(
      `${prefix}: none of the enabled sources (${candidates.map((c) => c.id).join(", ")}) could serve it; check COLLECTORS and the API keys`,
    );
  }

  return {
    collectors,
    async fetchSnapshot(platform, rawHandle, opts = {}) {
      const handle = rawHandle.trim().replace(/^@+/, "");
      const key = collectorKey(platform, handle, opts.linkKind);
      if (notFound && !opts.bypassNotFoundCache && (await notFound.has(key)))
        throw new AccountNotFoundError(`No ${label(platform)} account ${at(handle)} was found`);
      return singleFlight.run(
        key,
        (signal) => runChain(platform, handle, key, { linkKind: opts.linkKind, signal }),
        { signal: opts.signal },
      );
    },
  };
}
