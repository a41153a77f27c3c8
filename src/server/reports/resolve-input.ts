import { parseProfileInput } from "#core/parser/index";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import { ValidationError } from "../errors";
import type { ResolvedInput } from "./report-service";

/** The parser's link kinds in the collectors' vocabulary (src/server/collectors/types.ts). */
const LINK_KINDS: Record<string, string> = {
  channel_id: "channel",
  legacy_user: "user",
  custom_url: "c",
  handle: "handle",
  profile: "handle",
  video: "video",
  short: "short",
  short_link: "short_link",
};

export function collectorLinkKind(kind: string | undefined): string | undefined {
  return kind ? (LINK_KINDS[kind] ?? kind) : undefined;
}

/**
 * Turns what the user typed (handle, @mention, profile URL, video link or display name) into the
 * platform and handle to fetch, with the Core parser the web app also uses. A URL names its own
 * platform. An input that cannot be a handle is refused with the parser's reason and suggestions.
 */
export function resolveAnalyzeInput(username: string, platform: Platform): ResolvedInput {
  const parsed = parseProfileInput(username, platform);
  const target = parsed.platform ?? platform;
  if (!parsed.isValid || !parsed.username) {
    const hint =
      parsed.suggestions.length > 0 ? ` Try ${parsed.suggestions.map((s) => `@${s}`).join(", ")}.` : "";
    const reason = parsed.reason ?? `"${username}" is not a valid ${PLATFORM_LABELS[target]} username.`;
    throw new ValidationError(`${reason}${hint}`, "username");
  }
  return { platform: target, handle: parsed.username, linkKind: collectorLinkKind(parsed.linkKind) };
}
