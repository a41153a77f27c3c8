/**
 * The one fetch helper of the web app (conventions §7, spec §7/§8).
 * - sends cookies; JSON content-type only when there is a body; `X-Workspace` (workspace-store.ts);
 * - a non-OK answer becomes an {@link ApiError} with the server's `{message, code?, requiresAuth?}`;
 * - when the caller asks (`authPrompt`), a 401 with requiresAuth or a 429 REPORT_LIMIT_EXCEEDED raises
 *   the global `auth-error` event, which opens the sign-in dialog.
 */

import { currentWorkspaceId, sendsWorkspaceHeader, WORKSPACE_HEADER } from "./workspace-store";

export const AUTH_ERROR_EVENT = "auth-error";
export const REPORT_LIMIT_EXCEEDED = "REPORT_LIMIT_EXCEEDED";

export interface AuthErrorDetail {
  message: string;
  code?: string;
  requiresAuth?: boolean;
}

export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly requiresAuth: boolean;
  readonly code: string | undefined;
  /** The whole response body: the parsed JSON object, or the text when it was not JSON. */
  readonly body: unknown;

  constructor(
    message: string,
    init: { status: number; requiresAuth?: boolean; code?: string; body?: unknown },
  ) {
    super(message);
    this.status = init.status;
    this.requiresAuth = init.requiresAuth ?? false;
    this.code = init.code;
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when this error should send the visitor to the sign-in dialog. */
export function isAuthPromptError(error: ApiError): boolean {
  return (
    (error.status === 401 && error.requiresAuth) ||
    (error.status === 429 && error.code === REPORT_LIMIT_EXCEEDED)
  );
}

/** Raises the global `auth-error` event (the sign-in dialog listens for it). */
export function dispatchAuthError(detail: AuthErrorDetail): void {
  window.dispatchEvent(new CustomEvent<AuthErrorDetail>(AUTH_ERROR_EVENT, { detail }));
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Raise the `auth-error` event on a 401 requiresAuth or a 429 REPORT_LIMIT_EXCEEDED. Default false. */
  authPrompt?: boolean;
  /** Resolve to the Response itself once it is known to be OK (a file download read as a Blob). */
  raw?: boolean;
  /** A text body sent as it is (a CSV upload), instead of `body` as JSON. */
  text?: { body: string; contentType: string };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The server's error body read with its schema, which loads with the first failed answer: zod is not
 * part of the first script every page evaluates (decision 050). Null when the schema cannot load
 * (the page then shows the status and the text, as for a body that is not the server's).
 */
async function readErrorBody(parsed: Record<string, unknown>) {
  try {
    const { receivedErrorSchema } = await import("#core/schemas/errors");
    return receivedErrorSchema.safeParse(parsed);
  } catch {
    return null;
  }
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const body = isRecord(parsed) ? await readErrorBody(parsed) : null;
  if (body?.success) {
    return new ApiError(body.data.message || response.statusText || "Request failed", {
      status: response.status,
      requiresAuth: body.data.requiresAuth === true,
      code: body.data.code,
      body: parsed,
    });
  }
  return new ApiError(`${response.status}: ${text || response.statusText}`, {
    status: response.status,
    body: text,
  });
}

/** Performs one request; resolves to the parsed JSON (or the text for non-JSON answers). */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = options.body === undefined && options.text === undefined ? "GET" : "POST",
    body,
    signal,
    authPrompt = false,
  } = options;
  const headers: Record<string, string> = { ...options.headers };
  // Issue #37: the workspace the call acts in (none: the caller's personal workspace).
  const workspaceId = currentWorkspaceId();
  if (workspaceId && sendsWorkspaceHeader(path) && !(WORKSPACE_HEADER in headers))
    headers[WORKSPACE_HEADER] = workspaceId;
  if (options.text) headers["content-type"] = options.text.contentType;
  else if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: options.text ? options.text.body : body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
    signal,
  });
  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (authPrompt && isAuthPromptError(error)) {
      dispatchAuthError({ message: error.message, code: error.code, requiresAuth: error.requiresAuth });
    }
    throw error;
  }
  if (options.raw) return response as T;
  if (response.status === 204 || method === "HEAD") return undefined as T;
  const contentType = response.headers.get("content-type") ?? "";
  if (contentType.includes("application/json")) return (await response.json()) as T;
  return (await response.text()) as T;
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
};
