import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { seedSampleAccounts } from "../samples/sample-service";
import { startTestApp, type TestAppHandle } from "../testing/test-app";

/**
 * Issue #39 items 5 and 6: the offline demo (live Instagram configured but unreachable) with sample
 * creators. A typed sample handle is answered by its sample; looking at it again is free, and this
 * server's own pace never stops a sample from answering.
 */
const clock = new Date("2026-11-22T12:00:00Z");
let deadUrl: string;
let handles: string[] = [];
const apps: TestAppHandle[] = [];

beforeAll(async () => {
  // A port nothing listens on: every live request fails at once (connection refused), as offline.
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  deadUrl = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function offlineApp(env: Record<string, string>) {
  const started = await startTestApp("pglite", {
    seed: async (database) => {
      await seedSampleAccounts(database.db, {
        count: 30,
        now: clock,
        indexFields: (s) => indexFieldsForSnapshot(s, clock),
      });
      const rows = await database.db.query.accounts.findMany({
        where: (a, { and, eq }) => and(eq(a.platform, "instagram"), eq(a.isPrivate, false)),
      });
      handles = rows.map((r) => r.username);
    },
    env: {
      COLLECTORS: "sample,instagram-web",
      INSTAGRAM_BASE_URL: deadUrl,
      UPSTREAM_RETRIES: "0",
      ANON_IP_DAILY_LIMIT: "1000",
      ...env,
    },
    now: () => clock,
  });
  apps.push(started);
  return started.app;
}

const analyse = (app: Awaited<ReturnType<typeof offlineApp>>, username: string, cookie?: string) =>
  app.inject({
    method: "POST",
    url: "/api/analyze",
    headers: cookie ? { cookie } : {},
    payload: { username, platform: "instagram" },
  });

describe("offline demo with sample creators", () => {
  it("a typed sample handle twice costs one unit: the second look serves the stored sample report", async () => {
    const app = await offlineApp({ ANON_REPORT_LIMIT: "1" });
    const handle = handles[0]!;
    const first = await analyse(app, handle);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ username: handle, isSample: true });
    expect(first.headers["x-quota-spent"]).toBe("1");
    const cookie = first.cookies
      .filter((c) => c.value)
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");

    const second = await analyse(app, handle, cookie);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers["x-quota-spent"]).toBe("0");
    expect(second.json().lastUpdated).toBe(first.json().lastUpdated);
    // Another sample creator is a new report: the visitor's one unit is spent.
    const other = await analyse(app, handles[1]!, cookie);
    expect(other.statusCode).toBe(429);
    expect(other.json()).toMatchObject({ code: "REPORT_LIMIT_EXCEEDED", requiresAuth: true });
  });

  it("our own pace lets a sample answer: the seventh sample analysis in a minute is a report, not a refusal", async () => {
    const app = await offlineApp({ ANON_REPORT_LIMIT: "1000", SOURCE_PACE_PER_MINUTE: "6" });
    expect(handles.length).toBeGreaterThanOrEqual(8);
    for (const handle of handles.slice(0, 8)) {
      const res = await analyse(app, handle);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ username: handle, isSample: true });
    }
  });
});
