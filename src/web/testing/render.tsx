import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type RenderResult, render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProvider } from "../app/provider";
import { createQueryClient } from "../lib/query-client";

interface MockAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  /** Extra response headers (e.g. X-Quota-Spent). */
  headers?: Record<string, string>;
}

/** May answer later (a promise): an aborted request then rejects, as fetch does, and is not answered. */
type Handler = (request: { method: string; body: unknown; url: string }) => MockAnswer | Promise<MockAnswer>;

/** Rejects like fetch when the request's signal aborts. */
function whenAborted(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_, reject) => {
    const abort = () => reject(new DOMException("The operation was aborted.", "AbortError"));
    if (signal?.aborted) abort();
    else signal?.addEventListener("abort", abort, { once: true });
  });
}

export interface MockApiCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  /** The status answered; undefined while pending or when the request was aborted first. */
  status?: number;
}

export const TEST_CONFIG = {
  brandName: "Test Brand",
  appUrl: "https://analytics.example.com",
  googleClientId: null as string | null,
  devLogin: false,
  anonReportLimit: 1,
  userDailyReportLimit: 50,
  aiEnabled: true,
  adsenseClientId: null as string | null,
  homeVariant: "a" as "a" | "b",
  pixelId: null as string | null,
  contactEmail: "hello@analytics.example.com" as string | null,
  version: "0.0.0-test",
};

export const TEST_USER = { id: "u1", email: "ada@example.com", name: "Ada", picture: null, isAdmin: false };

export function countBody(signedIn: boolean, count = 0) {
  const limit = signedIn ? 50 : 1;
  return {
    count,
    limit,
    remaining: Math.max(0, limit - count),
    signedIn,
    resetsAt: "2030-01-01T00:00:00.000Z",
  };
}

/**
 * Replaces global fetch with a table of "METHOD /path" → handler. Unknown calls answer 404 JSON.
 * Returns the recorded calls.
 */
/** A request body as the mock records it: parsed JSON, or the text itself (a CSV upload). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function mockApi(routes: Record<string, Handler | MockAnswer>) {
  const calls: MockApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? "GET").toUpperCase();
    const body = typeof init.body === "string" ? parseBody(init.body) : undefined;
    const call: MockApiCall = {
      method,
      url,
      body,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      credentials: init.credentials,
    };
    calls.push(call);
    const route = routes[`${method} ${url.split("?")[0]}`];
    const answer =
      typeof route === "function"
        ? await Promise.race([route({ method, body, url }), whenAborted(init.signal)])
        : route;
    call.status = answer ? (answer.status ?? 200) : 404;
    if (!answer) {
      return new Response(JSON.stringify({ message: `No mock for ${method} ${url}` }), {
        status: 404,
        headers: { "content-type": "application/json" },
      });
    }
    const status = answer.status ?? 200;
    if (answer.text !== undefined) {
      return new Response(answer.text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
    return new Response(JSON.stringify(answer.json ?? null), {
      status,
      headers: { "content-type": "application/json", ...answer.headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

/** The API of a visitor (signedIn false) or a signed-in user, plus extra routes. */
export function mockSession({
  user = null as typeof TEST_USER | null,
  config = TEST_CONFIG as Partial<typeof TEST_CONFIG>,
  count = 0,
  extra = {} as Parameters<typeof mockApi>[0],
} = {}) {
  return mockApi({
    "GET /api/config": { json: { ...TEST_CONFIG, ...config } },
    "GET /api/reports/count": () => ({ json: countBody(user !== null, count) }),
    "GET /api/auth/me": () =>
      user ? { json: user } : { status: 401, json: { message: "no", requiresAuth: true } },
    ...extra,
  });
}

export interface RenderAppOptions {
  path?: string;
  queryClient?: QueryClient;
}

/** Renders with the app's providers (query client, theme, config, session, sign-in dialog, toasts). */
export function renderWithApp(ui: ReactElement, { path = "/", queryClient }: RenderAppOptions = {}) {
  const location = memoryLocation({ path, record: true });
  const client = queryClient ?? createQueryClient();
  const result: RenderResult = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider queryClient={client}>{ui}</AppProvider>
    </Router>,
  );
  return { ...result, location, queryClient: client };
}

/** Just a query client and a router: for components that need no session. */
export function renderWithQuery(ui: ReactNode, { path = "/" }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const client = createQueryClient();
  const result = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </Router>,
  );
  return { ...result, location, queryClient: client };
}
