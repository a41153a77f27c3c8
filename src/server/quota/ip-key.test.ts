import { describe, expect, it } from "vitest";
import { ipKey } from "../auth/auth-plugin";
import { useTestApp } from "../testing/test-app";

describe("client address grouping", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:abcd:12:1:2:3:4", "2001:db8:abcd:12::/64"],
    ["2001:db8:abcd:12::9", "2001:db8:abcd:12::/64"],
    ["2001:DB8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
  ])("groups %s as %s", (address, key) => {
    expect(ipKey(address)).toBe(key);
  });
});

describe("X-Forwarded-For from a direct client", () => {
  const t = useTestApp("pglite", { env: { LOGIN_RATE_LIMIT_PER_MINUTE: "1" } });

  it("is ignored: limits still apply to the real peer address", async () => {
    const login = (xff: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { credential: "x" },
        headers: { "x-forwarded-for": xff },
      });
    expect((await login("198.51.100.1")).statusCode).not.toBe(429);
    expect((await login("198.51.100.2")).statusCode).toBe(429);
  });
});
