import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { type DbKind, testedDatabaseKinds } from "../testing/test-db";
import {
  type SmtpReceiver,
  startSmtpReceiver,
  startWebhookReceiver,
  type WebhookReceiver,
} from "./testing/receivers";

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

/** A fired alert waiting to be sent on a rule (as the evaluation writes it). */
let seq = 0;
async function queueDeliveryOn(
  t: TestAppHandle,
  o: { rule: string; listId: string; accountId: number; at?: Date; name?: string },
) {
  seq++;
  const at = o.at ?? new Date();
  const payload = {
    event: "alert",
    kind: "grade_change",
    watchlist: { id: o.listId, name: o.name ?? "Roster" },
    account: { platform: "tiktok", username: "chef", name: "", url: "http://localhost/report/tiktok/chef" },
    message: `@chef on TikTok: grade B → A (${seq})`,
    at: at.toISOString(),
    details: {},
  };
  const [row] = rowsOf<{ id: number | string }>(
    await t.database.db.execute(sql`
      insert into alert_deliveries (rule_id, account_id, dedupe_key, payload, next_attempt_at, created_at)
      values (${o.rule}, ${o.accountId}, ${`test:${seq}`}, ${JSON.stringify(payload)}::jsonb,
              ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
      returning id`),
  );
  return Number(row!.id);
}

async function deliveryRowOn(t: TestAppHandle, id: number) {
  const [row] = rowsOf<{
    status: string;
    attempts: number;
    last_error: string | null;
    next_attempt_at: string | Date;
  }>(
    await t.database.db.execute(
      sql`select status, attempts, last_error, next_attempt_at from alert_deliveries where id = ${id}`,
    ),
  );
  const { next_attempt_at, ...rest } = row!;
  return { ...rest, attempts: Number(row!.attempts), nextAttemptAt: new Date(next_attempt_at).toISOString() };
}

/** A signed-in user with a watchlist holding one stored account. */
async function userWithList(t: TestAppHandle, email: string, name = "Roster") {
  const cookie = cookieOf(
    await t.app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email } }),
  );
  const [existing] = rowsOf<{ id: number | string }>(
    await t.database.db.execute(sql`select id from accounts where platform = 'tiktok' and username = 'chef'`),
  );
  const accountId = existing
    ? Number(existing.id)
    : Number(
        rowsOf<{ id: number | string }>(
          await t.database.db.execute(
            sql`insert into accounts (platform, username, source) values ('tiktok', 'chef', 'tiktok-web') returning id`,
          ),
        )[0]!.id,
      );
  const listId = (
    await t.app.inject({
      method: "POST",
      url: "/api/watchlists",
      headers: { cookie },
      payload: { name, cadence: "weekly" },
    })
  ).json().id as string;
  const added = await t.app.inject({
    method: "POST",
    url: `/api/watchlists/${listId}/accounts`,
    headers: { cookie },
    payload: { platform: "tiktok", username: "chef" },
  });
  expect(added.statusCode, added.body).toBe(201);
  const addRule = (channel: unknown) =>
    t.app.inject({
      method: "POST",
      url: `/api/watchlists/${listId}/alerts`,
      headers: { cookie },
      payload: { kind: "grade_change", channel },
    });
  return { cookie, listId, accountId, addRule };
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

  const queueDelivery = (rule: string, at = new Date()) =>
    queueDeliveryOn(t, { rule, listId, accountId, at });
  const deliveryRow = (id: number) => deliveryRowOn(t, id);

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
    expect(await deliveryRow(slowId)).toMatchObject({
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
    expect(await deliveryRow(id)).toMatchObject({ status: "pending", attempts: 0, last_error: null });
  }, 20_000);
});

/** A received mail's text with quoted-printable soft breaks and escapes undone. */
function mailText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

