import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database";
import { QuotaExceededError } from "../errors";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import { ANON_LIMIT_MESSAGE, createQuotaService, USER_LIMIT_MESSAGE } from "./quota-service";

const limits = { anonymous: 1, anonymousPerIp: 5, user: 50 };

async function settle<T>(n: number, fn: () => Promise<T>) {
  const results = await Promise.allSettled(Array.from({ length: n }, fn));
  return {
    ok: results.filter((r) => r.status === "fulfilled").length,
    refused: results.filter((r) => r.status === "rejected" && r.reason instanceof QuotaExceededError).length,
  };
}

describe.each(testedDatabaseKinds())("quota on %s", (kind) => {
  let database: Database;
  let clock = new Date("2026-11-22T10:00:00Z");
  const now = () => clock;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("lets exactly one of 200 concurrent anonymous requests through", async () => {
    const quota = createQuotaService({ db: database.db, limits, now });
    const r = await settle(200, () =>
      quota.consume({ kind: "anonymous", visitorId: "v-race", ipKey: "10.0.0.1" }),
    );
    expect(r).toEqual({ ok: 1, refused: 199 });
    const status = await quota.status({ kind: "anonymous", visitorId: "v-race", ipKey: "10.0.0.1" });
    expect(status).toMatchObject({ count: 1, limit: 1, remaining: 0, resetsAt: "2026-11-23T00:00:00.000Z" });
  });

  it("lets exactly the limit of 200 concurrent requests from one user through", async () => {
    const quota = createQuotaService({ db: database.db, limits, now });
    const r = await settle(200, () => quota.consume({ kind: "user", userId: "u-race" }));
    expect(r).toEqual({ ok: 50, refused: 150 });
  });

  it("refuses anonymous visitors with the sign-in message and requiresAuth", async () => {
    const quota = createQuotaService({ db: database.db, limits, now });
    await quota.consume({ kind: "anonymous", visitorId: "v-msg", ipKey: "10.0.0.2" });
    const err = await quota
      .consume({ kind: "anonymous", visitorId: "v-msg", ipKey: "10.0.0.2" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(QuotaExceededError);
    expect(err.message).toBe(ANON_LIMIT_MESSAGE(50));
    expect(err.message).toBe(
      "You've reached the limit for free users. Sign in with Google to get up to 50 reports per day.",
    );
    expect(err.message).toContain("limit");
    expect(err.requiresAuth).toBe(true);
    expect(err.code).toBe("REPORT_LIMIT_EXCEEDED");
  });

  it("caps an address however many visitor cookies it presents", async () => {
    const quota = createQuotaService({ db: database.db, limits, now });
    const r = await settle(20, () =>
      quota.consume({ kind: "anonymous", visitorId: `fresh-${Math.random()}`, ipKey: "10.9.9.9" }),
    );
    expect(r).toEqual({ ok: 5, refused: 15 });
    const err = await quota
      .consume({ kind: "anonymous", visitorId: "v-after-cap", ipKey: "10.9.9.9" })
      .catch((e) => e);
    expect(err.message).toContain("today's 5 reports without sign-in");
    expect(err.requiresAuth).toBe(true);
  });

  it("gives the unit back when the analysis fails, once", async () => {
    const quota = createQuotaService({ db: database.db, limits, now });
    const id = { kind: "anonymous", visitorId: "v-refund", ipKey: "10.0.0.3" } as const;
    const charge = await quota.consume(id);
    await charge.refund();
    await charge.refund();
    expect((await quota.status(id)).count).toBe(0);
    await quota.consume(id);
    expect((await quota.status(id)).count).toBe(1);
  });

  it("resets at midnight UTC", async () => {
    const quota = createQuotaService({ db: database.db, limits, now });
    const id = { kind: "anonymous", visitorId: "v-midnight", ipKey: "10.0.0.4" } as const;
    clock = new Date("2026-11-22T23:59:59Z");
    await quota.consume(id);
    await expect(quota.consume(id)).rejects.toThrow(QuotaExceededError);
    clock = new Date("2026-11-23T00:00:00Z");
    await expect(quota.consume(id)).resolves.toBeDefined();
    clock = new Date("2026-11-22T10:00:00Z");
  });

  it("refuses everything when a limit is 0", async () => {
    const quota = createQuotaService({ db: database.db, limits: { ...limits, user: 0 }, now });
    await expect(quota.consume({ kind: "user", userId: "u-zero" })).rejects.toThrow(QuotaExceededError);
  });

  it("words every limit message with the configured numbers, not the defaults", async () => {
    const custom = { anonymous: 2, anonymousPerIp: 3, user: 7 };
    const quota = createQuotaService({ db: database.db, limits: custom, now });
    const visitor = { kind: "anonymous" as const, visitorId: "v-custom", ipKey: "10.7.7.7" };
    await quota.consume(visitor);
    await quota.consume(visitor);
    const anon = await quota.consume(visitor).catch((e) => e);
    expect(anon.message).toBe(
      "You've reached the limit for free users. Sign in with Google to get up to 7 reports per day.",
    );
    await quota.consume({ kind: "anonymous", visitorId: "v-custom-2", ipKey: "10.7.7.7" });
    const ip = await quota
      .consume({ kind: "anonymous", visitorId: "v-custom-3", ipKey: "10.7.7.7" })
      .catch((e) => e);
    expect(ip.message).toBe(
      "Visitors from your network have used today's 3 reports without sign-in. Sign in with Google to get up to 7 reports per day.",
    );
    for (let i = 0; i < 7; i++) await quota.consume({ kind: "user", userId: "u-custom" });
    const user = await quota.consume({ kind: "user", userId: "u-custom" }).catch((e) => e);
    expect(user.message).toBe("You've reached your daily limit of 7 reports. It resets at midnight UTC.");
    expect(USER_LIMIT_MESSAGE(1)).toBe(
      "You've reached your daily limit of 1 report. It resets at midnight UTC.",
    );
    for (const m of [anon.message, ip.message, user.message]) expect(m).not.toContain("50");
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))("quota across two app instances on one PostgreSQL", () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    a = await createTestDatabase("postgres");
    // A second, independent connection pool to the same database: a second instance.
    const url = new URL(process.env.DATABASE_URL!);
    const dbName = (await a.pool!.query("select current_database() as n")).rows[0].n as string;
    url.pathname = `/${dbName}`;
    b = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory://", migrate: false });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("never grants more than the limit in total", async () => {
    const now = () => new Date("2026-11-22T12:00:00Z");
    const qa = createQuotaService({ db: a.db, limits, now });
    const qb = createQuotaService({ db: b.db, limits, now });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? qa : qb).consume({ kind: "user", userId: "u-two-instances" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(50);
  });
});
