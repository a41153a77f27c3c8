import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { loadConfig } from "../config";
import { createLogoLoader, LOGO_MAX_BYTES } from "./brand-logo";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

describe("brand logo of exports (BRAND_LOGO_URL)", () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(() => upstream.close());

  const load = async (path: string, timeoutMs = 2000) => {
    const warnings: string[] = [];
    const loader = createLogoLoader({
      url: `${upstream.url}${path}`,
      warn: (m) => warnings.push(m),
      timeoutMs,
    });
    return { bytes: await loader.get(), warnings };
  };

  it("fetches a PNG once and keeps it", async () => {
    upstream.route("GET", "/ok.png", { body: PNG, headers: { "content-type": "image/png" } });
    const loader = createLogoLoader({ url: `${upstream.url}/ok.png` });
    expect(await loader.get()).toEqual(PNG);
    expect(await loader.get()).toEqual(PNG);
    expect(upstream.requests.filter((r) => r.path === "/ok.png")).toHaveLength(1);
  });

  it("refuses what is not a PNG or JPEG, too large, redirected or too slow, and says why", async () => {
    upstream.route("GET", "/page.html", { body: "<html>", headers: { "content-type": "text/html" } });
    upstream.route("GET", "/huge.png", { body: Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]) });
    upstream.route("GET", "/moved.png", { status: 302, headers: { location: "http://169.254.169.254/" } });
    upstream.route("GET", "/slow.png", { body: PNG, delayMs: 500 });
    const cases = [
      ["/page.html", /not a PNG or JPEG/],
      ["/huge.png", /byte cap/],
      ["/moved.png", /HTTP 302/],
      ["/slow.png", /abort|timeout/i],
    ] as const;
    for (const [path, why] of cases) {
      const { bytes, warnings } = await load(path, 200);
      expect(bytes, path).toBeNull();
      expect(warnings[0], path).toMatch(why);
    }
  });

  it("decodes a data: URL without any request", async () => {
    const loader = createLogoLoader({ url: `data:image/png;base64,${PNG.toString("base64")}` });
    expect(await loader.get()).toEqual(PNG);
    expect(await createLogoLoader({}).get()).toBeNull();
  });

  it("is validated at start: http(s) or a PNG/JPEG data URL", () => {
    expect(loadConfig({ BRAND_LOGO_URL: "https://cdn.example.com/logo.png" }).brandLogoUrl).toBe(
      "https://cdn.example.com/logo.png",
    );
    expect(loadConfig({}).brandLogoUrl).toBeUndefined();
    expect(() => loadConfig({ BRAND_LOGO_URL: "file:///etc/passwd" })).toThrow(
      /BRAND_LOGO_URL must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ BRAND_LOGO_URL: "data:image/svg+xml;base64,PHN2Zz4=" })).toThrow(
      /BRAND_LOGO_URL/,
    );
  });
});
