import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeUpstream, startFakeUpstream } from "../../../src/server/collectors/testing/fake-upstream";
import { fixtureJson } from "../testing/fixtures";
import { checkApiKey, InstanceError, normalizeInstanceUrl, sendSnapshot, testConnection } from "./instance";
import { parseInstagramProfile } from "./parsers/instagram";

/** A real HTTP server on 127.0.0.1 stands in for the instance's /api/v1/snapshots. */
let instance: FakeUpstream;
beforeAll(async () => {
  instance = await startFakeUpstream();
});
afterAll(() => instance.close());
beforeEach(() => instance.reset());

const key = `ca_${"x".repeat(43)}`;
const snapshot = parseInstagramProfile(
  fixtureJson("instagram-web-profile.json"),
  "examplecreator",
  new Date("2026-11-26T12:00:00Z"),
);

async function failure(p: Promise<unknown>): Promise<InstanceError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (e instanceof InstanceError) return e;
  throw new Error(`expected an InstanceError, got ${String(e)}`);
}

describe("settings", () => {
  it("normalises the instance address and refuses what is not one", () => {
    expect(normalizeInstanceUrl(" https://analytics.example.com/ ")).toBe("https://analytics.example.com");
    expect(normalizeInstanceUrl("http://127.0.0.1:8080/app/")).toBe("http://127.0.0.1:8080/app");
    expect(() => normalizeInstanceUrl("")).toThrow("Enter the address of your instance");
    expect(() => normalizeInstanceUrl("analytics")).toThrow('"analytics" is not a web address');
    expect(() => normalizeInstanceUrl("ftp://x.example")).toThrow("must start with https:// or http://");
    expect(() => normalizeInstanceUrl("https://u:p@x.example")).toThrow("must not contain");
  });

  it("refuses an http:// address other than this computer: the key would travel in clear (issue #33)", () => {
    for (const ok of [
      "http://localhost:5000",
      "http://127.0.0.1:5000",
      "http://[::1]:5000",
      "http://app.localhost",
    ])
      expect(normalizeInstanceUrl(ok), ok).toBe(ok);
    for (const bad of [
      "http://analytics.example.com",
      "http://192.168.1.20:5000",
      "http://127.0.0.1.example.com",
    ]) {
      const e = (() => {
        try {
          normalizeInstanceUrl(bad);
        } catch (err) {
          return err as InstanceError;
        }
        throw new Error(`accepted ${bad}`);
      })();
      expect(e.code, bad).toBe("insecure-url");
      expect(e.message).toContain("must use https://");
    }
  });

  it("does not send a capture to an http:// address saved earlier", async () => {
    let called = false;
    const fetchFn = (async () => {
      called = true;
      return new Response("{}");
    }) as unknown as typeof fetch;
    const e = await failure(
      sendSnapshot({ instanceUrl: "http://analytics.example.com", apiKey: key }, snapshot, fetchFn),
    );
    expect(e.code).toBe("insecure-url");
    expect(called).toBe(false);
  });

  it("accepts only keys of this product", () => {
    expect(checkApiKey(` ${key} `)).toBe(key);
    expect(() => checkApiKey("")).toThrow("Enter an API key");
    expect(() => checkApiKey("sk-123")).toThrow('keys start with "ca_"');
  });
});

describe("sendSnapshot", () => {
  it("posts the snapshot with the key as a Bearer token and returns the grade and the report address", async () => {
    instance.route("POST", "/api/v1/snapshots", { body: { username: "examplecreator", grade: "B+" } });
    const result = await sendSnapshot({ instanceUrl: instance.url, apiKey: key }, snapshot);
    expect(result).toEqual({
      grade: "B+",
      platform: "instagram",
      username: "examplecreator",
      reportUrl: `${instance.url}/report/instagram/examplecreator`,
    });
    const req = instance.requests[0]!;
    expect(req.headers.authorization).toBe(`Bearer ${key}`);
    expect(req.headers.cookie).toBeUndefined();
    expect(JSON.parse(req.body)).toEqual(JSON.parse(JSON.stringify(snapshot)));
  });

  it("passes on the instance's message, saying what to do about the key", async () => {
    instance.route("POST", "/api/v1/snapshots", {
      status: 401,
      body: { message: "This API key is not valid.", code: "API_KEY_INVALID" },
    });
    const bad = await failure(sendSnapshot({ instanceUrl: instance.url, apiKey: key }, snapshot));
    expect(bad.code).toBe("API_KEY_INVALID");
    expect(bad.message).toBe(
      "The instance did not accept the API key: This API key is not valid. Check the key in the extension's options.",
    );
    instance.route("POST", "/api/v1/snapshots", {
      status: 400,
      body: { message: "posts.0.likes: must not be negative", code: "VALIDATION_ERROR" },
    });
    const invalid = await failure(sendSnapshot({ instanceUrl: instance.url, apiKey: key }, snapshot));
    expect(invalid.message).toBe("posts.0.likes: must not be negative");
  });

  it("says when the instance cannot be reached", async () => {
    const e = await failure(sendSnapshot({ instanceUrl: "http://127.0.0.1:9", apiKey: key }, snapshot));
    expect(e.code).toBe("unreachable");
    expect(e.message).toContain("Could not reach your instance at http://127.0.0.1:9");
  });
});

describe("testConnection", () => {
  it("sends an empty snapshot: 400 means the key was accepted; 403 and 404 are explained", async () => {
    instance.route("POST", "/api/v1/snapshots", {
      status: 400,
      body: { message: "platform: Please select a platform", code: "VALIDATION_ERROR" },
    });
    await expect(testConnection({ instanceUrl: instance.url, apiKey: key })).resolves.toBe(
      `Connected to ${instance.url}: the key is accepted and may capture.`,
    );
    expect(instance.requests[0]!.body).toBe("{}");
    instance.route("POST", "/api/v1/snapshots", {
      status: 403,
      body: { message: 'This API key does not have the "capture" scope.', code: "API_KEY_SCOPE" },
    });
    const scope = await failure(testConnection({ instanceUrl: instance.url, apiKey: key }));
    expect(scope.message).toContain("Create a key with the capture scope");
    instance.route("POST", "/api/v1/snapshots", {
      status: 404,
      body: { message: "Not found", code: "NOT_FOUND" },
    });
    const missing = await failure(testConnection({ instanceUrl: instance.url, apiKey: key }));
    expect(missing.message).toContain("has no capture API");
  });
});
