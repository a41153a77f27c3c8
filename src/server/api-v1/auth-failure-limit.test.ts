import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../testing/test-app";

/** Issue #33, item 7: failed API-key checks are limited per address (RATE_LIMIT_PER_MINUTE). */
describe("failed API-key authentication is rate limited per address", () => {
  const t = useTestApp("pglite", {
    env: { DEV_LOGIN: "1", RATE_LIMIT_PER_MINUTE: "5", API_KEY_RATE_LIMIT_PER_MINUTE: "100" },
  });
  let readKey: string;

  beforeAll(async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "keys@example.com" },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    readKey = (
      await t.app.inject({
        method: "POST",
        url: "/api/keys",
        headers: { cookie },
        payload: { name: "read only", scopes: ["read"] },
      })
    ).json().key;
  });

  const call = (authorization: string | undefined, remoteAddress: string, method = "GET") =>
    t.app.inject({
      method: method as "GET",
      url: method === "GET" ? "/api/v1/accounts/instagram/nobody" : "/api/v1/analyze",
      headers: authorization ? { authorization } : {},
      remoteAddress,
      ...(method === "POST" ? { payload: { platform: "instagram", username: "nobody" } } : {}),
    });

  it("answers 429 after RATE_LIMIT_PER_MINUTE failed key checks (401 and 403 alike) from one address, and only to it", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(`Bearer ca_wrong${i}`, "203.0.113.7")).statusCode);
    statuses.push((await call(undefined, "203.0.113.7")).statusCode);
    // A valid key without the scope: 403, counted too.
    statuses.push((await call(`Bearer ${readKey}`, "203.0.113.7", "POST")).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 403]);
    const over = await call("Bearer ca_wrong9", "203.0.113.7");
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(over.json().message).toMatch(
      /^Too many requests with a missing, wrong or insufficient API key from your address; try again in \d+ seconds\.$/,
    );
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // While the address is over, its key is not even looked at.
    expect((await call(`Bearer ${readKey}`, "203.0.113.7")).statusCode).toBe(429);
    // Another address is not affected, and a good key from it works.
    expect((await call("Bearer ca_wrong", "198.51.100.8")).statusCode).toBe(401);
    expect((await call(`Bearer ${readKey}`, "198.51.100.8")).statusCode).toBe(404);
  });

  it("does not count successful calls against the address", async () => {
    for (let i = 0; i < 8; i++) expect((await call(`Bearer ${readKey}`, "192.0.2.50")).statusCode).toBe(404);
  });
});
