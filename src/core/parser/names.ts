import type { Platform } from "../schemas/platform";
import { findKnownBySquashed, foldAccents, squashName } from "./known-creators";
import { NOT_A_HANDLE, type ParsedInput } from "./messages";
import { invalid, make, suggestionsFor } from "./results";
import { validateHandle } from "./rules";

const NOT_HANDLE_CHARS = /[^a-z0-9_.]+/g;
const DOTS_AND_UNDERSCORES = /[._]+/g;

/** Spec §5's normalisation: lower case, only letters, digits, underscore and dot (accents folded). */
export function normalizeChars(text: string): string {
  return foldAccents(text).toLowerCase().replace(NOT_HANDLE_CHARS, "");
}

/**
 * A display name: a known creator's handle on the platform (medium), else the name squashed into
 * a valid handle (medium), else low with suggestions.
 */
export function displayName(original: string, text: string, platform: Platform): ParsedInput {
  const known = findKnownBySquashed(squashName(text), platform);
  if (known !== undefined && validateHandle(known, platform).ok) {
    return make({
      original,
      inputType: "display_name",
      username: known,
      confidence: "medium",
      suggestions: suggestionsFor(text, platform, known),
      isValid: true,
    });
  }
  const normalised = normalizeChars(text);
  let candidate = normalised;
  let check = validateHandle(candidate, platform);
  if (!check.ok) {
    const squashed = normalised.replace(DOTS_AND_UNDERSCORES, "");
    if (squashed !== normalised && validateHandle(squashed, platform).ok) {
      candidate = squashed;
      check = { ok: true };
    }
  }
  if (check.ok) {
    return make({
      original,
      inputType: "display_name",
      username: candidate,
      confidence: "medium",
      suggestions: suggestionsFor(text, platform, candidate),
      isValid: true,
    });
  }
  return invalid(
    original,
    "display_name",
    normalised,
    normalised === "" ? NOT_A_HANDLE : check.reason,
    undefined,
    suggestionsFor(text, platform),
  );
}
