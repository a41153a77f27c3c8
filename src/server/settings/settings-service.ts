import { sql } from "drizzle-orm";
import type { PricingInput } from "#core/engine/pricing";
import { DEFAULT_PRICING_INPUT } from "#core/engine/pricing";
import { pricingAssumptionsSchema } from "#core/schemas/pricing";
import {
  CACHE_EXPIRY_DAYS,
  type CacheExpiryDays,
  SETTING_KEYS,
  type SettingsPatch,
  settingFieldSchemas,
  settingsPatchSchema,
} from "#core/schemas/settings";
import type { AppConfig } from "../config";
import type { AppDb } from "../db/database";
import { rowsOf } from "../db/rows";
import { ValidationError } from "../errors";

/**
 * The admin's settings, kept in the database (one row of app_settings) so every app instance on one
 * PostgreSQL behaves the same (docs/decisions/008-settings-server-side.md). Each instance keeps what
 * it read for at most 5 s: a save on one instance is seen by the others within that window.
 */

export interface AppSettings {
  cacheEnabled: boolean; // off → every analysis fetches fresh data
  cacheExpiryDays: 1 | 3 | 7 | 14 | 30 | null; // null = never expires; default from REPORT_CACHE_DAYS (7)
  autoRefresh: "never" | "viewing" | "daily" | "weekly"; // default "never"
  modelRateLimitPerMinute: 5 | 10 | null; // null = unlimited; default 5
  model: string; // default LLM_MODEL (sonar-pro)
}

export interface SettingsService {
  get(): Promise<AppSettings>; // cheap: cached ≤ 5 s in process
  update(patch: Partial<AppSettings>, by: { userId: string }): Promise<AppSettings>;
}

/** The settings with what the admin screen shows beside them. */
export interface SettingsState {
  settings: AppSettings;
  /** Stored reports made at or before this instant are not reused. */
  cacheClearedAt: Date | null;
  updatedAt: Date | null;
  /** The pricing assumptions reports are made with (issue #24): the admin's, or the published defaults. */
  pricing: PricingInput;
}

/** What the app itself needs beyond the two calls other services use. */
export interface AdminSettingsService extends SettingsService {
  readonly defaults: AppSettings;
  /** The settings, the last 'Clear cache' and the last save (same ≤ 5 s cache as get()). */
  state(): Promise<SettingsState>;
  /** 'Clear cache': every report stored until now is made again at its next analysis. Nothing is deleted. */
  clearCache(by: { userId: string }): Promise<Date>;
  /**
   * How old a stored report may be and still be reused, right now: 0 with the cache off, the expiry
   * (or forever) otherwise, and never older than the last 'Clear cache' (report-service's `cacheMs`).
   */
  cacheMaxAgeMs(): Promise<number>;
  /**
   * The settings as last read or saved here (the defaults before the first read), for a check that
   * cannot wait; a stale copy starts a reload in the background.
   */
  peek(): AppSettings;
  /** Forget the in-process copy (the admin screen reads the row itself). */
  invalidate(): void;
  /** The pricing assumptions reports are made with now (same ≤ 5 s cache as get()). */
  pricing(): Promise<PricingInput>;
  /** Saves the admin's pricing assumptions (checked with the pricing schema); null resets to the defaults. */
  setPricing(assumptions: unknown, by: { userId: string }): Promise<PricingInput>;
}

export const SETTINGS_CACHE_MS = 5000;
const DAY_MS = 86_400_000;

/**
 * Defaults from the environment: expiry from REPORT_CACHE_DAYS (0 turns the cache off; a value that is
 * not one of the offered 1/3/7/14/30 takes the nearest of them, the shorter on a tie), model from LLM_MODEL.
 */
