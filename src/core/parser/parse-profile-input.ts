import type { Platform } from "../schemas/platform";
import { AT, clean, F_HYPHEN, F_LINKISH, F_OTHER, F_SPACE, F_UNUSUAL, F_UPPER, scan } from "./chars";
import { findKnownBySquashed, squashName } from "./known-creators";
import { parseLink } from "./links";
import { INPUT_TOO_LONG, MAX_INPUT_LENGTH, type ParsedInput } from "./messages";
import { displayName, normalizeChars } from "./names";
import { handleResult, invalid, make, suggestionsFor } from "./results";
import { isChannelId, USERNAME_REQUIRED, validateHandle } from "./rules";

export {
  type Confidence,
  INPUT_TOO_LONG,
  type InputType,
  type LinkKind,
  MAX_INPUT_LENGTH,
  NOT_A_HANDLE,
  NOT_A_PROFILE_LINK,
  type ParsedInput,
} from "./messages";
export { suggestionsFor } from "./results";

/**
 * Reads what a user typed into the analyser — a profile URL, an @mention, a handle or a display
 * name — as a handle on `platform` with a confidence (spec §4): URL, @name or plain username →
 * high; a display name that maps to a known creator or squashes into a valid handle → medium;
 * otherwise low, with up to three valid suggestions. A URL names its own platform (`platform`).
 * Instagram and TikTok handles come out in lower case; YouTube channel and video ids keep their
 * case. Never throws, for any string.
 */
export function parseProfileInput(input: string, platform: Platform): ParsedInput {
  const original = typeof input === "string" ? input : "";
  const p: Platform = platform === "tiktok" || platform === "youtube" ? platform : "instagram";
  let text = original.trim();
  if (text.length > MAX_INPUT_LENGTH) return invalid(original, "username", "", INPUT_TOO_LONG);
  let flags = scan(text);
  if (flags & F_UNUSUAL) {
    text = clean(text);
    flags = scan(text);
  }
  if (text === "") return invalid(original, "username", "", USERNAME_REQUIRED);
  if ((flags & (F_LINKISH | F_SPACE)) === F_LINKISH && text.charCodeAt(0) !== AT) {
    const link = parseLink(original, text);
    if (link) return link;
  }

  const youtube = p === "youtube";
  if (text.charCodeAt(0) === AT) {
    let start = 1;
    while (start < text.length && text.charCodeAt(start) === AT) start++;
    const rest = text.slice(start);
    if (rest === "") return invalid(original, "at_mention", "", USERNAME_REQUIRED);
    if (flags & F_SPACE) return displayName(original, rest, p);
    const name = youtube && isChannelId(rest) ? rest : rest.toLowerCase();
    return handleResult(original, "at_mention", name, p, "high", rest);
  }

  const plain = (flags & (F_SPACE | F_OTHER)) === 0 && (youtube || (flags & F_HYPHEN) === 0);
  if (!plain) return displayName(original, text, p);

  if ((flags & F_UPPER) === 0) {
    const r = handleResult(original, "username", text, p, "high", text);
    if (r.isValid) return r;
    const known = findKnownBySquashed(squashName(text), p);
    return known !== undefined && validateHandle(known, p).ok
      ? make({
          original,
          inputType: "display_name",
          username: known,
          confidence: "medium",
          suggestions: r.suggestions,
          isValid: true,
        })
      : r;
  }
  // Capitals: a channel id, a known creator's name ("MrBeast"), or — on YouTube, where handles
  // and video ids show their case — a handle as typed; elsewhere a name to lower-case.
  if (youtube && isChannelId(text))
    return make({ original, inputType: "username", username: text, confidence: "high", isValid: true });
  const known = findKnownBySquashed(squashName(text), p);
  if (known !== undefined && validateHandle(known, p).ok) {
    return make({
      original,
      inputType: "display_name",
      username: known,
      confidence: "medium",
      suggestions: suggestionsFor(text, p, known),
      isValid: true,
    });
  }
  if (youtube) return handleResult(original, "username", text, p, "high", text);
  const lower = text.toLowerCase();
  if (validateHandle(lower, p).ok) {
    return make({
      original,
      inputType: "display_name",
      username: lower,
      confidence: "medium",
      suggestions: suggestionsFor(text, p, lower),
      isValid: true,
    });
  }
  return displayName(original, text, p);
}

/**
 * Spec §5, before submitting: lower case, no leading @, only letters, digits, underscore and dot —
 * unless the parser reads the input with medium or high confidence, in which case its handle is
 * used (so YouTube channel and video ids keep their case). Note a URL may name another platform
 * than the selected one: use parseProfileInput's `platform` for that.
 */
export function normalizeForSubmit(input: string, platform: Platform): string {
  const parsed = parseProfileInput(input, platform);
  if (parsed.isValid && parsed.confidence !== "low") return parsed.username;
  const text = typeof input === "string" ? input.trim() : "";
  return normalizeChars(clean(text.length > MAX_INPUT_LENGTH ? text.slice(0, MAX_INPUT_LENGTH) : text));
}
