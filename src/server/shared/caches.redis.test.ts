import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyCacheEntry } from "./body-cache";
import { createRedisBodyCache, createRedisNotFoundCache } from "./caches.redis";
import { closeRedis, createRedisConnection, silentLogger, waitForRedis } from "./redis";
import { createMemorySharedState, createSharedState } from "./shared-state";
import { deleteRedisPrefix, NEEDS_REDIS, TEST_REDIS_URL, testRedisPrefix } from "./testing";

const url = TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = testRedisPrefix("caches");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function entry(username: string, body: string): BodyCacheEntry {
  return {
    body,
    etag: `"r1-${username}"`,
    accountId: 1,
    platform: "instagram",
    username,
    createdAtMs: Date.parse("2026-11-22T12:00:00Z"),
    isSample: false,
  };
}

describe.skipIf(!TEST_REDIS_URL)(`short-lived caches in Redis${NEEDS_REDIS}`, () => {
  // Two connections stand for two instances sharing one Redis.
  let one: Redis;
  let two: Redis;
  const seen: string[] = [];
  beforeAll(async () => {
    one = createRedisConnection(url, "commands", silentLogger);
    two = createRedisConnection(url, "commands", silentLogger);
    expect(await waitForRedis(one, 5000)).toBe(true);
    expect(await waitForRedis(two, 5000)).toBe(true);
  });
  afterAll(async () => {
    await closeRedis(one);
    await closeRedis(two);
    await deleteRedisPrefix(url, prefix);
  });

  it("stored-report bodies: one instance's entry is served by another, with its metadata, until the TTL", async () => {
    const a = createRedisBodyCache(one, { prefix, ttlMs: 300, observer: (c, r) => seen.push(`${c}:${r}`) });
    const b = createRedisBodyCache(two, { prefix, ttlMs: 300 });
    // A body with newlines and unicode survives the round trip untouched.
    const body = JSON.stringify({ username: "chef", bio: "Cooking 🍝\nevery week" }, null, 1);
    expect(await a.get("instagram:chef")).toBeUndefined();
    await a.set("instagram:chef", entry("chef", body));
    expect(await b.get("instagram:chef")).toEqual(entry("chef", body));
    expect(await a.get("instagram:chef")).toEqual(entry("chef", body));
    expect(seen).toEqual(["body:miss", "body:hit"]);
    await sleep(350);
    expect(await b.get("instagram:chef")).toBeUndefined();
  });

  it("an invalidation on one instance reaches every instance and every platform scope of the handle", async () => {
    const a = createRedisBodyCache(one, { prefix, ttlMs: 60_000 });
    const b = createRedisBodyCache(two, { prefix, ttlMs: 60_000 });
    await a.set("any:chef", entry("chef", "{}"));
    await a.set("instagram:chef", entry("chef", "{}"));
    await a.set("tiktok:other", entry("other", "{}"));
    await b.invalidate("chef");
    expect(await a.get("any:chef")).toBeUndefined();
    expect(await a.get("instagram:chef")).toBeUndefined();
    expect(await a.get("tiktok:other")).toBeDefined();
    await b.clear();
    expect(await a.get("tiktok:other")).toBeUndefined();
  });

  it("not-found handles: remembered for the TTL on every instance, forgotten on delete", async () => {
    const a = createRedisNotFoundCache(one, { prefix, ttlMs: 300 });
    const b = createRedisNotFoundCache(two, { prefix, ttlMs: 300 });
    expect(await b.has("tiktok:handle:ghost")).toBe(false);
    await a.add("tiktok:handle:ghost");
    expect(await b.has("tiktok:handle:ghost")).toBe(true);
    await b.delete("tiktok:handle:ghost");
    expect(await a.has("tiktok:handle:ghost")).toBe(false);
    await a.add("tiktok:handle:ghost");
    await sleep(350);
    expect(await b.has("tiktok:handle:ghost")).toBe(false);
  });

  it("fail open when Redis is away: a miss, never an error", async () => {
    const down = createRedisConnection("redis://127.0.0.1:1", "commands", silentLogger);
    const results: string[] = [];
    const bodies = createRedisBodyCache(down, {
      prefix,
      ttlMs: 1000,
      observer: (c, r) => results.push(`${c}:${r}`),
    });
    const notFound = createRedisNotFoundCache(down, {
      prefix,
      ttlMs: 1000,
      observer: (c, r) => results.push(`${c}:${r}`),
    });
    await bodies.set("any:x", entry("x", "{}"));
    expect(await bodies.get("any:x")).toBeUndefined();
    await bodies.invalidate("x");
    await bodies.clear();
    await notFound.add("k");
    expect(await notFound.has("k")).toBe(false);
    expect(results).toEqual(["body:error", "not_found:error"]);
    await closeRedis(down);
  });

  it("each instance keeps hot bodies near, and an invalidation anywhere drops them everywhere at once", async () => {
    const clock = { now: () => new Date() };
    const config = { redisUrl: url, redisKeyPrefix: prefix, lockTtlMs: 5000 };
    const seenA: string[] = [];
    const seenB: string[] = [];
    const a = createSharedState(config, { ...clock, observer: { cache: (c, r) => seenA.push(`${c}:${r}`) } });
    const b = createSharedState(config, { ...clock, observer: { cache: (c, r) => seenB.push(`${c}:${r}`) } });
    await Promise.all([a.ready(5000), b.ready(5000)]);
    await sleep(100); // both subscribed
    await a.bodyCache.set("tiktok:near", entry("near", '{"v":1}'));
    expect((await b.bodyCache.get("tiktok:near"))?.body).toBe('{"v":1}'); // from Redis, now kept near
    // Delete it from Redis behind the caches' backs: B still serves its near copy…
    await one.del(`${prefix}body:tiktok:near`);
    expect((await b.bodyCache.get("tiktok:near"))?.body).toBe('{"v":1}');
    // …until an instance invalidates the account: the notice reaches B.
    await a.bodyCache.invalidate("near");
    await sleep(100);
    expect(await b.bodyCache.get("tiktok:near")).toBeUndefined();
    expect(seenB).toEqual(["body:hit", "body:hit", "body:miss"]);
    await b.bodyCache.set("any:other", entry("other", "{}"));
    expect(await a.bodyCache.get("any:other")).toBeDefined(); // now near in A too
    await b.bodyCache.clear();
    await sleep(100);
    expect(await a.bodyCache.get("any:other")).toBeUndefined();
    await a.close();
    await b.close();
  });

  it("the shared state picks Redis with REDIS_URL and answers readiness pings", async () => {
    const state = createSharedState(
      { redisUrl: url, redisKeyPrefix: prefix, lockTtlMs: 5000 },
      { now: () => new Date() },
    );
    expect(state.kind).toBe("redis");
    await state.ready(5000);
    expect(await state.ping?.()).toBe(true);
    await state.bodyCache.set("any:shared", entry("shared", "{}"));
    const other = createRedisBodyCache(one, { prefix, ttlMs: 1000 });
    expect(await other.get("any:shared")).toBeDefined();
    await state.close();
  });
});

describe("short-lived caches without Redis", () => {
  it("the in-process versions behave the same behind the same interfaces", async () => {
    let now = Date.parse("2026-11-22T12:00:00Z");
    const seen: string[] = [];
    const state = createMemorySharedState({
      now: () => new Date(now),
      observer: { cache: (c, r) => seen.push(`${c}:${r}`) },
    });
    expect(state.kind).toBe("memory");
    expect(state.ping).toBeUndefined();
    await state.bodyCache.set("instagram:chef", entry("chef", "{}"));
    await state.bodyCache.set("any:chef", entry("chef", "{}"));
    expect(await state.bodyCache.get("instagram:chef")).toEqual(entry("chef", "{}"));
    await state.bodyCache.invalidate("chef");
    expect(await state.bodyCache.get("any:chef")).toBeUndefined();
    await state.notFoundCache.add("tiktok:handle:ghost");
    expect(await state.notFoundCache.has("tiktok:handle:ghost")).toBe(true);
    now += 86_400_000;
    expect(await state.notFoundCache.has("tiktok:handle:ghost")).toBe(false);
    expect(seen).toEqual(["body:hit", "body:miss", "not_found:hit", "not_found:miss"]);
    await state.close();
  });
});
