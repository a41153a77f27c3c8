/**
 * analysis.fresh_p95_ms.<source> (issue 19): a fresh report through each collector, POST /api/analyze
 * on a full app (app.inject, no model, report cache off), against a fake upstream on 127.0.0.1 that
 * answers every request after 150 ms in the platform's public shape. The baseline is the upstream's
 * own time for one report (its requests × 150 ms, counted by the fake), so the ratio is what the
 * server adds around the platform's latency: collector parsing, the engine, the database, the HTTP
 * helper and transport.
 */

import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { buildApp } from "../../src/server/app";
import { challengePageFor } from "../../src/server/collectors/tiktok-challenge";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/database";
import { type BenchOptions, type Figure, percentile } from "./types";

const LATENCY_MS = 150;
const fixture = (name: string) =>
  readFileSync(new URL(`../../src/server/collectors/fixtures/${name}`, import.meta.url), "utf8");

interface Answer {
  status?: number;
  type?: string;
  body: string;
  headers?: Record<string, string>;
}

/** Replaces the fixtures' handle with the requested one, so every report is a new account. */
const withHandle = (text: string, handle: string) => text.replaceAll("examplecreator", handle);

/** One fake for every platform; routes by method and path pattern. Counts requests. */
async function startFakePlatforms() {
  let requests = 0;
  const solved = new Set<string>();
  const json = (body: string, status = 200): Answer => ({ status, type: "application/json", body });
  const html = (body: string): Answer => ({ type: "text/html; charset=utf-8", body });
  const tiktokProfileWithoutVideos = fixture("tiktok-profile.html").replace(
    /,\s*"itemList":\s*\[.*\]\}\}\}<\/script>/s,
    ',"secUid":"MS4wLjABAAAAbench"}}}</script>',
  );
  function answer(req: IncomingMessage, url: URL, body: string): Answer {
    const path = url.pathname;
    const q = url.searchParams;
    // YouTube Data API
    if (path === "/youtube/v3/channels")
      return json(
        withHandle(fixture("youtube-channels.json"), (q.get("forHandle") ?? "x").replace(/^@/, "")),
      );
    if (path === "/youtube/v3/playlistItems") return json(fixture("youtube-playlist-items.json"));
    if (path === "/youtube/v3/videos") return json(fixture("youtube-videos.json"));
    // YouTube InnerTube (youtubei.js)
    if (path === "/youtubei/v1/navigation/resolve_url")
      return json(fixture("youtube-innertube-resolve.json"));
    if (path === "/youtubei/v1/browse") return json(fixture("youtube-innertube-browse-videos.json"));
    // Instagram web and Graph
    if (path === "/api/v1/users/web_profile_info/")
      return json(withHandle(fixture("instagram-web-profile.json"), q.get("username") ?? "x"));
    if (/^\/v\d+\.\d+\/\d+$/.test(path)) {
      const handle = /business_discovery\.username\(([^)]+)\)/.exec(q.get("fields") ?? "")?.[1] ?? "x";
      return json(withHandle(fixture("instagram-graph-business-discovery.json"), handle));
    }
    // TikTok: the profile page behind the WAF challenge (solved once per handle), then the item list
    const tiktokUser = /^\/@([\w.]+)$/.exec(path)?.[1];
    if (tiktokUser) {
      if (!solved.has(tiktokUser) && !/_wafchallengeid=/.test(String(req.headers.cookie ?? ""))) {
        solved.add(tiktokUser);
        return html(challengePageFor(1000 + (tiktokUser.length % 50)));
      }
      return html(withHandle(tiktokProfileWithoutVideos, tiktokUser));
    }
    if (path === "/api/creator/item_list/") {
      // Page 1 starts now; page 2 before page 1's oldest video (September 2025 in the fixture).
      const olderPage = Number(q.get("cursor")) < Date.parse("2025-09-01T00:00:00Z");
      return json(fixture(olderPage ? "tiktok-item-list-page2.json" : "tiktok-item-list-page1.json"));
    }
    const embedUser = /^\/embed\/@([\w.]+)$/.exec(path)?.[1];
    if (embedUser) return html(withHandle(fixture("tiktok-embed-profile.html"), embedUser));
    // Apify run-sync
    if (path === "/v2/acts/apify~instagram-profile-scraper/run-sync-get-dataset-items")
      return json(withHandle(fixture("apify-instagram-profile.json"), JSON.parse(body).usernames[0]), 201);
    if (path === "/v2/acts/clockworks~tiktok-profile-scraper/run-sync-get-dataset-items")
      return json(withHandle(fixture("apify-tiktok-profile.json"), JSON.parse(body).profiles[0]), 201);
    return json(`{"error":"no route for ${path}"}`, 404);
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests++;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const a = answer(req, url, Buffer.concat(chunks).toString("utf8"));
      setTimeout(() => {
        res.writeHead(a.status ?? 200, { "content-type": a.type ?? "application/json", ...a.headers });
        res.end(a.body);
      }, LATENCY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return requests;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SOURCES: {
  source: string;
  platform: "youtube" | "instagram" | "tiktok";
  env: Record<string, string>;
}[] = [
  { source: "youtube-api", platform: "youtube", env: { YOUTUBE_API_KEY: "bench-key" } },
  { source: "youtube-innertube", platform: "youtube", env: {} },
  {
    source: "instagram-graph",
    platform: "instagram",
    env: { INSTAGRAM_ACCESS_TOKEN: "bench-token", INSTAGRAM_BUSINESS_ACCOUNT_ID: "17841405309211844" },
  },
  { source: "instagram-web", platform: "instagram", env: {} },
  { source: "instagram-apify", platform: "instagram", env: { APIFY_TOKEN: "bench-apify" } },
  { source: "tiktok-web", platform: "tiktok", env: {} },
  { source: "tiktok-embed", platform: "tiktok", env: {} },
  { source: "tiktok-apify", platform: "tiktok", env: { APIFY_TOKEN: "bench-apify" } },
];

export async function benchSources(opts: BenchOptions): Promise<Figure[]> {
  const n = opts.quick ? 8 : 25;
  const fake = await startFakePlatforms();
  const figures: Figure[] = [];
  try {
    for (const { source, platform, env } of SOURCES) {
      const config = loadConfig(
        {
          DATA_DIR: "memory://",
          LOG_LEVEL: "silent",
          SAMPLE_ACCOUNTS: "0",
          ANON_REPORT_LIMIT: "1000000",
          ANON_IP_DAILY_LIMIT: "1000000",
          RATE_LIMIT_PER_MINUTE: "1000000",
          REPORT_CACHE_DAYS: "0",
          // The bench measures one source's round trips, not this server's pace (6 a minute).
          SOURCE_PACE_PER_MINUTE: "0",
          COLLECTORS: source,
          YOUTUBE_API_BASE_URL: fake.url,
          YOUTUBE_INNERTUBE_BASE_URL: fake.url,
          INSTAGRAM_BASE_URL: fake.url,
          INSTAGRAM_GRAPH_BASE_URL: fake.url,
          TIKTOK_BASE_URL: fake.url,
          APIFY_BASE_URL: fake.url,
          ...env,
        },
        () => "bench-secret-".repeat(4),
      );
      const database = await openDatabase({ dataDir: "memory://" });
      const app = await buildApp(config, { database, logger: false });
      await app.ready();
      try {
        const times: number[] = [];
        const upstream: number[] = [];
        // One warm-up report (module loading, youtubei.js import, connection set-up) is not counted.
        for (let i = -1; i < n; i++) {
          const handle = `bench${source.replace(/-/g, "")}${i + 1}`;
          const before = fake.requests;
          const t0 = performance.now();
          const res = await app.inject({
            method: "POST",
            url: "/api/analyze",
            payload: { username: handle, platform },
          });
          const ms = performance.now() - t0;
          if (res.statusCode !== 200)
            throw new Error(`${source} @${handle}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          const reported = (res.json() as { source?: string }).source;
          if (reported !== source) throw new Error(`${source} @${handle}: the report came from ${reported}`);
          if (i < 0) continue;
          times.push(ms);
          upstream.push((fake.requests - before) * LATENCY_MS);
        }
        const p95 = percentile(times, 95);
        const upstreamP95 = percentile(upstream, 95);
        const perReport = upstream.reduce((a, b) => a + b, 0) / upstream.length / LATENCY_MS;
        figures.push({
          name: `analysis.fresh_p95_ms.${source}`,
          value: p95,
          unit: "ms",
          baseline: upstreamP95,
          ratio: p95 / upstreamP95,
          note: `${n} fresh reports through ${source} (POST /api/analyze, app.inject, no model, cache off) against a fake upstream answering each request after ${LATENCY_MS} ms; baseline = the upstream's own time (${perReport.toFixed(1)} sequential requests a report × ${LATENCY_MS} ms)`,
        });
      } finally {
        await app.close();
        await database.close();
      }
    }
  } finally {
    await fake.close();
  }
  return figures;
}
