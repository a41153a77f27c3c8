import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexFieldsForSnapshot, indexFieldsOf } from "#core/engine/build-report";
import { MODEL_FIGURES_SOURCE } from "#core/model-figures";
import { accountSchema } from "#core/schemas/account";
import { pdfText } from "./agency/testing/read-back";
import { createAccountRepo } from "./reports/account-repo";
import { seedSampleAccounts } from "./samples/sample-service";
import { cookieHeader } from "./testing/sign-in";
import { startTestApp, type TestAppHandle } from "./testing/test-app";
import { testedDatabaseKinds } from "./testing/test-db";

/**
 * Issue #24 item 6: figures from the model's web search are marked wherever a number appears — the
 * recent list, history, site search, discovery and finder rows, lists, comparisons and their exports.
 */
const ESTIMATED = "webguess_chef";
const MODEL_TEXT = "Model estimate (web search)";

describe.each(testedDatabaseKinds())("model figures marked everywhere on %s", (kind) => {
  let t: TestAppHandle;
  let measured: string;
  let cookie: string;
  const clock = new Date("2026-11-22T12:00:00Z");

  beforeAll(async () => {
    t = await startTestApp(kind, {
      seed: async (database) => {
        await seedSampleAccounts(database.db, {
          count: 12,
          now: clock,
          indexFields: (s) => indexFieldsForSnapshot(s, clock),
        });
        const rows = await database.db.query.accounts.findMany({
          where: (a, { and, eq }) => and(eq(a.platform, "instagram"), eq(a.isPrivate, false)),
        });
        measured = rows[0]!.username;
      },
      env: { DEV_LOGIN: "1", COLLECTORS: "sample", USER_DAILY_REPORT_LIMIT: "100" },
      now: () => clock,
    });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "marker@example.com" },
    });
    cookie = cookieHeader(login);
    const sample = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie },
      payload: { username: measured, platform: "instagram" },
    });
    expect(sample.statusCode, sample.body).toBe(200);
    // A web-search estimate stored as the web-search fallback stores one (source "web-search", not
    // measured), for a food creator with 42K followers: the report of the sample, renamed.
    const report = {
      ...accountSchema.parse(sample.json()),
      name: "Web Guess Chef",
      industry: "Food & Drink",
      followers: 42_000,
    };
    const repo = createAccountRepo(t.database.db);
    const saved = await repo.saveAnalysis({
      snapshot: {
        platform: "instagram",
        username: ESTIMATED,
        name: "Web Guess Chef",
        bio: "Recipes and restaurant reviews",
        verified: false,
        isPrivate: false,
        followers: 42_000,
        fetchedAt: clock.toISOString(),
        source: MODEL_FIGURES_SOURCE,
        posts: [],
      },
      report,
      index: indexFieldsOf(report),
      engineVersion: "test",
      analyzedAt: clock,
      measured: false,
    });
    await repo.recordView(
      (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).json().id,
      saved.accountId,
      clock,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, headers: { cookie }, payload });

  it("the recent list and history say the source of each account's figures", async () => {
    for (const url of ["/api/accounts?limit=10", "/api/accounts?scope=history"]) {
      const rows = (await get(url)).json() as { username: string; source: string }[];
      expect(rows.find((r) => r.username === ESTIMATED)?.source, url).toBe(MODEL_FIGURES_SOURCE);
      expect(rows.find((r) => r.username === measured)?.source, url).toBe("sample");
    }
  });

  it("site search, discovery and finder rows carry modelFigures", async () => {
    const search = (await get("/api/search?q=webguess")).json();
    expect(search.results).toEqual([expect.objectContaining({ username: ESTIMATED, modelFigures: true })]);
    const other = (await get(`/api/search?q=${measured}`)).json();
    expect(other.results[0]).toMatchObject({ username: measured, modelFigures: false });

    const discovery = await post("/api/discovery/search", {
      platform: "instagram",
      followerRange: "10k_to_100k",
      industry: "any",
    });
    expect(discovery.statusCode, discovery.body).toBe(200);
    const rows = discovery.json().results as { username: string; modelFigures: boolean }[];
    expect(rows.find((r) => r.username === ESTIMATED)?.modelFigures).toBe(true);
    expect(rows.filter((r) => r.username !== ESTIMATED).every((r) => r.modelFigures === false)).toBe(true);

    const finder = await post("/api/accounts/find", {
      platform: "instagram",
      description: "food creators sharing recipes and restaurant reviews",
    });
    expect(finder.statusCode, finder.body).toBe(200);
    const found = finder.json().results as { username: string; modelFigures: boolean }[];
    expect(found.find((r) => r.username === ESTIMATED)?.modelFigures).toBe(true);
    expect(found.filter((r) => r.username !== ESTIMATED).every((r) => r.modelFigures === false)).toBe(true);
  });

  it("lists, comparisons and their CSV, XLSX and PDF exports say 'Source of figures'", async () => {
    const list = (await post("/api/lists", { name: "Food" })).json() as { id: number };
    for (const username of [ESTIMATED, measured])
      expect(
        (await post(`/api/lists/${list.id}/items`, { platform: "instagram", username })).statusCode,
      ).toBe(201);
    const detail = (await get(`/api/lists/${list.id}`)).json();
    expect(
      detail.items.map((i: { username: string; modelFigures: boolean }) => [i.username, i.modelFigures]),
    ).toEqual([
      [ESTIMATED, true],
      [measured, false],
    ]);

    const csv = await get(`/api/lists/${list.id}/export?format=csv`);
    const records = parseCsv(csv.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((r) => r["Source of figures"])).toEqual([MODEL_TEXT, "Sample data", ""]);

    const xlsx = await get(`/api/lists/${list.id}/export?format=xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    const col = header.indexOf("Source of figures");
    expect(col).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(col).value).toBe(MODEL_TEXT);

    const pdf = await get(`/api/lists/${list.id}/export?format=pdf`);
    const squeezed = (await pdfText(pdf.rawPayload)).text.replace(/\s+/g, "");
    expect(squeezed).toContain("Sourceoffigures");
    expect(squeezed).toContain(MODEL_TEXT.replace(/\s+/g, ""));

    const compare = (await get(`/api/compare?accounts=instagram:${ESTIMATED},instagram:${measured}`)).json();
    expect(
      compare.accounts.map((a: { figures: { modelFigures: boolean } }) => a.figures.modelFigures),
    ).toEqual([true, false]);
    const compareCsv = await get(
      `/api/compare/export?accounts=instagram:${ESTIMATED},instagram:${measured}&format=csv`,
    );
    const rows = parseCsv(compareCsv.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    // One row per creator, then the totals row (issue #39 item 12), which has no source of its own.
    expect(rows.map((r) => r["Source of figures"])).toEqual([MODEL_TEXT, "Sample data", ""]);
    expect(Object.values(rows.at(-1)!)[0]).toBe("Total");
  });

  it("a watchlist marks the account whose figures the model estimated", async () => {
    const created = await post("/api/watchlists", { name: "Food watch", cadence: "weekly" });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    for (const username of [ESTIMATED, measured]) {
      const added = await post(`/api/watchlists/${id}/accounts`, { platform: "instagram", username });
      expect(added.statusCode, added.body).toBe(201);
    }
    const detail = (await get(`/api/watchlists/${id}`)).json();
    const flags = Object.fromEntries(
      detail.accounts.map((a: { username: string; modelFigures: boolean }) => [a.username, a.modelFigures]),
    );
    expect(flags).toEqual({ [ESTIMATED]: true, [measured]: false });
  });
});
