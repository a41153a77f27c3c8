// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../testing/render";
import { ApiError, AUTH_ERROR_EVENT, type AuthErrorDetail, api, apiRequest } from "./api-client";
import { createQueryClient, getQueryFn } from "./query-client";

function captureAuthErrors() {
  const seen: AuthErrorDetail[] = [];
  const listener = (event: Event) => seen.push((event as CustomEvent<AuthErrorDetail>).detail);
  window.addEventListener(AUTH_ERROR_EVENT, listener);
  return { seen, stop: () => window.removeEventListener(AUTH_ERROR_EVENT, listener) };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the request to fail");
}

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("sends cookies and sets a JSON content-type only when there is a body", async () => {
    const { calls } = mockApi({ "GET /api/x": { json: { a: 1 } }, "POST /api/y": { json: { ok: true } } });
    expect(await api.get("/api/x")).toEqual({ a: 1 });
    expect(await api.post("/api/y", { q: "z" })).toEqual({ ok: true });
    await api.post("/api/y");
    expect(calls[0]).toMatchObject({ method: "GET", credentials: "include", headers: {} });
    expect(calls[1]).toMatchObject({
      method: "POST",
      credentials: "include",
      body: { q: "z" },
      headers: { "content-type": "application/json" },
    });
    expect(calls[2]?.headers).toEqual({});
    expect(calls[2]?.body).toBeUndefined();
  });

  it("returns text for a non-JSON answer (logout's plain OK)", async () => {
    mockApi({ "POST /api/auth/logout": { text: "OK" } });
    expect(await api.post("/api/auth/logout")).toBe("OK");
  });

  it("turns a JSON error body into an ApiError with message, status, requiresAuth, code and body", async () => {
    const body = {
      message: "You need to be logged in to do this.",
      code: "UNAUTHORIZED",
      requiresAuth: true,
    };
    mockApi({ "GET /api/me": { status: 401, json: body } });
    const error = await caught(api.get("/api/me"));
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("You need to be logged in to do this.");
    expect(error.status).toBe(401);
    expect(error.requiresAuth).toBe(true);
    expect(error.code).toBe("UNAUTHORIZED");
    expect(error.body).toEqual(body);
  });

  it("falls back to the status text when the JSON body has no message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () => new Response(JSON.stringify({ code: "X" }), { status: 403, statusText: "Forbidden" }),
      ),
    );
    const error = await caught(api.get("/api/admin"));
    expect(error.message).toBe("Forbidden");
    expect(error.requiresAuth).toBe(false);
    expect(error.code).toBe("X");
  });

  it('uses "<status>: <text>" for a non-JSON error body, or the status text when empty', async () => {
    mockApi({ "GET /api/a": { status: 500, text: "Internal failure" } });
    const error = await caught(api.get("/api/a"));
    expect(error.message).toBe("500: Internal failure");
    expect(error.body).toBe("Internal failure");

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 502, statusText: "Bad Gateway" })),
    );
    expect((await caught(api.get("/api/b"))).message).toBe("502: Bad Gateway");
  });

  it("raises auth-error for a 401 requiresAuth and a 429 REPORT_LIMIT_EXCEEDED when asked", async () => {
    const events = captureAuthErrors();
    mockApi({
      "POST /api/analyze": { status: 401, json: { message: "You need to log in", requiresAuth: true } },
      "POST /api/limit": {
        status: 429,
        json: { message: "Daily limit reached", code: "REPORT_LIMIT_EXCEEDED", requiresAuth: true },
      },
    });
    await caught(apiRequest("/api/analyze", { body: {}, authPrompt: true }));
    await caught(apiRequest("/api/limit", { body: {}, authPrompt: true }));
    events.stop();
    expect(events.seen).toEqual([
      { message: "You need to log in", code: undefined, requiresAuth: true },
      { message: "Daily limit reached", code: "REPORT_LIMIT_EXCEEDED", requiresAuth: true },
    ]);
  });

  it("raises no auth-error unless asked, nor for other errors", async () => {
    const events = captureAuthErrors();
    mockApi({
      "POST /api/analyze": { status: 401, json: { message: "log in", requiresAuth: true } },
      "POST /api/slow": { status: 429, json: { message: "Too many requests", code: "RATE_LIMITED" } },
      "POST /api/forbidden": { status: 403, json: { message: "no", requiresAuth: false } },
    });
    await caught(apiRequest("/api/analyze", { body: {} }));
    await caught(apiRequest("/api/slow", { body: {}, authPrompt: true }));
    await caught(apiRequest("/api/forbidden", { body: {}, authPrompt: true }));
    events.stop();
    expect(events.seen).toEqual([]);
  });
});

describe("query defaults", () => {
  it("GETs the first query key element; a 401 yields null only with on401 returnNull", async () => {
    mockApi({
      "GET /api/ok": { json: [1, 2] },
      "GET /api/auth/me": { status: 401, json: { message: "Not signed in", requiresAuth: true } },
    });
    const client = createQueryClient();
    expect(await client.fetchQuery({ queryKey: ["/api/ok"] })).toEqual([1, 2]);
    const returnNull = getQueryFn({ on401: "returnNull" });
    expect(await client.fetchQuery({ queryKey: ["/api/auth/me"], queryFn: returnNull })).toBeNull();
    await expect(
      client.fetchQuery({ queryKey: ["/api/auth/me", "x"], queryFn: getQueryFn({ on401: "throw" }) }),
    ).rejects.toMatchObject({
      status: 401,
      message: "Not signed in",
    });
  });

  it("never goes stale, never retries, never refetches on focus, never polls", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
