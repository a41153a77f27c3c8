import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RateLimitedError, UpstreamChangedError, UpstreamUnreachableError } from "../errors";
import { createHttpClient, type HttpClientOptions, parseRetryAfter } from "./http";
import { type FakeUpstream, startFakeUpstream, unusedBaseUrl } from "./testing/fake-upstream";
import { recordingLogger } from "./testing/helpers";

const FAST: HttpClientOptions = {
  timeoutMs: 200,
  retries: 2,
  breakerThreshold: 5,
  breakerHalfOpenAfterMs: 200,
  retryInitialDelayMs: 5,
  retryMaxDelayMs: 20,
};

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

async function eventually(check: () => boolean, ms = 1000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("http helper", () => {
  it("returns the body and sends a User-Agent", async () => {
    fake.route("GET", "/ok", { body: { hello: "world" } });
    const http = createHttpClient(FAST);
    const res = await http.request({ url: `${fake.url}/ok`, service: "TikTok" });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ hello: "world" });
    expect(fake.requests[0]?.headers["user-agent"]).toMatch(/creator-analytics/);
  });

  it("retries a 500 and succeeds on the next 200", async () => {
    fake.route("GET", "/flaky", [
      { status: 500, body: "oops" },
      { status: 200, body: "fine" },
    ]);
    const res = await createHttpClient(FAST).request({ url: `${fake.url}/flaky`, service: "TikTok" });
    expect(res.body).toBe("fine");
    expect(fake.count("/flaky")).toBe(2);
  });

  it("gives up after 2 retries of a 5xx with UpstreamUnreachableError naming the platform", async () => {
    fake.route("GET", "/down", { status: 503, body: "down" });
    const err = await createHttpClient(FAST)
      .request({ url: `${fake.url}/down`, service: "TikTok", subject: "@foo" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamUnreachableError);
    expect(err.message).toBe("TikTok had a server error (HTTP 503) for @foo; try again in a few minutes");
    expect(fake.count("/down")).toBe(3);
  });

  it("never retries a 4xx and hands it back to the collector", async () => {
    fake.route("GET", "/missing", { status: 404, body: "nope" });
    const res = await createHttpClient(FAST).request({ url: `${fake.url}/missing`, service: "TikTok" });
    expect(res.status).toBe(404);
    expect(fake.count("/missing")).toBe(1);
  });

  it("maps 429 with Retry-After seconds to RateLimitedError without retrying", async () => {
    fake.route("GET", "/limited", { status: 429, headers: { "retry-after": "60" }, body: "slow down" });
    const err = await createHttpClient(FAST)
      .request({ url: `${fake.url}/limited`, service: "Instagram" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.message).toBe("Instagram is rate limiting us; try again in 60 seconds");
    expect(err.retryAfterSec).toBe(60);
    expect(err.headers["retry-after"]).toBe("60");
    expect(fake.count("/limited")).toBe(1);
  });

  it("honours a Retry-After HTTP-date", async () => {
    const now = Date.parse("2026-09-01T12:00:00Z");
    fake.route("GET", "/limited", {
      status: 429,
      headers: { "retry-after": "Tue, 01 Sep 2026 12:05:00 GMT" },
    });
    const err = await createHttpClient({ ...FAST, now: () => now })
      .request({ url: `${fake.url}/limited`, service: "TikTok" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.retryAfterSec).toBe(300);
    expect(err.message).toContain("try again in 5 minutes");
  });

  it("times out a slow response, aborts the socket, and does not retry it", async () => {
    fake.route("GET", "/slow", { delayMs: 2000, body: "late" });
    const started = Date.now();
    const err = await createHttpClient(FAST)
      .request({ url: `${fake.url}/slow`, service: "TikTok", subject: "@foo" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamUnreachableError);
    expect(err.message).toBe("Couldn't reach TikTok for @foo (timeout after 0.2 s)");
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fake.count("/slow")).toBe(1);
    await eventually(() => fake.abortedCount === 1);
  });

  it("retries a connection reset, then reports it", async () => {
    fake.route("GET", "/reset", { destroy: true });
    const err = await createHttpClient(FAST)
      .request({ url: `${fake.url}/reset`, service: "YouTube" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamUnreachableError);
    expect(err.message).toBe("Couldn't reach YouTube (connection reset)");
    expect(fake.count("/reset")).toBe(3);
  });

  it("recovers when the connection drops mid-body once", async () => {
    fake.route("GET", "/partial", [{ destroyMidBody: true, body: "x".repeat(1000) }, { body: "complete" }]);
    const res = await createHttpClient(FAST).request({ url: `${fake.url}/partial`, service: "TikTok" });
    expect(res.body).toBe("complete");
    expect(fake.count("/partial")).toBe(2);
  });

  it("reports a refused connection", async () => {
    const base = await unusedBaseUrl();
    const err = await createHttpClient({ ...FAST, retries: 0 })
      .request({ url: `${base}/x`, service: "Instagram", subject: "@foo" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamUnreachableError);
    expect(err.message).toBe("Couldn't reach Instagram for @foo (connection refused)");
  });

  it("propagates the caller's abort to the socket and rejects with the abort reason", async () => {
    fake.route("GET", "/hang", { delayMs: 5000 });
    const controller = new AbortController();
    const pending = createHttpClient({ ...FAST, timeoutMs: 10_000 })
      .request({ url: `${fake.url}/hang`, service: "TikTok", signal: controller.signal })
      .catch((e) => e);
    await eventually(() => fake.count("/hang") === 1);
    controller.abort(new DOMException("client went away", "AbortError"));
    const err = await pending;
    expect(err).toBeInstanceOf(DOMException);
    expect(err.name).toBe("AbortError");
    await eventually(() => fake.abortedCount === 1);
    expect(fake.count("/hang")).toBe(1);
  });

  it("refuses a body over the size cap as an upstream change", async () => {
    fake.route("GET", "/huge", { body: "y".repeat(5000) });
    const err = await createHttpClient({ ...FAST, maxBodyBytes: 1000 })
      .request({ url: `${fake.url}/huge`, service: "TikTok" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamChangedError);
  });

  it("logs final failures without the query string (API keys)", async () => {
    fake.route("GET", "/down", { status: 500 });
    const logger = recordingLogger();
    await createHttpClient({ ...FAST, retries: 0 }, { logger })
      .request({ url: `${fake.url}/down?key=SECRET`, service: "YouTube" })
      .catch(() => undefined);
    expect(JSON.stringify(logger.entries)).not.toContain("SECRET");
    expect(logger.entries[0]?.msg).toBe("upstream request failed");
  });
});

describe("circuit breaker", () => {
  it("opens after 5 consecutive failures, fails fast without calling the host, then lets one probe through", async () => {
    fake.route("GET", "/cb", { status: 500 });
    const http = createHttpClient({ ...FAST, retries: 0 });
    for (let i = 0; i < 5; i++) {
      const err = await http.request({ url: `${fake.url}/cb`, service: "TikTok" }).catch((e) => e);
      expect(err).toBeInstanceOf(UpstreamUnreachableError);
    }
    expect(fake.count("/cb")).toBe(5);
    expect(http.circuitState(fake.url)).toBe("open");

    const started = performance.now();
    const fast = await http.request({ url: `${fake.url}/cb`, service: "TikTok" }).catch((e) => e);
    expect(performance.now() - started).toBeLessThan(50);
    expect(fast).toBeInstanceOf(UpstreamUnreachableError);
    expect(fast.message).toMatch(
      /^TikTok is temporarily unavailable \(too many failed requests in a row\); try again in/,
    );
    expect(fast.headers["retry-after"]).toBeDefined();
    expect(fake.count("/cb")).toBe(5);

    // After halfOpenAfter a single probe goes through; its success closes the circuit.
    fake.route("GET", "/cb", { status: 200, body: "back" });
    await new Promise((r) => setTimeout(r, 250));
    const [a, b] = await Promise.all([
      http.request({ url: `${fake.url}/cb`, service: "TikTok" }),
      http.request({ url: `${fake.url}/cb`, service: "TikTok" }),
    ]);
    expect(a.body).toBe("back");
    expect(b.body).toBe("back");
    expect(http.circuitState(fake.url)).toBe("closed");
    expect(fake.count("/cb")).toBe(7);
  });

  it("keeps one breaker per host", async () => {
    const other = await startFakeUpstream();
    try {
      fake.route("GET", "/cb", { status: 500 });
      other.route("GET", "/fine", { body: "ok" });
      const http = createHttpClient({ ...FAST, retries: 0 });
      for (let i = 0; i < 5; i++)
        await http.request({ url: `${fake.url}/cb`, service: "A" }).catch(() => undefined);
      expect(http.circuitState(fake.url)).toBe("open");
      expect((await http.request({ url: `${other.url}/fine`, service: "B" })).body).toBe("ok");
    } finally {
      await other.close();
    }
  });

  it("does not count 4xx or 429 answers as failures", async () => {
    fake.route("GET", "/nf", { status: 404 });
    fake.route("GET", "/rl", { status: 429 });
    const http = createHttpClient({ ...FAST, retries: 0 });
    for (let i = 0; i < 6; i++) {
      await http.request({ url: `${fake.url}/nf`, service: "A" });
      await http.request({ url: `${fake.url}/rl`, service: "A" }).catch(() => undefined);
    }
    expect(http.circuitState(fake.url)).toBe("closed");
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-09-01T12:00:00Z");
  it("reads seconds, HTTP-dates, and ignores junk", () => {
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter("Tue, 01 Sep 2026 12:01:00 GMT", now)).toBe(60);
    expect(parseRetryAfter("Tue, 01 Sep 2026 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
