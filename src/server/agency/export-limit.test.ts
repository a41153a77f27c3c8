import { describe, expect, it } from "vitest";
import { useTestApp } from "../testing/test-app";

describe("export rate limit", () => {
  // The default general limit (300 a minute per address): exports get a tenth of it.
  const h = useTestApp("pglite", { env: { DEV_LOGIN: "1", RATE_LIMIT_PER_MINUTE: "300" } });

  it("lets an address export 30 times a minute, then answers 429 with a retry time", async () => {
    const login = await h.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "x@example.com" },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const list = (
      await h.app.inject({ method: "POST", url: "/api/lists", headers: { cookie }, payload: { name: "L" } })
    ).json();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await h.app.inject({
        method: "GET",
        url: `/api/lists/${list.id}/export?format=csv`,
        headers: { cookie },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ code: "RATE_LIMITED" });
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    // Other calls keep their own budget.
    expect(
      (await h.app.inject({ method: "GET", url: `/api/lists/${list.id}`, headers: { cookie } })).statusCode,
    ).toBe(200);
  });
});
