import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { users } from "../db/schema";
import { testConfig } from "../testing/test-app";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import { type AppSettings, createSettingsService, settingsDefaults } from "./settings-service";

const DEFAULTS: AppSettings = {
  cacheEnabled: true,
  cacheExpiryDays: 7,
  autoRefresh: "never",
  modelRateLimitPerMinute: 5,
  model: "sonar-pro",
};

describe("settings defaults from the environment", () => {
  it("are the spec's: cache on for 7 days, never auto-refresh, 5 model calls a minute, LLM_MODEL", () => {
    expect(settingsDefaults(testConfig())).toEqual(DEFAULTS);
    expect(settingsDefaults(testConfig({ LLM_MODEL: "gpt-4o-mini" })).model).toBe("gpt-4o-mini");
  });

  it("take REPORT_CACHE_DAYS, 0 turning the cache off and other values the nearest offered expiry", () => {
    const of = (days: string) => settingsDefaults(testConfig({ REPORT_CACHE_DAYS: days }));
    expect(of("14")).toMatchObject({ cacheEnabled: true, cacheExpiryDays: 14 });
    expect(of("0")).toMatchObject({ cacheEnabled: false, cacheExpiryDays: 7 });
    expect(of("2").cacheExpiryDays).toBe(1);
    expect(of("10").cacheExpiryDays).toBe(7);
    expect(of("365").cacheExpiryDays).toBe(30);
  });
});

describe.each(testedDatabaseKinds())("settings store on %s", (kind) => {
  let database: Database;
  let admin: string;
  let ms = 0;
  let now = new Date("2026-11-22T12:00:00Z");
  const service = () =>
    createSettingsService({ db: database.db, defaults: DEFAULTS, now: () => now, clockMs: () => ms });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [row] = await database.db
      .insert(users)
      .values({ email: "admin@example.com" })
      .returning({ id: users.id });
    admin = row!.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it("reads the defaults when nothing is stored", async () => {
    expect(await service().get()).toEqual(DEFAULTS);
  });

  it("a save on one instance reaches another within the 5 s cache window", async () => {
    const a = service();
    const b = service();
    expect((await b.get()).cacheExpiryDays).toBe(7);
    expect(await a.update({ cacheExpiryDays: 30 }, { userId: admin })).toMatchObject({ cacheExpiryDays: 30 });
    expect((await a.get()).cacheExpiryDays).toBe(30);
    ms += 4999;
    expect((await b.get()).cacheExpiryDays).toBe(7);
    ms += 1;
    expect((await b.get()).cacheExpiryDays).toBe(30);
  });

  it("peek() answers at once: the defaults before a read, then what this instance read or saved", async () => {
    const s = service();
    expect(s.peek().cacheExpiryDays).toBe(7);
    await s.get();
    expect(s.peek().cacheExpiryDays).toBe(30);
    await s.update({ model: "sonar" }, { userId: admin });
    expect(s.peek().model).toBe("sonar");
    await s.update({ model: "sonar-pro" }, { userId: admin });
  });

  it("merges concurrent saves of different settings; the last save of one setting wins", async () => {
    const a = service();
    const b = service();
    await Promise.all([
      a.update({ autoRefresh: "daily" }, { userId: admin }),
      b.update({ model: "sonar" }, { userId: admin }),
      a.update({ modelRateLimitPerMinute: null }, { userId: admin }),
    ]);
    expect(await service().get()).toEqual({
      cacheEnabled: true,
      cacheExpiryDays: 30,
      autoRefresh: "daily",
      modelRateLimitPerMinute: null,
      model: "sonar",
    });
    await b.update({ model: "sonar-pro" }, { userId: admin });
    expect((await service().get()).model).toBe("sonar-pro");
  });

  it("refuses a bad patch by field, whoever calls", async () => {
    const s = service();
    await expect(s.update({ cacheExpiryDays: 5 as unknown as 7 }, { userId: admin })).rejects.toMatchObject({
      status: 400,
      field: "cacheExpiryDays",
    });
    await expect(s.update({ model: "bad model!" }, { userId: admin })).rejects.toMatchObject({
      field: "model",
    });
  });

  it("falls back to the default for a stored value it does not accept", async () => {
    await database.db.execute(
      sql`update app_settings set overrides = overrides || '{"cacheExpiryDays": 9, "autoRefresh": "hourly"}'::jsonb`,
    );
    const warnings: object[] = [];
    const s = createSettingsService({
      db: database.db,
      defaults: DEFAULTS,
      now: () => now,
      logger: { warn: (obj) => warnings.push(obj) },
    });
    expect(await s.get()).toMatchObject({
      cacheExpiryDays: 7,
      autoRefresh: "never",
      modelRateLimitPerMinute: null,
    });
    expect(warnings).toEqual([{ setting: "cacheExpiryDays" }, { setting: "autoRefresh" }]);
  });

  it("gives report-service the age a reusable report may have: off, expiry, never, and the last clear", async () => {
    const s = service();
    await s.update({ cacheEnabled: true, cacheExpiryDays: 3 }, { userId: admin });
    expect(await s.cacheMaxAgeMs()).toBe(3 * 86_400_000);
    await s.update({ cacheExpiryDays: null }, { userId: admin });
    expect(await s.cacheMaxAgeMs()).toBe(Number.POSITIVE_INFINITY);
    await s.update({ cacheEnabled: false }, { userId: admin });
    expect(await s.cacheMaxAgeMs()).toBe(0);
    await s.update({ cacheEnabled: true }, { userId: admin });
    const cleared = await s.clearCache({ userId: admin });
    expect(cleared).toEqual(now);
    now = new Date(now.getTime() + 5000);
    // Only reports younger than the clear (made after it) are reusable.
    expect(await s.cacheMaxAgeMs()).toBe(5000);
    expect((await service().state()).cacheClearedAt).toEqual(cleared);
  });
});
