import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountNotFoundError } from "../errors";
import { createLockNotices, type LockNotices } from "./lock-notices";
import { closeRedis, createRedisConnection, silentLogger, waitForRedis } from "./redis";
import { createRedisLocks, type RedisLocks } from "./redis-lock";
import {
  createDistributedSingleFlight,
  type FlightEvent,
  LockWaitTimeoutError,
  SharedFlightError,
} from "./single-flight.redis";
import { deleteRedisPrefix, NEEDS_REDIS, TEST_REDIS_URL, testRedisPrefix } from "./testing";

const url = TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = testRedisPrefix("locks");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One "instance": its own connections, as each app process has. */
interface Instance {
  redis: Redis;
  subscriber: Redis;
  locks: RedisLocks;
  notices: LockNotices;
  events: FlightEvent[];
}
const instances: Instance[] = [];

function instance(): Instance {
  const redis = createRedisConnection(url, "commands", silentLogger);
  const subscriber = createRedisConnection(url, "subscriber", silentLogger);
  const locks = createRedisLocks(redis, { prefix });
  const inst = {
    redis,
    subscriber,
    locks,
    notices: createLockNotices(subscriber, locks.channel, silentLogger),
    events: [],
  };
  instances.push(inst);
  return inst;
}

function flight(inst: Instance, ttlMs: number, extra: { maxWaitMs?: number; pollMs?: number } = {}) {
  return createDistributedSingleFlight({
    locks: inst.locks,
    notices: inst.notices,
    ttlMs,
    observer: (e) => inst.events.push(e),
    ...extra,
  });
}

