/**
 * Proxies and sessions (issue 19 §7): a local proxy on 127.0.0.1 sees each platform's traffic
 * (UPSTREAM_PROXY for all, a per-platform proxy overriding it, youtubei.js included), and a
 * platform's cookie file is sent to that platform's unofficial collector only.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CookieFileError, createCookieJar, loadCookieFile, parseNetscapeCookies } from "./cookies";
import { createCollectors, proxyFor } from "./index";
import { type FakeProxy, startFakeProxy } from "./testing/fake-proxy";
import { type FakeUpstream, startFakeUpstream } from "./testing/fake-upstream";
import { fixture, fixtureJson, testCollectorsConfig } from "./testing/helpers";
import { createTransport, redactProxyUrl } from "./transport";

const HTML = { "content-type": "text/html; charset=utf-8" };
const NOW = Date.parse("2026-09-10T12:00:00Z");

let youtube: FakeUpstream;
let instagram: FakeUpstream;
let tiktok: FakeUpstream;
let apify: FakeUpstream;
let general: FakeProxy;
let tiktokProxy: FakeProxy;
beforeAll(async () => {
  [youtube, instagram, tiktok, apify, general, tiktokProxy] = await Promise.all([
    startFakeUpstream(),
    startFakeUpstream(),
    startFakeUpstream(),
    startFakeUpstream(),
    startFakeProxy(),
    startFakeProxy(),
  ]);
});
afterAll(async () => {
  await Promise.all([youtube, instagram, tiktok, apify, general, tiktokProxy].map((s) => s.close()));
});
afterEach(() => {
  for (const f of [youtube, instagram, tiktok, apify]) f.reset();
  general.seen.length = 0;
  tiktokProxy.seen.length = 0;
});

const hostOf = (f: FakeUpstream) => new URL(f.url).host;

function routePlatforms() {
  youtube.route("POST", "/youtubei/v1/navigation/resolve_url", {
    body: fixtureJson("youtube-innertube-resolve.json"),
  });
  youtube.route("POST", "/youtubei/v1/browse", { body: fixtureJson("youtube-innertube-browse-videos.json") });
  instagram.route("GET", "/api/v1/users/web_profile_info/", {
    body: fixtureJson("instagram-web-profile.json"),
  });
  tiktok.route("GET", "/@examplecreator", { body: fixture("tiktok-profile.html"), headers: HTML });
  apify.route("POST", "/v2/acts/clockworks~tiktok-profile-scraper/run-sync-get-dataset-items", {
    status: 201,
    body: fixtureJson("apify-tiktok-profile.json"),
  });
}

function collectorsWith(cfg: Parameters<typeof testCollectorsConfig>[1]) {
  return createCollectors(
    {
      ...testCollectorsConfig(youtube.url, cfg),
      youtubeInnertubeBaseUrl: youtube.url,
      instagramBaseUrl: instagram.url,
      tiktokBaseUrl: tiktok.url,
      apifyBaseUrl: apify.url,
      timeoutMs: 3000,
    },
    { now: () => NOW },
  );
}

describe("proxies", () => {
  it("sends every platform through UPSTREAM_PROXY, and TikTok through TIKTOK_PROXY instead when set", async () => {
    routePlatforms();
    const collectors = collectorsWith({
      order: ["youtube-innertube", "instagram-web", "tiktok-apify", "tiktok-web"],
      apifyToken: "apify_api_secret",
      proxies: { upstream: general.url, tiktok: tiktokProxy.url },
    });
    try {
      const yt = await collectors.fetchSnapshot("youtube", "examplecreator");
      const ig = await collectors.fetchSnapshot("instagram", "examplecreator");
      const tt = await collectors.fetchSnapshot("tiktok", "examplecreator");
      expect([yt.source, ig.source, tt.source]).toEqual([
        "youtube-innertube",
        "instagram-web",
        "tiktok-apify",
      ]);
      // Each upstream was reached only through a tunnel of the right proxy.
      const viaGeneral = general.seen.map((s) => s.target);
      expect(viaGeneral).toContain(hostOf(youtube)); // youtubei.js's own requests too
      expect(viaGeneral).toContain(hostOf(instagram));
      expect(viaGeneral).toContain(hostOf(apify)); // the provider goes through UPSTREAM_PROXY
      expect(viaGeneral).not.toContain(hostOf(tiktok));
      expect(general.seen.every((s) => s.method === "CONNECT")).toBe(true);

      // tiktok-web: only TIKTOK_PROXY sees TikTok.
      const web = collectorsWith({
        order: ["tiktok-web"],
        proxies: { upstream: general.url, tiktok: tiktokProxy.url },
      });
      general.seen.length = 0;
      await web.fetchSnapshot("tiktok", "examplecreator");
      await web.close();
      expect(tiktokProxy.seen.map((s) => s.target)).toEqual([hostOf(tiktok)]);
      expect(general.seen).toEqual([]);
      expect(tiktok.count("/@examplecreator")).toBe(1);
    } finally {
      await collectors.close();
    }
  });

  it("goes direct without a proxy, and names the upstream (not the proxy) when the proxy is down", async () => {
    routePlatforms();
    const direct = collectorsWith({ order: ["tiktok-web"] });
    await direct.fetchSnapshot("tiktok", "examplecreator");
    await direct.close();
    expect(general.seen).toEqual([]);
    expect(tiktok.count("/@examplecreator")).toBe(1);

    const { unusedBaseUrl } = await import("./testing/fake-upstream");
    const dead = collectorsWith({
      order: ["tiktok-web"],
      retries: 0,
      proxies: { upstream: await unusedBaseUrl() },
    });
    const err = await dead.fetchSnapshot("tiktok", "someone").catch((e) => e);
    await dead.close();
    expect(err.message).toMatch(/^Couldn't reach TikTok for @someone/);
  });

  it("sends the proxy URL's credentials as Proxy-Authorization, and never shows them", async () => {
    routePlatforms();
    const withAuth = general.url.replace("http://", "http://agent:s3cret@");
    const transport = createTransport(withAuth);
    const res = await transport.fetch(`${tiktok.url}/@examplecreator`);
    await res.text();
    await transport.close();
    expect(res.status).toBe(200);
    expect(general.seen[0]?.proxyAuthorization).toBe(
      `Basic ${Buffer.from("agent:s3cret").toString("base64")}`,
    );
    expect(redactProxyUrl(withAuth)).toBe(general.url);
  });

  it("picks the platform's proxy, else UPSTREAM_PROXY; the provider only uses UPSTREAM_PROXY", () => {
    const proxies = { upstream: "http://a:1", instagram: "http://b:2" };
    expect(proxyFor(proxies, "instagram")).toBe("http://b:2");
    expect(proxyFor(proxies, "youtube")).toBe("http://a:1");
    expect(proxyFor(proxies, "apify")).toBe("http://a:1");
    expect(proxyFor({}, "tiktok")).toBeUndefined();
  });
});

describe("the transport", () => {
  it("decodes gzip and brotli bodies, as a browser that advertised them would", async () => {
    const page = fixture("tiktok-profile.html");
    tiktok.route("GET", "/gz", { body: gzipSync(page), headers: { ...HTML, "content-encoding": "gzip" } });
    tiktok.route("GET", "/br", {
      body: brotliCompressSync(page),
      headers: { ...HTML, "content-encoding": "br" },
    });
    const transport = createTransport();
    try {
      for (const path of ["/gz", "/br"]) {
        const res = await transport.fetch(`${tiktok.url}${path}`);
        expect(await res.text()).toBe(page);
        expect(res.headers.get("content-encoding")).toBeNull();
      }
    } finally {
      await transport.close();
    }
  });

  it("leaves redirects to the caller unless asked to follow them", async () => {
    tiktok.route("GET", "/a", { status: 302, headers: { location: "/b" } });
    tiktok.route("GET", "/b", { body: "landed" });
    const transport = createTransport();
    try {
      const manual = await transport.fetch(`${tiktok.url}/a`);
      expect(manual.status).toBe(302);
      const followed = await transport.fetch(`${tiktok.url}/a`, { redirect: "follow" });
      expect(await followed.text()).toBe("landed");
    } finally {
      await transport.close();
    }
  });
});

describe("cookie files (opt-in sessions)", () => {
  const dir = mkdtempSync(join(tmpdir(), "cookies-"));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const far = Math.floor(NOW / 1000) + 86_400 * 365;
  const netscape = [
    "# Netscape HTTP Cookie File",
    "# This is a generated file! Do not edit.",
    "",
    `.instagram.com\tTRUE\t/\tTRUE\t${far}\tsessionid\tig-session-123`,
    `#HttpOnly_.instagram.com\tTRUE\t/\tTRUE\t${far}\tcsrftoken\tcsrf-456`,
    `.instagram.com\tTRUE\t/\tTRUE\t1000\told\texpired`,
    `.google.com\tTRUE\t/\tTRUE\t${far}\tSID\tnot-for-instagram`,
    `.tiktok.com\tTRUE\t/\tTRUE\t0\tsid_tt\ttt-session`,
  ].join("\n");

  it("reads a Netscape cookies.txt, keeping the platform's live cookies only", () => {
    expect(parseNetscapeCookies(netscape, ["instagram.com"], NOW).map((c) => [c.name, c.value])).toEqual([
      ["sessionid", "ig-session-123"],
      ["csrftoken", "csrf-456"],
    ]);
    expect(parseNetscapeCookies(netscape, ["tiktok.com"], NOW)).toEqual([
      { name: "sid_tt", value: "tt-session", expiresAt: undefined },
    ]);
    expect(() => parseNetscapeCookies("sessionid=abc", ["instagram.com"], NOW)).toThrow(
      /line 1 is not a Netscape cookie line/,
    );
    expect(() => parseNetscapeCookies("# only comments\n", ["instagram.com"], NOW)).toThrow(
      /no cookie lines/,
    );
    expect(() => loadCookieFile(join(dir, "missing.txt"), ["instagram.com"], NOW)).toThrow(CookieFileError);
  });

  it("sends INSTAGRAM_COOKIES_FILE's cookies to instagram-web, and not to another platform", async () => {
    const path = file("ig.txt", netscape);
    instagram.route("GET", "/api/v1/users/web_profile_info/", {
      body: fixtureJson("instagram-web-profile.json"),
    });
    tiktok.route("GET", "/@examplecreator", { body: fixture("tiktok-profile.html"), headers: HTML });
    const collectors = createCollectors(
      {
        ...testCollectorsConfig(instagram.url, {
          order: ["instagram-web", "tiktok-web"],
          cookieFiles: { instagram: path },
        }),
        tiktokBaseUrl: tiktok.url,
      },
      { now: () => NOW },
    );
    try {
      await collectors.fetchSnapshot("instagram", "examplecreator");
      await collectors.fetchSnapshot("tiktok", "examplecreator");
    } finally {
      await collectors.close();
    }
    expect(instagram.requests[0]?.headers.cookie).toBe("sessionid=ig-session-123; csrftoken=csrf-456");
    expect(tiktok.requests[0]?.headers.cookie).toBeUndefined();
  });

  it("keeps cookies until they expire or the site deletes them", () => {
    let t = NOW;
    const jar = createCookieJar([{ name: "a", value: "1", expiresAt: NOW + 1000 }], () => t);
    jar.storeFrom(new Headers([["set-cookie", "b=2; Max-Age=60"]]));
    expect(jar.header()).toBe("a=1; b=2");
    t += 2000;
    expect(jar.header()).toBe("b=2");
    const h = new Headers();
    h.append("set-cookie", "b=; Max-Age=0");
    h.append("set-cookie", "c=3; Expires=Wed, 21 Oct 2099 07:28:00 GMT");
    jar.storeFrom(h);
    expect(jar.header()).toBe("c=3");
  });
});
