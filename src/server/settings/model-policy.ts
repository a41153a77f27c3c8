import type { ModelCallLimiter } from "./model-rate-limiter";
import type { SettingsService } from "./settings-service";

export type ModelPermit = { ok: true } | { ok: false; reason: string };

/** What the AI client and writer ask before calling the model: which model, and may this call go out. */
export interface ModelPolicy {
  /** The model the admin chose (settings), or the configured LLM_MODEL. */
  chooseModel(): Promise<string>;
  /** The same, as last known on this instance, for a check that cannot wait. */
  currentModel(): string;
  /** One permit per request to the model server, within the admin's calls-per-minute limit. */
  permit(): Promise<ModelPermit>;
}

export function rateLimitReason(limit: number): string {
  return `Skipped: this installation's model rate limit (${limit} calls per minute) was reached, so the analysis engine's texts stand`;
}

export function createModelPolicy(deps: {
  settings: SettingsService & { peek(): { model: string } };
  limiter: ModelCallLimiter;
}): ModelPolicy {
  return {
    currentModel() {
      return deps.settings.peek().model;
    },
    async chooseModel() {
      return (await deps.settings.get()).model;
    },
    async permit() {
      const limit = (await deps.settings.get()).modelRateLimitPerMinute;
      if (limit === null) return { ok: true };
      if (await deps.limiter.tryTake(limit)) return { ok: true };
      return { ok: false, reason: rateLimitReason(limit) };
    },
  };
}
