import crypto from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalCallLimiter, createRedisCallLimiter } from "./model-rate-limiter";

async function takeMany(limiter: { tryTake(limit: number): Promise<boolean> }, limit: number, times: number) {
  const out: boolean[] = [];
  for (let i = 0; i < times; i++) out.push(await limiter.tryTake(limit));
  return out;
}

describe("model call limiter in one process", () => {
  it("allows `limit` calls in any 60 s, sliding (not per calendar minute)", async () => {
    let t = 1_000_000;
    const limiter = createLocalCallLimiter({ clockMs: () => t });
    expect(await takeMany(limiter, 5, 6)).toEqual([true, true, true, true, true, false]);
    t += 30_000;
    expect(await limiter.tryTake(5)).toBe(false);
    // The first five leave the window 60 s after they were taken, not at a minute boundary.
    t += 29_999;
    expect(await limiter.tryTake(5)).toBe(false);
    t += 2;
    expect(await takeMany(limiter, 5, 6)).toEqual([true, true, true, true, true, false]);
  });

  it("follows a limit raised or lowered between calls", async () => {
    let t = 0;
    const limiter = createLocalCallLimiter({ clockMs: () => t });
    expect(await takeMany(limiter, 5, 5)).toEqual([true, true, true, true, true]);
    expect(await limiter.tryTake(5)).toBe(false);
    expect(await takeMany(limiter, 10, 6)).toEqual([true, true, true, true, true, false]);
    t += 1000;
    expect(await limiter.tryTake(5)).toBe(false);
  });

  it("gives exactly `limit` permits to calls made at the same moment", async () => {
    const limiter = createLocalCallLimiter();
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.tryTake(10)));
    expect(results.filter(Boolean)).toHaveLength(10);
  });
});

describe("model call limiter when Redis does not answer", () => {
  it("counts in this process instead, so reports still go on", async () => {
    // Nothing listens on port 1: every command fails at once.
    const redis = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on("error", () => undefined);
    const warnings: string[] = [];
    const limiter = createRedisCallLimiter(redis, {
      key: "unused",
      timeoutMs: 500,
      logger: { warn: (_obj, msg) => warnings.push(msg) },
    });
    expect(await takeMany(limiter, 5, 6)).toEqual([true, true, true, true, true, false]);
    expect(warnings).toEqual(["model call limit: Redis did not answer; counting in this process"]);
    redis.disconnect();
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))("model call limiter on Redis", () => {
  const connections: Redis[] = [];
  const connect = () => {
    const r = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    connections.push(r);
    return r;
  };
  afterAll(async () => {
    for (const r of connections) await r.quit();
  });

  it("shares one count between instances, atomically", async () => {
    const key = `test:llm:${crypto.randomBytes(6).toString("hex")}`;
    const a = createRedisCallLimiter(connect(), { key });
    const b = createRedisCallLimiter(connect(), { key });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).tryTake(5)));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await b.tryTake(10)).toBe(true);
    const ttl = await connections[0]!.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("frees calls as they leave the window", async () => {
    const key = `test:llm:${crypto.randomBytes(6).toString("hex")}`;
    const limiter = createRedisCallLimiter(connect(), { key, windowMs: 300 });
    expect(await takeMany(limiter, 2, 3)).toEqual([true, true, false]);
    await new Promise((r) => setTimeout(r, 350));
    expect(await takeMany(limiter, 2, 3)).toEqual([true, true, false]);
  });
});