export function settingsDefaults(config: Pick<AppConfig, "reportCacheDays" | "llm">): AppSettings {
  const days = config.reportCacheDays;
  let expiry: CacheExpiryDays = 7;
  if (days > 0) {
    expiry = CACHE_EXPIRY_DAYS.reduce((best, d) => (Math.abs(d - days) < Math.abs(best - days) ? d : best));
  }
  return {
    cacheEnabled: days > 0,
    cacheExpiryDays: expiry,
    autoRefresh: "never",
    modelRateLimitPerMinute: 5,
    model: config.llm.model,
  };
}

export interface SettingsLogger {
  warn(obj: object, msg: string): void;
}

export interface SettingsServiceDeps {
  db: AppDb;
  defaults: AppSettings;
  /** The app clock: the time written as 'cleared at' and 'updated at' (reports are stamped with it too). */
  now: () => Date;
  /** Monotonic-enough milliseconds for the in-process cache (default Date.now). */
  clockMs?: () => number;
  cacheMs?: number;
  logger?: SettingsLogger;
}

interface Row {
  overrides: unknown;
  cacheClearedAt: Date | string | null;
  updatedAt: Date | string | null;
}

function toDate(v: Date | string | null): Date | null {
  if (v === null) return null;
  return v instanceof Date ? v : new Date(v);
}

