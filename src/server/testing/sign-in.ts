import type { FastifyInstance, InjectOptions } from "fastify";

/**
 * Signing in for server tests (fastify/demo's injectWithLogin), instead of a copy per test file.
 * The app must be built with DEV_LOGIN=1.
 */

/** The Cookie header that carries a response's cookies (cleared ones left out). */
export function cookieHeader(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies
    .filter((c) => c.value)
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}

/** Signs `email` in through POST /api/auth/dev-login and answers the session's Cookie header. */
export async function signIn(app: FastifyInstance, email: string, name?: string): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email, name } });
  if (res.statusCode !== 200)
    throw new Error(`dev-login of ${email} answered ${res.statusCode}: ${res.body}`);
  return cookieHeader(res);
}

/** One request as `email`, signed in first. */
export async function injectWithLogin(app: FastifyInstance, email: string, options: InjectOptions) {
  const cookie = await signIn(app, email);
  return app.inject({ ...options, headers: { ...options.headers, cookie } });
}
