/**
 * An admin's crawl outward from a seed (issue #35 item 2) against a YouTube Data API stand-in on
 * 127.0.0.1: breadth first to the asked depth, new accounts added with profile figures only,
 * progress readable while it runs; admins only; bad requests answer 400 naming the field.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CrawlJob } from "#core/schemas/index-growth";
import { type FakeUpstream, startFakeUpstream } from "../../collectors/testing/fake-upstream";
import { accounts } from "../../db/schema";
import { startTestApp, type TestAppHandle } from "../../testing/test-app";
import { testedDatabaseKinds } from "../../testing/test-db";
import { routeYouTubeWeb } from "./testing/fake-youtube-web";

async function signIn(h: TestAppHandle, email: string): Promise<string> {
  const res = await h.app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  return res.cookies
    .filter((c) => c.value)
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}

describe.each(testedDatabaseKinds())("POST /api/admin/crawl on %s", (kind) => {
  let upstream: FakeUpstream;
  let h: TestAppHandle;
  let admin = "";
  let user = "";

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    routeYouTubeWeb(upstream, [
      { handle: "seed", mentions: ["one", "two"] },
      { handle: "one", mentions: ["three", "seed"] },
      { handle: "two", mentions: ["four"] },
      { handle: "three", mentions: ["five"] },
      { handle: "four" },
      { handle: "five" },
    ]);
    h = await startTestApp(kind, {
      env: {
        DEV_LOGIN: "1",
        ADMIN_EMAILS: "admin@example.com",
        YOUTUBE_API_KEY: "test-key",
        YOUTUBE_API_BASE_URL: upstream.url,
        COLLECTORS: "youtube-api",
        UPSTREAM_RETRIES: "0",
      },
      // "two" is already in the index from a report: counted, never overwritten.
      seed: (database) =>
        database.db.insert(accounts).values({
          platform: "youtube",
          username: "two",
          name: "Two (reported)",
          followers: 77_000,
          source: "youtube-api",
          origin: "report",
          engagementRate: 4.2,
          lastAnalyzedAt: new Date(),
        }),
    });
    admin = await signIn(h, "admin@example.com");
    user = await signIn(h, "user@example.com");
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
  });

  it("reaches depth 2 from one seed, adding what it finds with profile figures only", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/admin/crawl",
      headers: { cookie: admin },
      payload: { platform: "youtube", seeds: ["@seed"], depth: 2, maxAccounts: 50 },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json() as { jobId: string };
    let job: CrawlJob | undefined;
    for (let i = 0; i < 300; i++) {
      const got = await h.app.inject({
        method: "GET",
        url: `/api/admin/crawl/${jobId}`,
        headers: { cookie: admin },
      });
      expect(got.statusCode, got.body).toBe(200);
      job = got.json() as CrawlJob;
      if (job.state === "done" || job.state === "failed") break;
      await new Promise((r) => setTimeout(r, 25));
    }
    // Level 0: seed; level 1: one, two; level 2: three, four. "five" is level 3: not read.
    expect(job).toMatchObject({ state: "done", depthReached: 2, found: 5, added: 4, alreadyKnown: 1 });
    expect(job?.message).toContain("level 2");
    const rows = await h.database.db
      .select({ username: accounts.username, origin: accounts.origin, er: accounts.engagementRate })
      .from(accounts)
      .orderBy(accounts.username);
    expect(rows).toEqual([
      { username: "four", origin: "growth", er: null },
      { username: "one", origin: "growth", er: null },
      { username: "seed", origin: "growth", er: null },
      { username: "three", origin: "growth", er: null },
      { username: "two", origin: "report", er: 4.2 },
    ]);
    expect(upstream.requests.some((r) => r.query.get("forHandle") === "@five")).toBe(false);

    const panel = await h.app.inject({ method: "GET", url: "/api/admin/index", headers: { cookie: admin } });
    expect(panel.json().crawls[0]).toMatchObject({ jobId, state: "done", added: 4 });
  });

  it("is for admins only, and names the field that is wrong", async () => {
    const body = { platform: "youtube", seeds: ["seed"], depth: 1, maxAccounts: 5 };
    const anon = await h.app.inject({ method: "POST", url: "/api/admin/crawl", payload: body });
    expect(anon.statusCode).toBe(401);
    const notAdmin = await h.app.inject({
      method: "POST",
      url: "/api/admin/crawl",
      headers: { cookie: user },
      payload: body,
    });
    expect(notAdmin.statusCode).toBe(403);
    const panel = await h.app.inject({ method: "GET", url: "/api/admin/index", headers: { cookie: user } });
    expect(panel.statusCode).toBe(403);
    for (const [patch, field] of [
      [{ depth: 4 }, "depth"],
      [{ depth: 0 }, "depth"],
      [{ seeds: [] }, "seeds"],
      [{ seeds: ["two words"] }, "seeds"],
      [{ maxAccounts: 0 }, "maxAccounts"],
      [{ platform: "myspace" }, "platform"],
    ] as const) {
      const res = await h.app.inject({
        method: "POST",
        url: "/api/admin/crawl",
        headers: { cookie: admin },
        payload: { ...body, ...patch },
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.body).toContain(field);
    }
    const none = await h.app.inject({
      method: "GET",
      url: "/api/admin/crawl/nope",
      headers: { cookie: admin },
    });
    expect(none.statusCode).toBe(404);
    const count = await h.database.db.execute(sql`select count(*)::int as n from crawl_jobs`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});