export function createSettingsService(deps: SettingsServiceDeps): AdminSettingsService {
  const { db, defaults } = deps;
  const clockMs = deps.clockMs ?? Date.now;
  const ttl = deps.cacheMs ?? SETTINGS_CACHE_MS;
  let cached: { state: SettingsState; at: number } | null = null;
  let loading: Promise<SettingsState> | null = null;
  /** Bumped by every write here, so a read that started before it cannot put back older values. */
  let writes = 0;

  /** Stored values over the defaults, each checked on its own: a bad stored value falls back to its default. */
  function fromRow(row: Row | undefined): SettingsState {
    const settings: AppSettings = { ...defaults };
    const overrides = row?.overrides;
    if (overrides && typeof overrides === "object" && !Array.isArray(overrides)) {
      for (const key of SETTING_KEYS) {
        if (!(key in overrides)) continue;
        const parsed = settingFieldSchemas[key].safeParse((overrides as Record<string, unknown>)[key]);
        if (parsed.success) (settings as unknown as Record<string, unknown>)[key] = parsed.data;
        else deps.logger?.warn({ setting: key }, "ignoring an invalid stored setting; its default applies");
      }
    }
    let pricing: PricingInput = DEFAULT_PRICING_INPUT;
    const stored = (overrides as Record<string, unknown> | null | undefined)?.pricing as
      | { assumptions?: unknown; savedAt?: unknown }
      | null
      | undefined;
    if (stored && typeof stored === "object") {
      const parsed = pricingAssumptionsSchema.safeParse(stored.assumptions);
      if (parsed.success)
        pricing = {
          assumptions: parsed.data,
          source: "installation",
          updatedAt: typeof stored.savedAt === "string" ? stored.savedAt : null,
        };
      else
        deps.logger?.warn(
          { setting: "pricing" },
          "ignoring invalid stored pricing assumptions; the defaults apply",
        );
    }
    return {
      settings,
      cacheClearedAt: toDate(row?.cacheClearedAt ?? null),
      updatedAt: toDate(row?.updatedAt ?? null),
      pricing,
    };
  }

  async function load(): Promise<SettingsState> {
    const result = await db.execute(sql`
      select overrides, cache_cleared_at as "cacheClearedAt", updated_at as "updatedAt"
      from app_settings where id = 1`);
    return fromRow(rowsOf<Row>(result)[0]);
  }

  function remember(state: SettingsState): SettingsState {
    cached = { state, at: clockMs() };
    return state;
  }

  function written(state: SettingsState): SettingsState {
    writes++;
    loading = null;
    return remember(state);
  }

  async function state(): Promise<SettingsState> {
    if (cached && clockMs() - cached.at < ttl) return cached.state;
    if (!loading) {
      const startedAt = writes;
      const pending: Promise<SettingsState> = load()
        .then((loaded) => (writes === startedAt ? remember(loaded) : loaded))
        .finally(() => {
          if (loading === pending) loading = null;
        });
      loading = pending;
    }
    return loading;
  }

  return {
    defaults,
    state,

    async get() {
      return { ...(await state()).settings };
    },

    async update(patch, by) {
      const parsed = settingsPatchSchema.safeParse(patch);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = issue.path.map(String).join(".") || undefined;
        throw new ValidationError(issue.message, field);
      }
      const clean: SettingsPatch = parsed.data;
      // One statement: the patch is merged into what is stored (jsonb ||), never read-then-written.
      const result = await db.execute(sql`
        insert into app_settings (id, overrides, updated_at, updated_by)
        values (1, ${JSON.stringify(clean)}::jsonb, ${deps.now().toISOString()}::timestamptz, ${by.userId}::uuid)
        on conflict (id) do update
          set overrides = app_settings.overrides || excluded.overrides,
              updated_at = excluded.updated_at,
              updated_by = excluded.updated_by
        returning overrides, cache_cleared_at as "cacheClearedAt", updated_at as "updatedAt"`);
      return { ...written(fromRow(rowsOf<Row>(result)[0])).settings };
    },

    async clearCache(by) {
      const at = deps.now();
      const result = await db.execute(sql`
        insert into app_settings (id, cache_cleared_at, updated_by)
        values (1, ${at.toISOString()}::timestamptz, ${by.userId}::uuid)
        on conflict (id) do update
          set cache_cleared_at = excluded.cache_cleared_at,
              updated_by = excluded.updated_by
        returning overrides, cache_cleared_at as "cacheClearedAt", updated_at as "updatedAt"`);
      written(fromRow(rowsOf<Row>(result)[0]));
      return at;
    },

    async cacheMaxAgeMs() {
      const { settings, cacheClearedAt } = await state();
      if (!settings.cacheEnabled) return 0;
      let maxAge =
        settings.cacheExpiryDays === null ? Number.POSITIVE_INFINITY : settings.cacheExpiryDays * DAY_MS;
      // Reused only if made after the last clear: age < now − clearedAt.
      if (cacheClearedAt) maxAge = Math.min(maxAge, deps.now().getTime() - cacheClearedAt.getTime());
      return Math.max(0, maxAge);
    },

    peek() {
      if (!cached || clockMs() - cached.at >= ttl) void state().catch(() => undefined);
      return { ...(cached?.state.settings ?? defaults) };
    },

    invalidate() {
      cached = null;
    },

    async pricing() {
      return (await state()).pricing;
    },

    async setPricing(assumptions, by) {
      const at = deps.now().toISOString();
      let result: unknown;
      if (assumptions === null) {
        result = await db.execute(sql`
          insert into app_settings (id, updated_at, updated_by)
          values (1, ${at}::timestamptz, ${by.userId}::uuid)
          on conflict (id) do update
            set overrides = app_settings.overrides - 'pricing',
                updated_at = excluded.updated_at,
                updated_by = excluded.updated_by
          returning overrides, cache_cleared_at as "cacheClearedAt", updated_at as "updatedAt"`);
      } else {
        const parsed = pricingAssumptionsSchema.safeParse(assumptions);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw new ValidationError(issue.message, issue.path.map(String).join(".") || undefined);
        }
        const patch = { pricing: { assumptions: parsed.data, savedAt: at } };
        result = await db.execute(sql`
          insert into app_settings (id, overrides, updated_at, updated_by)
          values (1, ${JSON.stringify(patch)}::jsonb, ${at}::timestamptz, ${by.userId}::uuid)
          on conflict (id) do update
            set overrides = app_settings.overrides || excluded.overrides,
                updated_at = excluded.updated_at,
                updated_by = excluded.updated_by
          returning overrides, cache_cleared_at as "cacheClearedAt", updated_at as "updatedAt"`);
      }
      return written(fromRow(rowsOf<Row>(result as Parameters<typeof rowsOf>[0])[0])).pricing;
    },
  };
}
