/**
 * discovery.expand_s (issue #35): a 50-channel "Find more on YouTube" on a full app (app.inject,
 * in-process job runner) against a YouTube Data API stand-in on 127.0.0.1 that answers each request
 * after 150 ms — from POST /api/discovery/expand to the job reading "done", polled every 20 ms. The
 * baseline is the stand-in's own time (search.list + one channels.list = 2 × 150 ms); the target is 5 s.
 */
import { buildApp } from "../../src/server/app";
import { startFakeUpstream } from "../../src/server/collectors/testing/fake-upstream";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/database";
import {
  routeYouTubeSearch,
  veganChannels,
} from "../../src/server/discovery/expand/testing/fake-youtube-search";
import { type BenchOptions, type Figure, percentile } from "./types";

const LATENCY_MS = 150;
const CHANNELS = 50;

export async function benchExpand(opts: BenchOptions): Promise<Figure[]> {
  const runs = opts.quick ? 3 : 7;
  const fake = await startFakeUpstream();
  const config = loadConfig(
    {
      DATA_DIR: "memory://",
      LOG_LEVEL: "silent",
      SAMPLE_ACCOUNTS: "0",
      RATE_LIMIT_PER_MINUTE: "1000000",
      DEV_LOGIN: "1",
      ADMIN_EMAILS: "bench@example.com",
      COLLECTORS: "youtube-api",
      YOUTUBE_API_KEY: "bench-key",
      YOUTUBE_API_BASE_URL: fake.url,
      YOUTUBE_SEARCH_DAILY_BUDGET: "1000",
    },
    () => "bench-secret-".repeat(4),
  );
  const database = await openDatabase({ dataDir: "memory://" });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const seconds: number[] = [];
  try {
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "bench@example.com" },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    for (let run = 0; run < runs; run++) {
      // New channels each run, so every run inserts 50 rows.
      fake.reset();
      routeYouTubeSearch(
        fake,
        veganChannels(CHANNELS).map((c, i) => ({
          ...c,
          id: `UC${String(run * 1000 + i + 1).padStart(22, "0")}`,
          handle: `@bench${run}_${i}`,
        })),
        { delayMs: LATENCY_MS },
      );
      const t0 = performance.now();
      const res = await app.inject({
        method: "POST",
        url: "/api/discovery/expand",
        headers: { cookie },
        payload: { platform: "youtube", query: "vegan recipes", targetMarkets: ["Germany"] },
      });
      if (res.statusCode !== 202) throw new Error(`expand answered ${res.statusCode}: ${res.body}`);
      const { jobId } = res.json() as { jobId: string };
      for (;;) {
        const job = (
          await app.inject({ method: "GET", url: `/api/discovery/expand/${jobId}`, headers: { cookie } })
        ).json() as { state: string; added: number; message: string };
        if (job.state === "failed") throw new Error(`the expansion failed: ${job.message}`);
        if (job.state === "done") {
          if (job.added !== CHANNELS) throw new Error(`added ${job.added} of ${CHANNELS} channels`);
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      seconds.push((performance.now() - t0) / 1000);
    }
  } finally {
    await app.close();
    await database.close();
    await fake.close();
  }
  const p50 = percentile(seconds, 50);
  const baseline = (2 * LATENCY_MS) / 1000;
  return [
    {
      name: "discovery.expand_s",
      value: Number(p50.toFixed(3)),
      unit: "s",
      baseline,
      ratio: Number((p50 / baseline).toFixed(2)),
      target: 5,
      note: `median of ${runs} expansions of ${CHANNELS} YouTube channels (POST /api/discovery/expand to the job's "done", polled every 20 ms; search.list + channels.list against a stand-in answering each after ${LATENCY_MS} ms; in-process jobs, embedded database); baseline = the stand-in's own time (2 requests × ${LATENCY_MS} ms); runs: ${seconds.map((s) => s.toFixed(2)).join(", ")} s`,
    },
  ];
}