describe.each(testedDatabaseKinds())(
  "alert e-mails only to the user's own address; a daily cap (%s)",
  (kind: DbKind) => {
    let t: TestAppHandle;
    let smtp: SmtpReceiver;
    let hook: WebhookReceiver;
    let clock = new Date("2026-11-27T18:00:00Z");
    const PHISH = "Your payroll account is locked: verify at https://evil.example";

    beforeAll(async () => {
      [smtp, hook] = await Promise.all([startSmtpReceiver(), startWebhookReceiver()]);
      t = await startTestApp(kind, {
        env: {
          DEV_LOGIN: "1",
          WEBHOOK_ALLOW_PRIVATE: "1",
          SMTP_URL: smtp.url,
          MAIL_FROM: "Alerts <alerts@example.com>",
          APP_URL: "http://localhost:3000",
          ALERT_DELIVERIES_PER_DAY: "3",
          SESSION_TTL_DAYS: "30",
        },
        now: () => clock,
      });
    });
    afterAll(async () => {
      await t?.close();
      await Promise.all([smtp?.close(), hook?.close()]);
    });

    it("refuses an address that is not the user's until a link sent to it is opened; the link mail carries none of the user's words", async () => {
      const ann = await userWithList(t, "ann@example.com", PHISH);
      const first = await ann.addRule({ type: "email", to: "CEO@victim.example" });
      expect(first.statusCode).toBe(400);
      expect(first.json().message).toBe(
        "channel.to: ceo@victim.example is not confirmed yet. We sent a confirmation link to it; open it within 24 hours, then add this alert again. Alerts can go to your sign-in address, ann@example.com, straight away.",
      );
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.to).toEqual(["ceo@victim.example"]);
      const mail = mailText(smtp.messages[0]!.raw);
      expect(mail).not.toContain("payroll");
      expect(mail).not.toContain("evil.example");
      // Asking again at once sends nothing more.
      const again = await ann.addRule({ type: "email", to: "ceo@victim.example" });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toMatch(/a few minutes ago/);
      expect(smtp.messages).toHaveLength(1);
      // Nothing is delivered there meanwhile: the rule does not exist.
      expect(
        (await t.app.inject({ url: `/api/watchlists/${ann.listId}`, headers: { cookie: ann.cookie } })).json()
          .rules,
      ).toEqual([]);

      const link = /http:\/\/localhost:3000(\/api\/alerts\/email\/confirm\?token=[\w-]+)/.exec(mail)?.[1];
      expect(link).toBeDefined();
      const bad = await t.app.inject({ url: "/api/alerts/email/confirm?token=nope" });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain("This confirmation link is unknown, already used or older than 24 hours.");
      const opened = await t.app.inject({ url: link! });
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain("ceo@victim.example is confirmed.");
      expect((await t.app.inject({ url: link! })).statusCode).toBe(400);
      const added = await ann.addRule({ type: "email", to: "ceo@victim.example" });
      expect(added.statusCode, added.body).toBe(201);
      // The sign-in address needs no link.
      expect((await ann.addRule({ type: "email", to: "Ann@Example.com" })).statusCode).toBe(201);
      expect(smtp.messages).toHaveLength(1);
    });

    it("sends at most five confirmation links a day for one user", async () => {
      const bo = await userWithList(t, "bo@example.com");
      for (let i = 0; i < 5; i++) {
        const res = await bo.addRule({ type: "email", to: `x${i}@victim.example` });
        expect(res.json().message).toMatch(/We sent a confirmation link/);
      }
      const sixth = await bo.addRule({ type: "email", to: "x5@victim.example" });
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json().message).toMatch(/you have asked for 5 confirmation links today/);
      expect(
        smtp.messages.filter((m) => m.to[0]!.endsWith("@victim.example") && m.to[0] !== "ceo@victim.example"),
      ).toHaveLength(5);
    });

    it("writes alert mails in the server's words (no watchlist name) and sends none to an address that is not the owner's", async () => {
      const cy = await userWithList(t, "cy@example.com", PHISH);
      const own = await cy.addRule({ type: "email", to: "cy@example.com" });
      expect(own.statusCode).toBe(201);
      // A rule kept from before addresses were verified, to a stranger.
      const [legacy] = rowsOf<{ id: string }>(
        await t.database.db.execute(sql`
        insert into alert_rules (watchlist_id, workspace_id, created_by, kind, channel_type, channel_target)
        select id, workspace_id, user_id, 'grade_change', 'email', 'victim@elsewhere.example'
        from watchlists where id = ${cy.listId} returning id`),
      );
      const before = smtp.messages.length;
      const ok = await queueDeliveryOn(t, {
        rule: own.json().id,
        listId: cy.listId,
        accountId: cy.accountId,
        at: clock,
        name: PHISH,
      });
      const refused = await queueDeliveryOn(t, {
        rule: legacy!.id,
        listId: cy.listId,
        accountId: cy.accountId,
        at: clock,
        name: PHISH,
      });
      await t.app.growth.tick();
      expect((await deliveryRowOn(t, ok)).status).toBe("delivered");
      expect(await deliveryRowOn(t, refused)).toMatchObject({
        status: "failed",
        attempts: 1,
        last_error:
          "victim@elsewhere.example is not a confirmed address of the watchlist's owner; add the alert again to get a confirmation link",
      });
      const sent = smtp.messages.slice(before);
      expect(sent.map((m) => m.to)).toEqual([["cy@example.com"]]);
      const mail = mailText(sent[0]!.raw);
      expect(mail).not.toContain("payroll");
      expect(mail).not.toContain("evil.example");
      expect(mail).toContain("An alert rule on one of your");
      expect(mail).toContain("@chef on TikTok: grade B ");
    });

    it("holds deliveries past ALERT_DELIVERIES_PER_DAY (every channel) until the next UTC day and tells the user once", async () => {
      const dee = await userWithList(t, "dee@example.com");
      const web = await dee.addRule({ type: "webhook", url: `${hook.url}/dee` });
      const mail = await dee.addRule({ type: "email", to: "dee@example.com" });
      const ids = [
        await queueDeliveryOn(t, {
          rule: mail.json().id,
          listId: dee.listId,
          accountId: dee.accountId,
          at: clock,
        }),
      ];
      for (let i = 0; i < 4; i++)
        ids.push(
          await queueDeliveryOn(t, {
            rule: web.json().id,
            listId: dee.listId,
            accountId: dee.accountId,
            at: clock,
          }),
        );
      await t.app.growth.tick();
      await t.app.growth.tick();
      const rows = await Promise.all(ids.map((id) => deliveryRowOn(t, id)));
      expect(rows.filter((r) => r.status === "delivered")).toHaveLength(3);
      const held = rows.filter((r) => r.status === "pending");
      expect(held).toHaveLength(2);
      for (const r of held)
        expect(r).toMatchObject({
          attempts: 0,
          last_error:
            "Held: today's limit of 3 alert deliveries for your account is reached; it goes out after 00:00 UTC.",
          nextAttemptAt: "2026-11-28T00:00:00.000Z",
        });
      const notes = (
        await t.app.inject({ url: "/api/notifications", headers: { cookie: dee.cookie } })
      ).json();
      expect(notes.notifications.map((n: { title: string }) => n.title)).toEqual([
        "Alert deliveries held until tomorrow: today's limit of 3 is reached",
      ]);
      // Another user's deliveries are not held by dee's cap.
      const eve = await userWithList(t, "eve@example.com");
      const eveRule = await eve.addRule({ type: "webhook", url: `${hook.url}/eve` });
      const eveId = await queueDeliveryOn(t, {
        rule: eveRule.json().id,
        listId: eve.listId,
        accountId: eve.accountId,
        at: clock,
      });
      await t.app.growth.tick();
      expect((await deliveryRowOn(t, eveId)).status).toBe("delivered");
      // The next UTC day the held ones go out.
      clock = new Date("2026-11-28T00:00:01Z");
      await t.app.growth.tick();
      for (const id of ids) expect((await deliveryRowOn(t, id)).status).toBe("delivered");
    });
  },
);
