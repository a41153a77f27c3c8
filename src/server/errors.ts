/**
 * Typed application errors. Each carries its HTTP status and a message written for the user;
 * the one error handler in app.ts maps them to the spec §8 body `{message, code?, requiresAuth?}`.
 */
/**
 * Every error code the API answers with (the body's `code`) and its HTTP status: the one table. An
 * error class names its code; its status is read here.
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  API_KEY_INVALID: 401,
  API_KEY_REQUIRED: 401,
  FORBIDDEN: 403,
  API_KEY_SCOPE: 403,
  SIGNUP_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  NO_GROWTH: 404,
  CONFLICT: 409,
  NO_SEARCH_SOURCE: 409,
  INVITE_GONE: 410,
  REPORT_LIMIT_EXCEEDED: 429,
  RATE_LIMITED: 429,
  UPSTREAM_CHANGED: 502,
  UPSTREAM_BLOCKED: 503,
  UPSTREAM_UNREACHABLE: 503,
  NOT_CONFIGURED: 503,
  TEMPORARILY_UNAVAILABLE: 503,
  SOURCE_AUTH_FAILED: 503,
  BUSY: 503,
  SHUTTING_DOWN: 503,
  TIME_BUDGET_EXCEEDED: 504,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

export abstract class AppError extends Error {
  abstract readonly code: ErrorCode;
  /** The HTTP status of the error's code (ERROR_CODES). */
  get status(): number {
    return ERROR_CODES[this.code];
  }
  readonly requiresAuth: boolean = false;
  /** Extra response headers (e.g. Retry-After). */
  headers: Record<string, string> = {};
}

export class ValidationError extends AppError {
  readonly code = "VALIDATION_ERROR";
  override name = "ValidationError";
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  readonly code: ErrorCode = "NOT_FOUND";
  override name = "NotFoundError";
}

/** The platform says this account does not exist. */
export class AccountNotFoundError extends NotFoundError {
  override readonly code = "ACCOUNT_NOT_FOUND";
  override name = "AccountNotFoundError";
}

export class UnauthorizedError extends AppError {
  readonly code = "UNAUTHORIZED";
  override readonly requiresAuth = true;
  override name = "UnauthorizedError";
}

export class ForbiddenError extends AppError {
  readonly code = "FORBIDDEN";
  override name = "ForbiddenError";
}

export class ConflictError extends AppError {
  readonly code = "CONFLICT";
  override name = "ConflictError";
}

/** 410 INVITE_GONE: a workspace invite was already used or has expired (issue #37). */
export class InviteGoneError extends AppError {
  readonly code = "INVITE_GONE";
  override name = "InviteGoneError";
}

/** A daily report quota is used up (design.md: 429 REPORT_LIMIT_EXCEEDED). */
export class QuotaExceededError extends AppError {
  readonly code = "REPORT_LIMIT_EXCEEDED";
  override name = "QuotaExceededError";
  constructor(
    message: string,
    override readonly requiresAuth: boolean,
  ) {
    super(message);
  }
}

/** We or an upstream are rate limiting; honours Retry-After when known. */
export class RateLimitedError extends AppError {
  readonly code = "RATE_LIMITED";
  override name = "RateLimitedError";
  constructor(
    message: string,
    readonly retryAfterSec?: number,
  ) {
    super(message);
    if (retryAfterSec !== undefined) this.headers["retry-after"] = String(Math.ceil(retryAfterSec));
  }
}

/** The platform shows a login wall or a challenge page instead of data. */
export class LoginWallOrBlockedError extends AppError {
  readonly code = "UPSTREAM_BLOCKED";
  override name = "LoginWallOrBlockedError";
}

/** The platform could not be reached (DNS, connection reset, timeout, 5xx after retries, open circuit). */
export class UpstreamUnreachableError extends AppError {
  readonly code = "UPSTREAM_UNREACHABLE";
  override name = "UpstreamUnreachableError";
}

/** The platform answered, but not in the shape we know: logged with a sample. */
export class UpstreamChangedError extends AppError {
  readonly code = "UPSTREAM_CHANGED";
  override name = "UpstreamChangedError";
  constructor(
    message: string,
    readonly sample?: string,
  ) {
    super(message);
  }
}

/** A feature needs configuration that is absent (e.g. no collector can serve this platform). */
export class NotConfiguredError extends AppError {
  readonly code = "NOT_CONFIGURED";
  override name = "NotConfiguredError";
}

/** A store this server needs (the database, the job queue) is not answering right now. */
export class TemporarilyUnavailableError extends AppError {
  readonly code = "TEMPORARILY_UNAVAILABLE";
  override name = "TemporarilyUnavailableError";
  constructor(message: string, retryAfterSeconds = 30) {
    super(message);
    this.headers = { "retry-after": String(retryAfterSeconds) };
  }
}

/** A source's credentials were refused (expired or invalid token): the operator must act. */
export class SourceAuthError extends AppError {
  readonly code = "SOURCE_AUTH_FAILED";
  override name = "SourceAuthError";
}

/** 401 on /api/v1 for a missing, malformed, unknown or revoked API key. */
export class ApiKeyInvalidError extends AppError {
  readonly code: "API_KEY_INVALID" | "API_KEY_REQUIRED";
  override name = "ApiKeyInvalidError";
  constructor(message: string, code: "API_KEY_INVALID" | "API_KEY_REQUIRED" = "API_KEY_INVALID") {
    super(message);
    this.code = code;
    this.headers["www-authenticate"] = 'Bearer realm="api"';
  }
}

/** 403 on /api/v1 for a valid key without the scope the route needs. */
export class ApiKeyScopeError extends AppError {
  readonly code = "API_KEY_SCOPE";
  override name = "ApiKeyScopeError";
}

/** 504: an analysis ran past the API's time budget and was stopped (no quota unit is kept). */
export class TimeBudgetError extends AppError {
  readonly code = "TIME_BUDGET_EXCEEDED";
  override name = "TimeBudgetError";
}

/** 404 NO_GROWTH: the account exists but has fewer than two measurements. */
export class NoGrowthError extends NotFoundError {
  override readonly code = "NO_GROWTH";
  override name = "NoGrowthError";
}

/** 403 SIGNUP_NOT_ALLOWED: this server's SIGNUP policy does not admit this address (issue #37). */
export class SignupRefusedError extends AppError {
  readonly code = "SIGNUP_NOT_ALLOWED";
  override name = "SignupRefusedError";
}
