import { describe, expect, it } from "vitest";
import {
  AccountNotFoundError,
  ApiKeyInvalidError,
  ERROR_CODES,
  NoGrowthError,
  QuotaExceededError,
  TimeBudgetError,
  UpstreamChangedError,
  ValidationError,
} from "./errors";
import { SharedFlightError } from "./shared/single-flight.redis";

describe("error codes: one table of code → HTTP status", () => {
  it("gives each error the status its code has in ERROR_CODES (design.md statuses)", () => {
    const cases: [Error & { status: number; code: string }, number][] = [
      [new ValidationError("bad"), 400],
      [new ApiKeyInvalidError("no key", "API_KEY_REQUIRED"), 401],
      [new AccountNotFoundError("No Instagram account @x was found"), 404],
      [new NoGrowthError("none"), 404],
      [new QuotaExceededError("used up", true), 429],
      [new UpstreamChangedError("changed"), 502],
      [new TimeBudgetError("slow"), 504],
    ];
    for (const [err, status] of cases) {
      expect(err.status, err.code).toBe(status);
      expect(ERROR_CODES[err.code as keyof typeof ERROR_CODES]).toBe(status);
    }
  });

  it("keeps the status another instance answered with when it replays its error", () => {
    const err = new SharedFlightError({
      name: "RateLimitedError",
      message: "slow down",
      status: 429,
      code: "RATE_LIMITED",
      requiresAuth: false,
      headers: { "retry-after": "5" },
    });
    expect(err.status).toBe(429);
    expect(err.code).toBe("RATE_LIMITED");
  });
});
