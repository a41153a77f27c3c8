import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { type DbKind, testedDatabaseKinds } from "../testing/test-db";
import { startWebhookReceiver, type WebhookReceiver } from "./testing/receivers";

/**
 * Issue #33 (Trust III), the alerts half, against the real app: receivers that misbehave on
 * 127.0.0.1, the webhook address check, and the request log.
 */

function cookieOf(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies
    .filter((c) => c.value)
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}

/** A receiver that answers 200 and then `onBody` (trickle one byte every 2 s, or flood). */
async function startMisbehavingReceiver(
  mode: "trickle" | "flood",
): Promise<{ url: string; hits: number; close(): Promise<void> }> {
  const state = { hits: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    state.hits++;
    req.resume();
    res.writeHead(200, { "content-type": "text/plain" });
    if (mode === "trickle") {
      const t = setInterval(() => res.write("."), 2000);
      timers.add(t);
      res.on("close", () => clearInterval(t));
    } else {
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      pump();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get hits() {
      return state.hits;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearInterval(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(testedDatabaseKinds())("alerts that no receiver can hold up (%s)", (kind: DbKind) => {
  let t: TestAppHandle;
  let hook: WebhookReceiver;
  let slow: Awaited<ReturnType<typeof startMisbehavingReceiver>>;
  let flood: Awaited<ReturnType<typeof startMisbehavingReceiver>>;
  let cookie: string;
  let listId: string;
  let accountId: number;
  const rules: Record<string, string> = {};

  beforeAll(async () => {
    [hook, slow, flood] = await Promise.all([
      startWebhookReceiver(),
      startMisbehavingReceiver("trickle"),
      startMisbehavingReceiver("flood"),
    ]);
    t = await startTestApp(kind, { env: { DEV_LOGIN: "1", WEBHOOK_ALLOW_PRIVATE: "1" } });
    cookie = cookieOf(
      await t.app.inject({
        method: "POST",
        url: "/api/auth/dev-login",
        payload: { email: "ann@example.com" },
      }),
    );
    const [row] = rowsOf<{ id: number | string }>(
      await t.database.db.execute(
        sql`insert into accounts (platform, username, source) values ('tiktok', 'chef', 'tiktok-web') returning id`,
      ),
    );
    accountId = Number(row!.id);
    listId = (
      await t.app.inject({
        method: "POST",
        url: "/api/watchlists",
        headers: { cookie },
        payload: { name: "Roster", cadence: "weekly" },
      })
    ).json().id;
    const added = await t.app.inject({
      method: "POST",
      url: `/api/watchlists/${listId}/accounts`,
      headers: { cookie },
      payload: { platform: "tiktok", username: "chef" },
    });
    expect(added.statusCode, added.body).toBe(201);
    for (const [name, url] of [
      ["slow", `${slow.url}/slow`],
      ["flood", `${flood.url}/flood`],
      ["good", `${hook.url}/good`],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/watchlists/${listId}/alerts`,
        headers: { cookie },
        payload: { kind: "grade_change", channel: { type: "webhook", url } },
      });
      expect(res.statusCode, res.body).toBe(201);
      rules[name] = res.json().id;
    }
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([hook?.close(), slow?.close(), flood?.close()]);
  });

  /** A fired alert waiting to be sent on a rule (as the evaluation writes it). */
  let seq = 0;
  async function queueDelivery(rule: string, createdAt = new Date()) {
    seq++;
    const payload = {
      event: "alert",
      kind: "grade_change",
      watchlist: { id: listId, name: "Roster" },
      account: { platform: "tiktok", username: "chef", name: "", url: "http://localhost/report/tiktok/chef" },
      message: `@chef on TikTok: grade B → A (${seq})`,
      at: createdAt.toISOString(),
      details: {},
    };
    const [row] = rowsOf<{ id: number | string }>(
      await t.database.db.execute(sql`
        insert into alert_deliveries (rule_id, account_id, dedupe_key, payload, next_attempt_at, created_at)
        values (${rule}, ${accountId}, ${`test:${seq}`}, ${JSON.stringify(payload)}::jsonb,
                ${createdAt.toISOString()}::timestamptz, ${createdAt.toISOString()}::timestamptz)
        returning id`),
    );
    return Number(row!.id);
  }
  async function deliveryRow(id: number) {
    const [row] = rowsOf<{ status: string; attempts: number; last_error: string | null }>(
      await t.database.db.execute(
        sql`select status, attempts, last_error from alert_deliveries where id = ${id}`,
      ),
    );
    return { ...row!, attempts: Number(row!.attempts) };
  }

  it("delivers another rule's alert while a receiver trickles a byte every 2 s or floods its answer; each delivery ends at its 10 s deadline", async () => {
    const earlier = new Date(Date.now() - 60_000);
    const slowId = await queueDelivery(rules.slow!, earlier);
    const floodId = await queueDelivery(rules.flood!, earlier);
    const goodId = await queueDelivery(rules.good!);
    const started = Date.now();
    const round = t.app.growth.tick();
    // The good receiver gets its alert although two deliveries before it are stuck.
    for (let i = 0; i < 150 && hook.received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const arrivedAfter = Date.now() - started;
    expect(hook.received.map((r) => r.path)).toEqual(["/good"]);
    expect(arrivedAfter).toBeLessThan(15_000);
    await round;
    const roundMs = Date.now() - started;
    // The slow one was cut at its deadline (10 s), not left to trickle for ever.
    expect(roundMs).toBeGreaterThanOrEqual(9_500);
    expect(roundMs).toBeLessThan(13_000);
    expect(await deliveryRow(goodId)).toMatchObject({ status: "delivered", attempts: 1 });
    expect(await deliveryRow(slowId)).toEqual({
      status: "pending",
      attempts: 1,
      last_error: "the webhook did not answer within 10 s",
    });
    // A 2xx whose answer never ends is read up to its cap and counted delivered.
    expect(await deliveryRow(floodId)).toMatchObject({ status: "delivered", attempts: 1 });
  }, 30_000);

  it("refuses webhook addresses in the IPv4-compatible and IPv4-translated IPv6 forms", async () => {
    const other = await startTestApp(kind, { env: { DEV_LOGIN: "1" } });
    try {
      const c = cookieOf(
        await other.app.inject({
          method: "POST",
          url: "/api/auth/dev-login",
          payload: { email: "bo@example.com" },
        }),
      );
      const id = (
        await other.app.inject({
          method: "POST",
          url: "/api/watchlists",
          headers: { cookie: c },
          payload: { name: "L", cadence: "weekly" },
        })
      ).json().id;
      for (const host of [
        "[::7f00:1]",
        "[::ffff:0:7f00:1]",
        "[::a00:1]",
        "[::ffff:0:a9fe:a9fe]",
        "[::808:808]",
      ]) {
        const res = await other.app.inject({
          method: "POST",
          url: `/api/watchlists/${id}/alerts`,
          headers: { cookie: c },
          payload: { kind: "grade_change", channel: { type: "webhook", url: `http://${host}/x` } },
        });
        expect(res.statusCode, host).toBe(400);
        expect(res.json().message, host).toMatch(
          /^channel\.url: webhooks may not go to private or loopback addresses/,
        );
      }
    } finally {
      await other.close();
    }
  });

  it("keeps share-link tokens out of the request log", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await startTestApp(kind, { logger: { level: "info", stream } });
    try {
      const token = "Zm9vYmFyc2VjcmV0dG9rZW4tdGhhdC1tdXN0LW5vdC1sZWFr";
      for (const url of [
        `/api/shared/lists/${token}`,
        `/api/%73hared/lists/${token}?x=1`,
        `/shared/lists/${token}`,
      ])
        await logged.app.inject({ url });
    } finally {
      await logged.close();
    }
    const requests = lines.filter((l) => l.includes("incoming request"));
    expect(requests).toHaveLength(3);
    expect(lines.join("")).not.toContain("Zm9vYmFyc2VjcmV0");
    expect(requests[0]).toContain('"url":"/api/shared/lists/[redacted]"');
    expect(requests[2]).toContain('"url":"/shared/lists/[redacted]"');
  });

  // Last: it closes the app.
  it("stops promptly with a delivery in flight to a receiver that trickles, and hands it back unspent", async () => {
    const id = await queueDelivery(rules.slow!, new Date(Date.now() - 60_000));
    const hitsBefore = slow.hits;
    const round = t.app.growth.tick();
    for (let i = 0; i < 50 && slow.hits === hitsBefore; i++) await new Promise((r) => setTimeout(r, 50));
    expect(slow.hits).toBe(hitsBefore + 1);
    const started = Date.now();
    await t.app.close();
    const stopMs = Date.now() - started;
    await round;
    expect(stopMs).toBeLessThan(2_000);
    expect(await deliveryRow(id)).toEqual({ status: "pending", attempts: 0, last_error: null });
  }, 20_000);
});
