import {
  FORM_MAX_LENGTH,
  HANDLE_MAX_LENGTH,
  NOT_A_HANDLE,
  normalizeForSubmit,
  parseProfileInput,
  usernameTooLongMessage,
  validateHandle,
} from "#core/parser/index";
import type { AnalyzeRequest } from "#core/schemas/input";
import type { Platform } from "#core/schemas/platform";

export type Submission =
  | { ok: true; request: AnalyzeRequest }
  | {
      ok: false;
      message: string /** Over the platform's length limit: the spec's toast. */;
      tooLong: boolean;
    };

/**
 * Spec §5, before submitting: the parser's handle when it reads the input with medium or high
 * confidence, otherwise lower case without a leading @ and without characters other than letters,
 * digits, underscore and dot (normalizeForSubmit). A profile link to another platform analyses that
 * platform. Over the platform's limit → the spec's toast; other unusable input → a field message.
 */
export function prepareSubmission(raw: string, platform: Platform): Submission {
  const parsed = parseProfileInput(raw, platform);
  if (parsed.inputType === "url" && !parsed.isValid) {
    return { ok: false, message: parsed.reason ?? NOT_A_HANDLE, tooLong: false };
  }
  const target = parsed.platform ?? platform;
  const username = normalizeForSubmit(raw, target);
  if (!username) return { ok: false, message: parsed.reason ?? NOT_A_HANDLE, tooLong: false };
  if (username.length > HANDLE_MAX_LENGTH[target]) {
    return { ok: false, message: usernameTooLongMessage(target), tooLong: true };
  }
  const check = validateHandle(username, target);
  if (!check.ok) return { ok: false, message: check.reason, tooLong: check.tooLong === true };
  // A video or short link names a video, not a handle: send the link so the server finds its channel.
  const text = raw.trim();
  const videoLink =
    parsed.inputType === "url" && /video|short/.test(parsed.linkKind ?? "") && text.length <= FORM_MAX_LENGTH;
  return { ok: true, request: { username: videoLink ? text : username, platform: target } };
}
