import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/database";
import { rowsOf } from "../../src/server/db/rows";
import type { BenchOptions, Figure } from "./types";

/** server.ts gives a graceful shutdown this long before it exits anyway. */
const SHUTDOWN_LIMIT_MS = 25_000;

/**
 * alerts.* (issue #33) — a real server on 127.0.0.1 with its alert poller running (every 5 s) and
 * two webhook rules: one to a receiver on 127.0.0.1 that answers 200 and then trickles one byte
 * every 2 s for ever, one to a receiver that answers at once. Both alerts are due together (the
 * slow one first). Measured: how long after they were due the good receiver got its alert
 * (target 15 s: the poll interval plus a little, whatever the slow receiver does), how long the
 * slow delivery was held before it was cut off, and how long the server took to stop while a
 * delivery to the slow receiver was in flight (target: server.ts's shutdown limit, 25 s).
 * Before this work the good alert never arrived and the stop never returned (sequential sends,
 * an idle timeout the trickle kept resetting).
 */
export async function benchAlerts(_opts: BenchOptions): Promise<Figure[]> {
  const good: number[] = [];
  const goodServer = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      good.push(Date.now());
      res.writeHead(204).end();
    });
  });
  const timers = new Set<NodeJS.Timeout>();
  let slowHits = 0;
  let slowClosedAt = 0;
  const slowServer: Server = createServer((req, res) => {
    slowHits++;
    req.resume();
    res.writeHead(200, { "content-type": "text/plain" });
    const t = setInterval(() => res.write("."), 2000);
    timers.add(t);
    res.on("close", () => {
      clearInterval(t);
      slowClosedAt = Date.now();
    });
  });
  const listen = (s: Server) =>
    new Promise<string>((resolve) =>
      s.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)),
    );
  const [goodUrl, slowUrl] = await Promise.all([listen(goodServer), listen(slowServer)]);

  const config = loadConfig(
    {
      DATA_DIR: "memory://",
      LOG_LEVEL: "silent",
      SAMPLE_ACCOUNTS: "0",
      RATE_LIMIT_PER_MINUTE: "1000000",
      COLLECTORS: "sample",
      DEV_LOGIN: "1",
      WEBHOOK_ALLOW_PRIVATE: "1",
    },
    () => "bench-secret-".repeat(4),
  );
  const database = await openDatabase({ dataDir: "memory://" });
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let closed = false;
  try {
    const login = await fetch(`${base}/api/auth/dev-login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench@example.com" }),
    });
    const cookie = (login.headers.getSetCookie() ?? []).map((c) => c.split(";")[0]).join("; ");
    const call = async (path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string };
    };
    const [account] = rowsOf<{ id: number | string }>(
      await database.db.execute(
        sql`insert into accounts (platform, username, source) values ('tiktok', 'chef', 'tiktok-web') returning id`,
      ),
    );
    const list = await call("/api/watchlists", { name: "Bench", cadence: "weekly" });
    await call(`/api/watchlists/${list.id}/accounts`, { platform: "tiktok", username: "chef" });
    const slowRule = await call(`/api/watchlists/${list.id}/alerts`, {
      kind: "grade_change",
      channel: { type: "webhook", url: `${slowUrl}/slow` },
    });
    const goodRule = await call(`/api/watchlists/${list.id}/alerts`, {
      kind: "grade_change",
      channel: { type: "webhook", url: `${goodUrl}/good` },
    });
    let n = 0;
    const queue = async (rule: string, at: Date) => {
      n++;
      const payload = {
        event: "alert",
        kind: "grade_change",
        watchlist: { id: list.id, name: "Bench" },
        account: { platform: "tiktok", username: "chef", name: "", url: `${base}/report/tiktok/chef` },
        message: `@chef on TikTok: grade B → A (${n})`,
        at: at.toISOString(),
        details: {},
      };
      await database.db.execute(sql`
        insert into alert_deliveries (rule_id, account_id, dedupe_key, payload, next_attempt_at, created_at)
        values (${rule}, ${Number(account!.id)}, ${`bench:${n}`}, ${JSON.stringify(payload)}::jsonb,
                ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
    };
    const due = Date.now();
    await queue(slowRule.id, new Date(due - 1000));
    await queue(goodRule.id, new Date(due));
    const waitFor = async (cond: () => boolean, ms: number) => {
      const until = Date.now() + ms;
      while (!cond() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return cond();
    };
    const arrived = await waitFor(() => good.length > 0, 60_000);
    const goodMs = arrived ? good[0]! - due : Number.POSITIVE_INFINITY;
    await waitFor(() => slowClosedAt > 0, 30_000);
    const slowHeldMs = slowClosedAt > 0 ? slowClosedAt - due : Number.POSITIVE_INFINITY;

    // A second slow alert, in flight when the server is asked to stop.
    const hits = slowHits;
    await queue(slowRule.id, new Date());
    await waitFor(() => slowHits > hits, 20_000);
    const stopStarted = Date.now();
    const stopped = await Promise.race([
      app.close().then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), SHUTDOWN_LIMIT_MS * 2)),
    ]);
    closed = true;
    const stopMs = stopped ? Date.now() - stopStarted : Number.POSITIVE_INFINITY;
    return [
      {
        name: "alerts.other_rule_delivered_ms",
        value: goodMs,
        unit: "ms",
        target: 15_000,
        note: "due to delivered at the good receiver, while another rule's receiver trickles 1 byte / 2 s (includes up to one 5 s poll interval)",
      },
      {
        name: "alerts.trickling_delivery_cut_ms",
        value: slowHeldMs,
        unit: "ms",
        note: "due to the trickling receiver's connection closed (the 10 s delivery deadline, after the poll wait)",
      },
      {
        name: "alerts.stop_with_delivery_in_flight_ms",
        value: stopMs,
        unit: "ms",
        target: SHUTDOWN_LIMIT_MS,
        note: "app.close() while a delivery to the trickling receiver is in flight",
      },
    ];
  } finally {
    if (!closed) await app.close();
    for (const t of timers) clearInterval(t);
    slowServer.closeAllConnections();
    goodServer.closeAllConnections();
    await Promise.all([new Promise((r) => slowServer.close(r)), new Promise((r) => goodServer.close(r))]);
    await database.close();
  }
}
