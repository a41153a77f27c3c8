import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobView } from "#core/schemas/jobs";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import { compiledServerArgs } from "../testing/compiled-server";
import { deleteRedisPrefix, testRedisPrefix } from "./testing";

/**
 * Scale-out, for real: two app processes (`node --import tsx src/server/server.ts`) on different
 * ports share one PostgreSQL (a fresh database of their own, migrated by both at once) and one Redis
 * (a key prefix of their own), with a fake TikTok on 127.0.0.1 that counts requests.
 */

const baseDbUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const missing = [!baseDbUrl && "DATABASE_URL", !redisUrl && "REDIS_URL"].filter(Boolean).join(" and ");
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");
const HTML = { "content-type": "text/html; charset=utf-8" };
const LOCK_TTL_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Instance {
  child: ChildProcess;
  url: string;
  output: () => string;
}

describe.skipIf(!baseDbUrl || !redisUrl)(
  `two app instances on PostgreSQL and Redis${missing ? ` [skipped: set ${missing} to run]` : ""}`,
  () => {
    const dbName = `scaleout_${crypto.randomBytes(5).toString("hex")}`;
    const prefix = testRedisPrefix("scaleout");
    const children: ChildProcess[] = [];
    let dbUrl: string;
    let fake: FakeUpstream;
    let a: Instance;
    let b: Instance;
    let adminCookie: string;

    function env(): Record<string, string> {
      return {
        DATABASE_URL: dbUrl,
        REDIS_URL: redisUrl!,
        REDIS_KEY_PREFIX: prefix,
        PORT: "0",
        HOST: "127.0.0.1",
        NODE_ENV: "test",
        LOG_LEVEL: "info",
        SESSION_SECRET: "scale-out-test-secret-".repeat(3),
        DEV_LOGIN: "1",
        ADMIN_EMAILS: "admin@example.com",
        COLLECTORS: "sample,tiktok",
        TIKTOK_BASE_URL: fake.url,
        // These tests fetch many accounts a minute from the fake TikTok; pacing has its own tests.
        SOURCE_PACE_PER_MINUTE: "0",
        UPSTREAM_RETRIES: "0",
        UPSTREAM_TIMEOUT_MS: "20000",
        USER_DAILY_REPORT_LIMIT: "5",
        ANON_REPORT_LIMIT: "1000",
        ANON_IP_DAILY_LIMIT: "100000",
        RATE_LIMIT_PER_MINUTE: "100000",
        LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
        LOCK_TTL_MS: String(LOCK_TTL_MS),
        SAMPLE_ACCOUNTS: "0",
      };
    }

    function start(): Promise<Instance> {
      const child = spawn(process.execPath, compiledServerArgs(), {
        cwd: root,
        env: { ...process.env, ...env() },
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(child);
      let seen = "";
      const onData = (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.length > 200_000) seen = seen.slice(-100_000);
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "ready at" in 60 s: ${seen.slice(-3000)}`)),
          60_000,
        );
        const check = setInterval(() => {
          const m = seen.match(/ready at (http:\/\/[\d.:]+)/);
          if (m) {
            clearInterval(check);
            clearTimeout(timer);
            resolve({ child, url: m[1]!, output: () => seen });
          }
        }, 20);
        child.once("exit", (code) => {
          clearInterval(check);
          clearTimeout(timer);
          reject(new Error(`exited with ${code} before it was ready: ${seen.slice(-3000)}`));
        });
      });
    }

    /** The fake TikTok serves the profile page of `handle` (the fixture, renamed), after `delayMs`. */
    function serve(handle: string, delayMs = 0) {
      fake.route("GET", `/@${handle}`, {
        body: fixture("tiktok-profile.html").replaceAll("examplecreator", handle),
        headers: HTML,
        delayMs,
      });
    }

    function cookieOf(res: Response): string {
      return res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0]!)
        .filter((c) => !c.endsWith("="))
        .join("; ");
    }

    async function signIn(on: Instance, email: string): Promise<string> {
      const res = await fetch(`${on.url}/api/auth/dev-login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(res.status).toBe(200);
      return cookieOf(res);
    }

    function analyze(on: Instance, username: string, cookie?: string) {
      return fetch(`${on.url}/api/analyze`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ username, platform: "tiktok" }),
      });
    }

    async function job(on: Instance, id: string): Promise<JobView> {
      const res = await fetch(`${on.url}/api/admin/jobs/${encodeURIComponent(id)}`, {
        headers: { cookie: adminCookie },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as JobView;
    }

    async function until<T>(fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const v = await fn();
        if (v !== undefined) return v;
        if (Date.now() > end) throw new Error("timed out");
        await sleep(50);
      }
    }

    async function metric(on: Instance, line: string): Promise<number> {
      const text = await (await fetch(`${on.url}/metrics`)).text();
      const m = text.match(new RegExp(`^${line.replace(/[{}"]/g, "\\$&")} (\\S+)$`, "m"));
      return m ? Number(m[1]) : 0;
    }

    beforeAll(async () => {
      fake = await startFakeUpstream();
      const admin = new pg.Client({ connectionString: baseDbUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const u = new URL(baseDbUrl!);
      u.pathname = `/${dbName}`;
      dbUrl = u.toString();
      // Both start on the empty database at once: they migrate it together (an advisory lock).
      [a, b] = await Promise.all([start(), start()]);
      adminCookie = await signIn(a, "admin@example.com");
    }, 120_000);

    afterAll(async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
      await Promise.all(
        children.map((c) =>
          c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once("exit", r)) : null,
        ),
      );
      await fake?.close();
      const admin = new pg.Client({ connectionString: baseDbUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
      await deleteRedisPrefix(redisUrl!, prefix);
    }, 60_000);

    it("both instances are ready: PostgreSQL and Redis answer", async () => {
      for (const i of [a, b]) {
        const res = await fetch(`${i.url}/api/ready`);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({
          ok: true,
          db: { kind: "postgres", ok: true },
          redis: { configured: true, ok: true },
        });
      }
    });

    it("a session created on one instance is valid on the other, and a logout on either ends it", async () => {
      const cookie = await signIn(a, "sam@example.com");
      const me = await fetch(`${b.url}/api/auth/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: "sam@example.com" });
      expect((await fetch(`${b.url}/api/auth/logout`, { method: "POST", headers: { cookie } })).status).toBe(
        200,
      );
      expect((await fetch(`${a.url}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
    });

    it("a user's daily quota holds across both instances under concurrent requests", async () => {
      const handles = Array.from({ length: 12 }, (_, i) => `quota${i}`);
      for (const h of handles) serve(h, 100);
      const cookie = await signIn(b, "quota@example.com");
      const responses = await Promise.all(handles.map((h, i) => analyze(i % 2 ? b : a, h, cookie)));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
      const refused = await responses.find((r) => r.status === 429)!.json();
      expect(refused).toMatchObject({ code: "REPORT_LIMIT_EXCEEDED" });
      expect(refused.message).toMatch(/limit/);
      const count = await (await fetch(`${a.url}/api/reports/count`, { headers: { cookie } })).json();
      expect(count).toMatchObject({ count: 5, limit: 5, remaining: 0, signedIn: true });
      // Refused analyses never reached the platform.
      expect(handles.reduce((n, h) => n + fake.count(`/@${h}`), 0)).toBe(5);
    });

    it("50 concurrent analyses of one account spread over both instances make one upstream fetch", async () => {
      serve("popular", 800);
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => analyze(i % 2 ? b : a, "popular")),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
      const accounts = await Promise.all(responses.map((r) => r.json()));
      expect(new Set(accounts.map((x) => `${x.username}|${x.lastUpdated}`)).size).toBe(1);
      expect(fake.count("/@popular")).toBe(1);
      // One instance led; the other waited on the lock and served the stored report.
      const leaders =
        (await metric(a, 'single_flight_total{event="leader"}')) +
        (await metric(b, 'single_flight_total{event="leader"}'));
      const handoffs =
        (await metric(a, 'single_flight_total{event="handoff"}')) +
        (await metric(b, 'single_flight_total{event="handoff"}'));
      expect(leaders).toBeGreaterThanOrEqual(1);
      expect(handoffs).toBeGreaterThanOrEqual(1);
    });

    it("a refresh job queued on one instance runs once, and both report it", async () => {
      const before = fake.count("/@popular");
      const res = await fetch(`${a.url}/api/admin/jobs/refresh`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: adminCookie },
        body: JSON.stringify({ platform: "tiktok", username: "popular" }),
      });
      expect(res.status).toBe(202);
      const queued = (await res.json()) as JobView;
      const done = await until(async () => {
        const j = await job(b, queued.id);
        return j.state === "completed" || j.state === "failed" ? j : undefined;
      });
      expect(done).toMatchObject({ state: "completed", result: { username: "popular" } });
      await sleep(500);
      expect(fake.count("/@popular")).toBe(before + 1);
      expect(await job(a, queued.id)).toMatchObject({ state: "completed" });
    });

    it("the auto-refresh sweep run on both instances at once refreshes each due account once", async () => {
      // Age the quota accounts' reports by two days (as if time had passed).
      const client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      await client.query(
        "update accounts set last_analyzed_at = now() - interval '2 days' where platform = 'tiktok' and username like 'quota%'",
      );
      await client.end();
      const aged = Array.from({ length: 12 }, (_, i) => `quota${i}`).filter(
        (h) => fake.count(`/@${h}`) === 1,
      );
      expect(aged).toHaveLength(5);
      const runs = await Promise.all(
        [a, b].map((i) =>
          fetch(`${i.url}/api/admin/jobs/auto-refresh`, {
            method: "POST",
            headers: { "content-type": "application/json", cookie: adminCookie },
            body: JSON.stringify({ mode: "daily" }),
          }).then((r) => r.json() as Promise<JobView>),
        ),
      );
      const results: { due: number; enqueued: number }[] = [];
      for (const run of runs) {
        const done = await until(async () => {
          const j = await job(a, run.id);
          return j.state === "completed" ? j : undefined;
        });
        expect(done.result).toMatchObject({ mode: "daily" });
        results.push(done.result as { due: number; enqueued: number });
      }
      // The sweeps run one after the other (the queue's concurrency is 1 fleet-wide): the first finds
      // the five; the second finds those not refreshed yet and queues none of them again.
      expect(Math.max(...results.map((r) => r.due))).toBe(5);
      expect(results.reduce((n, r) => n + r.enqueued, 0)).toBe(5);
      await until(async () => (aged.every((h) => fake.count(`/@${h}`) === 2) ? true : undefined));
      await sleep(1000);
      for (const h of aged) expect(fake.count(`/@${h}`), h).toBe(2);
    });

    it("SIGKILL of an instance mid-analysis loses no committed report and leaves no stuck lock", async () => {
      // Analyses on A that take 0.2 s to 2.3 s: some are committed before the kill, some are cut short.
      const quick = Array.from({ length: 8 }, (_, i) => `kill${i}`);
      for (const [i, h] of quick.entries()) serve(h, 200 + i * 300);
      serve("slowpoke", 4000);
      // A holds the lock of @slowpoke and is fetching it…
      const onA = analyze(a, "slowpoke").then(
        (r) => r.status,
        () => "connection lost",
      );
      await until(async () => (fake.count("/@slowpoke") === 1 ? true : undefined));
      // …B's request for it waits on that lock; other analyses run on A.
      const onB = analyze(b, "slowpoke");
      const quickOnA = quick.map((h) =>
        analyze(a, h).then(
          async (r) => ({ h, status: r.status, body: r.status === 200 ? await r.json() : null }),
          () => ({ h, status: 0, body: null }),
        ),
      );
      await sleep(900);
      a.child.kill("SIGKILL");
      expect(await onA).toBe("connection lost");
      const quickResults = await Promise.all(quickOnA);
      const committed = quickResults.filter((r) => r.status === 200);
      expect(committed.length).toBeGreaterThan(0);
      expect(committed.length).toBeLessThan(quick.length);

      // B takes over once the dead instance's lock expires (LOCK_TTL_MS) and fetches itself.
      const started = Date.now();
      const res = await onB;
      expect(res.status).toBe(200);
      expect((await res.json()).username).toBe("slowpoke");
      expect(fake.count("/@slowpoke")).toBe(2);
      expect(Date.now() - started).toBeLessThan(LOCK_TTL_MS + 4000 + 6000);

      // Every analysis A acknowledged is stored and served by B.
      for (const c of committed) {
        const stored = await fetch(`${b.url}/api/accounts/${c.h}?platform=tiktok`);
        expect(stored.status, c.h).toBe(200);
        expect((await stored.json()).lastUpdated).toBe(c.body.lastUpdated);
      }
      // No lock is left behind, and the next requests for the same accounts succeed.
      const redis = new Redis(redisUrl!);
      const locks = await redis.keys(`${prefix}lock:*`);
      await redis.quit();
      expect(locks).toEqual([]);
      serve("slowpoke", 0);
      const refresh = await fetch(`${b.url}/api/accounts/slowpoke/refresh`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: adminCookie },
        body: JSON.stringify({ platform: "tiktok" }),
      });
      expect(refresh.status).toBe(200);
      const retried = await Promise.all(
        quickResults.filter((q) => q.status !== 200).map((q) => analyze(b, q.h)),
      );
      expect(retried.map((r) => r.status)).toEqual(retried.map(() => 200));
    }, 60_000);

    it("SIGTERM drains: the instance stops taking requests, finishes its running job, then exits 0", async () => {
      serve("draining", 2000);
      const res = await fetch(`${b.url}/api/admin/jobs/refresh`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: adminCookie },
        body: JSON.stringify({ platform: "tiktok", username: "draining" }),
      });
      const queued = (await res.json()) as JobView;
      await until(async () => ((await job(b, queued.id)).state === "active" ? true : undefined));
      const exited = new Promise<number | null>((resolve) => b.child.once("exit", (code) => resolve(code)));
      b.child.kill("SIGTERM");
      await sleep(300);
      const during = await fetch(`${b.url}/api/health`).then(
        (r) => r.status,
        () => "refused",
      );
      expect([503, "refused"]).toContain(during);
      // On a failure the message carries B's last output lines: why it exited otherwise.
      expect(await exited, b.output().slice(-4000)).toBe(0);
      expect(b.output()).toContain("shutdown complete");
      expect(fake.count("/@draining")).toBe(1);

      // A new instance sees the job completed and the report stored.
      const c = await start();
      expect(await job(c, queued.id)).toMatchObject({ state: "completed", result: { username: "draining" } });
      expect((await fetch(`${c.url}/api/accounts/draining?platform=tiktok`)).status).toBe(200);
    }, 90_000);
  },
);