describe.skipIf(!TEST_REDIS_URL)(`Redis locks${NEEDS_REDIS}`, () => {
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    a = instance();
    b = instance();
    // Connections and subscriptions are set up asynchronously: wait until both instances listen.
    for (const i of [a, b]) {
      expect(await waitForRedis(i.redis, 5000)).toBe(true);
      expect(await waitForRedis(i.subscriber, 5000)).toBe(true);
    }
    await sleep(100);
  });
  afterAll(async () => {
    for (const i of instances) {
      await i.notices.close();
      await closeRedis(i.subscriber);
      await closeRedis(i.redis);
    }
    await deleteRedisPrefix(url, prefix);
  });

  describe("the lock", () => {
    it("is held by one owner at a time, and only its owner can renew or release it", async () => {
      const first = await a.locks.acquire("k1", 5000);
      expect(first.acquired).toBe(true);
      const second = await b.locks.acquire("k1", 5000);
      expect(second).toEqual({ acquired: false, holder: first.acquired ? first.token : "" });
      if (!first.acquired) return;
      // Someone else's token changes nothing.
      expect(await b.locks.release("k1", "not-the-token")).toBe(false);
      expect(await b.locks.extend("k1", "not-the-token", 60_000)).toBe(false);
      expect((await a.locks.inspect("k1")).token).toBe(first.token);
      expect((await a.locks.inspect("k1")).pttlMs).toBeLessThanOrEqual(5000);
      // The owner renews and releases.
      expect(await a.locks.extend("k1", first.token, 60_000)).toBe(true);
      expect((await a.locks.inspect("k1")).pttlMs).toBeGreaterThan(5000);
      expect(await a.locks.release("k1", first.token)).toBe(true);
      expect((await a.locks.inspect("k1")).token).toBeNull();
      // Released twice: the second is refused (it might be someone else's by now).
      expect(await a.locks.release("k1", first.token)).toBe(false);
    });

    it("expires when its owner stops renewing (a dead instance leaves no stuck lock)", async () => {
      const dead = await a.locks.acquire("k2", 200);
      expect(dead.acquired).toBe(true);
      expect((await b.locks.acquire("k2", 200)).acquired).toBe(false);
      await sleep(260);
      const next = await b.locks.acquire("k2", 5000);
      expect(next.acquired).toBe(true);
      // The dead owner's late release cannot free the new owner's lock.
      if (dead.acquired) expect(await a.locks.release("k2", dead.token)).toBe(false);
      expect((await b.locks.inspect("k2")).token).toBe(next.acquired ? next.token : "");
    });

    it("announces each release on the channel, and leaves a handoff note for the next owner", async () => {
      const heard: string[] = [];
      const off = b.notices.subscribe("k3", () => heard.push("released"));
      const held = await a.locks.acquire("k3", 5000);
      if (!held.acquired) throw new Error("not acquired");
      await a.locks.release("k3", held.token, { value: "note", ttlMs: 5000 });
      await sleep(50);
      off();
      expect(heard).toEqual(["released"]);
      const next = await b.locks.acquire("k3", 5000);
      expect(next).toMatchObject({ acquired: true, handoff: "note" });
    });
  });

  describe("single-flight across instances", () => {
    it("50 concurrent callers over two instances run the work once; the other instance gets the handoff", async () => {
      const sfA = flight(a, 5000);
      const sfB = flight(b, 5000);
      let fetches = 0;
      const work = (side: string) => async (_signal: AbortSignal, ctx: { handoff?: string }) => {
        if (ctx.handoff) return `stored:${ctx.handoff}`; // read what the other instance stored
        fetches++;
        await sleep(200);
        return `fetched-by-${side}`;
      };
      const calls = Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? sfB : sfA).run("acct:one", work(i % 2 ? "b" : "a"), { handoff: (r) => `note-of-${r}` }),
      );
      const results = await Promise.all(calls);
      expect(fetches).toBe(1);
      const fetched = results.find((r) => r.startsWith("fetched-by-"))!;
      for (const r of results) expect([fetched, `stored:note-of-${fetched}`]).toContain(r);
      expect(new Set(results).size).toBe(2); // the leader's callers and the other instance's callers
      expect([...a.events, ...b.events].filter((e) => e === "leader")).toHaveLength(1);
      expect([...a.events, ...b.events].filter((e) => e === "handoff")).toHaveLength(1);
      expect((await a.locks.inspect("acct:one")).token).toBeNull();
    });

    it("passes a typed error to the waiting instance instead of trying again", async () => {
      const sfA = flight(a, 5000);
      const sfB = flight(b, 5000);
      let tries = 0;
      const first = sfA.run("acct:ghost", async () => {
        tries++;
        await sleep(150);
        throw new AccountNotFoundError("No TikTok account @ghost was found");
      });
      await sleep(30);
      const second = sfB.run("acct:ghost", async () => {
        tries++;
        return "should not run";
      });
      await expect(first).rejects.toBeInstanceOf(AccountNotFoundError);
      const err = await second.catch((e) => e);
      expect(err).toBeInstanceOf(SharedFlightError);
      expect(err).toMatchObject({
        status: 404,
        code: "ACCOUNT_NOT_FOUND",
        message: "No TikTok account @ghost was found",
      });
      expect(tries).toBe(1);
    });

    it("a waiter takes over when the holder dies without releasing (after the lock's time-to-live)", async () => {
      // The "dead instance": took the lock and vanished (no renewals, no release).
      const dead = await a.locks.acquire("acct:crash", 400);
      expect(dead.acquired).toBe(true);
      const sfB = flight(b, 400);
      const started = Date.now();
      const result = await sfB.run(
        "acct:crash",
        async (_signal, ctx) => `ran (handoff ${ctx.handoff ?? "none"})`,
      );
      expect(result).toBe("ran (handoff none)");
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(b.events).toContain("waited");
      expect((await b.locks.inspect("acct:crash")).token).toBeNull();
    });

    it("a live holder renews its lock, so a long flight is never run twice", async () => {
      const sfA = flight(a, 300);
      const sfB = flight(b, 300);
      let running = 0;
      let overlap = false;
      let runs = 0;
      const work = async () => {
        runs++;
        running++;
        if (running > 1) overlap = true;
        await sleep(1000); // more than three times the time-to-live
        running--;
        return "done";
      };
      const p1 = sfA.run("acct:long", work);
      await sleep(50);
      const p2 = sfB.run("acct:long", work);
      await Promise.all([p1, p2]);
      expect(overlap).toBe(false);
      expect(runs).toBe(2); // no handoff encoder: the waiter runs after, never during
    });

    it("a waiting caller that aborts leaves at once; one that waits too long gets a clear 503", async () => {
      const held = await a.locks.acquire("acct:busy", 10_000);
      if (!held.acquired) throw new Error("not acquired");
      const sfB = flight(b, 10_000, { maxWaitMs: 300, pollMs: 50 });
      const controller = new AbortController();
      const aborted = sfB.run("acct:busy", async () => "x", { signal: controller.signal }).catch((e) => e);
      setTimeout(() => controller.abort(new Error("client went away")), 50);
      expect(((await aborted) as Error).message).toBe("client went away");
      const timedOut = await sfB.run("acct:busy", async () => "x").catch((e) => e);
      expect(timedOut).toBeInstanceOf(LockWaitTimeoutError);
      expect(timedOut).toMatchObject({ status: 503, code: "BUSY" });
      await a.locks.release("acct:busy", held.token);
    });

    it("runs without the shared lock when Redis cannot be reached (and says so)", async () => {
      const down = createRedisConnection("redis://127.0.0.1:1", "commands", silentLogger);
      const downSub = createRedisConnection("redis://127.0.0.1:1", "subscriber", silentLogger);
      const locks = createRedisLocks(down, { prefix });
      const inst: Instance = {
        redis: down,
        subscriber: downSub,
        locks,
        notices: createLockNotices(downSub, locks.channel, silentLogger),
        events: [],
      };
      instances.push(inst);
      const sf = flight(inst, 1000);
      await expect(sf.run("acct:offline", async () => "still served")).resolves.toBe("still served");
      expect(inst.events).toEqual(["redis_error"]);
    });
  });
});
