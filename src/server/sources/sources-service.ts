import type { Platform } from "#core/schemas/platform";
import type { SourceTestResponse, SourceView } from "#core/schemas/sources";
import { COLLECTOR_DESCRIPTORS, type Collector } from "../collectors";
import type { SourceHealthStore, SourceState } from "../collectors/source-health";
import type { AppConfig } from "../config";
import { AppError, NotFoundError } from "../errors";

/** Every concrete source an operator can enable, what it needs, and a public account to test it on. */
export interface SourceDescriptor {
  name: string;
  platform: Platform;
  official: boolean;
  /** The configuration it still needs, or null when it has what it needs. */
  needs(config: AppConfig): string | null;
  testHandle: string;
}

/** A well-known public account per platform that every source should read. */
const TEST_HANDLES: Record<Platform, string> = {
  youtube: "YouTube",
  instagram: "instagram",
  tiktok: "tiktok",
};

export const SOURCE_DESCRIPTORS: SourceDescriptor[] = COLLECTOR_DESCRIPTORS.map((d) => ({
  name: d.name,
  platform: d.platform,
  official: d.official,
  needs: (config: AppConfig) => (d.configured(config) ? null : (d.needs ?? null)),
  testHandle: TEST_HANDLES[d.platform],
}));

export interface SourcesServiceDeps {
  config: AppConfig;
  /** The collectors of the chain (COLLECTORS), by id. */
  collectors: readonly Collector[];
  health: SourceHealthStore;
  now: () => Date;
  descriptors?: SourceDescriptor[];
  testTimeoutMs?: number;
}

function stateOf(configured: boolean, s: SourceState, now: Date): SourceView["state"] {
  if (!configured) return "unconfigured";
  if (s.quietUntil && Date.parse(s.quietUntil) > now.getTime()) return "quiet";
  if (s.failuresInRow > 0) return "failing";
  return "ok";
}

/** The admin's view of the data sources (issue "Real data reach" §10). */
export function createSourcesService(deps: SourcesServiceDeps) {
  const descriptors = deps.descriptors ?? SOURCE_DESCRIPTORS;
  const inChain = new Map(deps.collectors.map((c) => [c.id, c]));

  async function view(d: SourceDescriptor): Promise<SourceView> {
    const missing = d.needs(deps.config);
    const enabled = inChain.has(d.name);
    const configured = enabled && missing === null;
    const s = await deps.health.get(d.name);
    const now = deps.now();
    return {
      name: d.name,
      platform: d.platform,
      official: d.official,
      configured,
      needs: configured
        ? null
        : [missing, enabled ? null : `"${d.name}" in COLLECTORS`].filter(Boolean).join(" and "),
      state: stateOf(configured, s, now),
      quietUntil: s.quietUntil && Date.parse(s.quietUntil) > now.getTime() ? s.quietUntil : null,
      lastSuccessAt: s.lastSuccessAt,
      lastFailure: s.lastFailure,
    };
  }

  return {
    async list(): Promise<SourceView[]> {
      return Promise.all(descriptors.map(view));
    },

    /** Fetches the descriptor's public account through this source alone and records the outcome. */
    async test(name: string): Promise<SourceTestResponse> {
      const d = descriptors.find((x) => x.name === name);
      if (!d) throw new NotFoundError(`There is no data source "${name}".`);
      const collector = inChain.get(name);
      const started = performance.now();
      const missing = d.needs(deps.config);
      const result = async (
        ok: boolean,
        account: SourceTestResponse["account"],
        error: SourceTestResponse["error"],
      ): Promise<SourceTestResponse> => ({
        name,
        ok,
        handle: d.testHandle,
        ms: Math.round(performance.now() - started),
        account,
        error,
        source: await view(d),
      });
      if (!collector || missing)
        return result(false, null, {
          code: "NOT_CONFIGURED",
          message: `${name} is not set up: set ${[missing, collector ? null : `"${name}" in COLLECTORS`].filter(Boolean).join(" and ")}.`,
        });
      try {
        const snapshot = await collector.fetchSnapshot(d.platform, d.testHandle, {
          signal: AbortSignal.timeout(deps.testTimeoutMs ?? 20_000),
        });
        if (!snapshot)
          return result(false, null, {
            code: "NO_ANSWER",
            message: `${name} had no answer for ${d.testHandle}.`,
          });
        await deps.health.success(name, deps.now());
        return result(
          true,
          {
            username: snapshot.username,
            followers: snapshot.followers,
            posts: snapshot.posts.length,
            verified: snapshot.verified ?? null,
          },
          null,
        );
      } catch (err) {
        const code = err instanceof AppError ? err.code : "ERROR";
        const message = (err as Error).message?.slice(0, 500) ?? String(err);
        await deps.health.failure(name, { at: deps.now().toISOString(), code, message });
        return result(false, null, { code, message });
      }
    },
  };
}

export type SourcesService = ReturnType<typeof createSourcesService>;
