import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VALID_TEXTS } from "../ai/testing/fixtures";
import { type FakeLlm, jsonReply, startFakeLlm } from "../ai/testing/fake-llm";
import { buildApp } from "../app";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import type { Database } from "../db/database";
import { fakeWebRoot, testConfig } from "../testing/test-app";
import { createTestDatabase } from "../testing/test-db";

/** The AI writer wired into the report flow: a real OpenAI-protocol server on 127.0.0.1. */
describe("reports with the AI writer", () => {
  let app: FastifyInstance;
  let database: Database;
  let upstream: FakeUpstream;
  let llm: FakeLlm;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    llm = await startFakeLlm();
    database = await createTestDatabase("pglite");
    const config = testConfig({
      COLLECTORS: "tiktok",
      TIKTOK_BASE_URL: upstream.url,
      LLM_BASE_URL: llm.url,
      LLM_API_KEY: "test-key",
      LLM_MODEL: "gpt-4o-mini",
      ANON_REPORT_LIMIT: "100",
      UPSTREAM_RETRIES: "0",
    });
    app = await buildApp(config, { database, webRoot: fakeWebRoot(), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await upstream?.close();
    await llm?.close();
  });

  it("lets the model write the qualitative texts, keeps every number, and says so in provenance", async () => {
    upstream.route("GET", "/@examplecreator", {
      body: fixture("tiktok-profile.html"),
      headers: { "content-type": "text/html" },
    });
    llm.enqueue(jsonReply({ ...VALID_TEXTS, recommendedCountries: ["Mexico", "Spain"] }));
    const res = await app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: "examplecreator", platform: "tiktok" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.ai).toMatchObject({ status: "used", model: "gpt-4o-mini" });
    expect(a.contentQuality).toBe(VALID_TEXTS.contentQuality);
    expect(a.provenance.contentQuality.kind).toBe("ai");
    expect(a.provenance.engagementRate.kind).toBe("measured");
    expect(llm.requests).toHaveLength(1);
  });

  it("falls back to the engine's texts when the model fails, and the report says so", async () => {
    upstream.route("GET", "/@other", {
      body: fixture("tiktok-profile.html").replaceAll("examplecreator", "other"),
      headers: { "content-type": "text/html" },
    });
    llm.enqueue({ status: 500, body: { error: { message: "boom" } } });
    llm.enqueue({ status: 500, body: { error: { message: "boom" } } });
    const res = await app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: "other", platform: "tiktok" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ai.status).toBe("failed");
    expect(res.json().provenance.contentQuality.kind).not.toBe("ai");
  });
});
