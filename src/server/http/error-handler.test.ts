import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AccountNotFoundError, QuotaExceededError, RateLimitedError, UpstreamChangedError } from "../errors";
import { registerErrorHandler } from "./error-handler";

describe("error handler", () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.get("/nf", async () => {
      throw new AccountNotFoundError("No Instagram account @ghost was found");
    });
    app.get("/quota", async () => {
      throw new QuotaExceededError("You've reached the limit for free users.", true);
    });
    app.get("/rate", async () => {
      throw new RateLimitedError("Instagram is rate limiting us; try again in 60 seconds", 60);
    });
    app.get("/changed", async () => {
      throw new UpstreamChangedError("TikTok changed its page", "<html>secret sample</html>");
    });
    app.get("/bug", async () => {
      throw new Error("database password is hunter2");
    });
    app.post(
      "/validate",
      { schema: { body: z.object({ username: z.string().min(1, "Username is required"), n: z.number() }) } },
      async () => ({ ok: true }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it("maps typed errors to their status and the spec §8 body", async () => {
    const nf = await app.inject("/nf");
    expect(nf.statusCode).toBe(404);
    expect(nf.json()).toEqual({
      message: "No Instagram account @ghost was found",
      code: "ACCOUNT_NOT_FOUND",
    });

    const quota = await app.inject("/quota");
    expect(quota.statusCode).toBe(429);
    expect(quota.json()).toEqual({
      message: "You've reached the limit for free users.",
      code: "REPORT_LIMIT_EXCEEDED",
      requiresAuth: true,
    });

    const rate = await app.inject("/rate");
    expect(rate.statusCode).toBe(429);
    expect(rate.headers["retry-after"]).toBe("60");

    const changed = await app.inject("/changed");
    expect(changed.statusCode).toBe(502);
    expect(changed.body).not.toContain("secret sample");
  });

  it("hides the details of unexpected errors behind a generic 500", async () => {
    const res = await app.inject("/bug");
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe("Something went wrong on our side. Please try again.");
    expect(res.body).not.toContain("hunter2");
  });

  it("names the field of a validation error", async () => {
    const res = await app.inject({ method: "POST", url: "/validate", payload: { username: "", n: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "Username is required",
      code: "VALIDATION_ERROR",
      field: "username",
    });
    const typed = await app.inject({ method: "POST", url: "/validate", payload: { username: "a", n: "x" } });
    expect(typed.json().message).toMatch(/^n: /);
  });

  it("explains a malformed JSON body", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/validate",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The request body is not valid JSON.");
  });
});
