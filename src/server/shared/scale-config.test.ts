import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";

/** The scale-out settings are parsed with the rest of the configuration, once, with clear refusals. */
describe("scale-out configuration", () => {
  const secret = () => "s".repeat(40);

  it("has defaults that suit one deployment per Redis", () => {
    const c = loadConfig({}, secret);
    expect(c).toMatchObject({
      redisKeyPrefix: "app:",
      lockTtlMs: 30_000,
      refreshConcurrency: 2,
      jobWorkers: true,
    });
  });

  it("reads the values given", () => {
    const c = loadConfig(
      { REDIS_KEY_PREFIX: "acme:prod:", LOCK_TTL_MS: "5000", REFRESH_CONCURRENCY: "4", JOB_WORKERS: "0" },
      secret,
    );
    expect(c).toMatchObject({
      redisKeyPrefix: "acme:prod:",
      lockTtlMs: 5000,
      refreshConcurrency: 4,
      jobWorkers: false,
    });
  });

  it.each([
    [
      { REDIS_KEY_PREFIX: "has space" },
      'Invalid configuration: REDIS_KEY_PREFIX must be 1-64 letters, digits or _ . : -, got "has space"',
    ],
    [
      { REDIS_KEY_PREFIX: "glob*" },
      'Invalid configuration: REDIS_KEY_PREFIX must be 1-64 letters, digits or _ . : -, got "glob*"',
    ],
    [{ LOCK_TTL_MS: "500" }, "Invalid configuration: LOCK_TTL_MS must be from 1000 to 600000, got 500"],
    [{ REFRESH_CONCURRENCY: "0" }, "Invalid configuration: REFRESH_CONCURRENCY must be from 1 to 50, got 0"],
    [{ JOB_WORKERS: "maybe" }, 'Invalid configuration: JOB_WORKERS must be 1 or 0, got "maybe"'],
  ])("refuses %j with one line naming it", (env, message) => {
    expect(() => loadConfig(env, secret)).toThrow(ConfigError);
    expect(() => loadConfig(env, secret)).toThrow(message);
  });
});
