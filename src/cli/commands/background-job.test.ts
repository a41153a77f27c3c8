import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database";
import { createJobs, type Jobs } from "../../server/jobs";
import { createServices } from "../../server/services";
import { closeRedis, createRedisConnection, silentLogger, waitForRedis } from "../../server/shared/redis";
import { deleteRedisPrefix, NEEDS_REDIS, TEST_REDIS_URL, testRedisPrefix } from "../../server/shared/testing";
import { testConfig } from "../../server/testing/test-app";
import { createTestDatabase } from "../../server/testing/test-db";
import { importCommand } from "./import";
import { seedCommand } from "./seed";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-cli-bg-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("cli --background without Redis", () => {
  it("says the job queue needs REDIS_URL and how to run it here instead", async () => {
    const file = path.join(dir, "none.csv");
    fs.writeFileSync(file, "platform,username,followers\ninstagram,a,1\n");
    const io = { out: () => {}, err: () => {} };
    await expect(importCommand([file, "--background"], io, { DATA_DIR: "memory://" })).rejects.toThrow(
      "--background needs REDIS_URL: the app's instances run the job from the shared queue. Without Redis, run the command without --background (it then runs here, in the foreground).",
    );
  });
});

describe.skipIf(!TEST_REDIS_URL)(`cli --background on the shared job queue${NEEDS_REDIS}`, () => {
  const url = TEST_REDIS_URL!;
  const prefix = testRedisPrefix("cli");
  const env = { REDIS_URL: url, REDIS_KEY_PREFIX: prefix, DATA_DIR: "memory://" };
  let database: Database;
  let instance: Jobs;
  let redis: ReturnType<typeof createRedisConnection>;

  beforeAll(async () => {
    // An "app instance" with workers on the same queue (its own database).
    database = await createTestDatabase("pglite");
    const config = testConfig(env);
    redis = createRedisConnection(url, "commands", silentLogger);
    await waitForRedis(redis, 5000);
    const services = createServices(config, database, { now: () => new Date() });
    instance = await createJobs(config, {
      work: { db: database.db, reports: services.reports },
      getAutoRefresh: async () => "never",
      shared: { redis },
      sweepEveryMs: 0,
    });
    await instance.start({ workers: true });
  });
  afterAll(async () => {
    await instance?.close({ drainMs: 1000 });
    await closeRedis(redis);
    await database?.close();
    await deleteRedisPrefix(url, prefix);
  });

  it("import --background: an instance imports the file while the command shows progress and the summary", async () => {
    const file = path.join(dir, "list.csv");
    fs.writeFileSync(
      file,
      "platform,username,followers\ninstagram,bg_one,100\ntiktok,bg_two,200\nfacebook,zuck,5\n",
    );
    const out: string[] = [];
    const err: string[] = [];
    const progress: string[] = [];
    const code = await importCommand(
      [file, "--background"],
      { out: (t) => out.push(t), err: (t) => err.push(t) },
      env,
      { isTTY: true, write: (s) => progress.push(s) },
    );
    expect(out[0]).toMatch(/^Queued job bulk~import~[\w-]+: Import list\.csv \(CSV, 83 B\)\.$/);
    expect(out[1]).toBe(
      "Imported list.csv: 3 rows read, 2 new, 0 updated, 0 unchanged, 0 kept (analysed from live data), 0 posts, 1 bad.",
    );
    expect(err).toEqual(["  line 4: platform: must be one of instagram, tiktok, youtube"]);
    expect(code).toBe(1);
    const rows = await database.db.query.accounts.findMany({ where: (a, { eq }) => eq(a.source, "import") });
    expect(rows.map((r) => r.username).sort()).toEqual(["bg_one", "bg_two"]);
  });

  it("seed --background --detach queues the job and returns; seed --background waits for it", async () => {
    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t) };
    expect(await seedCommand(["--sample", "7", "--background", "--detach"], io, env, {})).toBe(0);
    expect(out[0]).toMatch(/^Queued job bulk~seed~[\w-]+: Seed 7 sample creators\.$/);
    expect(out[1]).toMatch(/^Follow it with GET \/api\/admin\/jobs\/bulk~seed~[\w-]+ \(admin\)\.$/);
    const id = out[0]!.match(/job (\S+):/)![1]!;
    for (let i = 0; i < 200 && (await instance.get(id))?.state !== "completed"; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(await instance.get(id)).toMatchObject({ state: "completed", result: { added: 7, total: 7 } });
    out.length = 0;
    expect(await seedCommand(["--sample", "7", "--background"], io, env, {})).toBe(0);
    expect(out[1]).toBe("7 sample creators already exist; nothing to add.");
  });
});
