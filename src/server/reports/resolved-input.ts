import type { Platform } from "#core/schemas/platform";

/** What the input resolves to: the platform (a URL names its own) and the handle to fetch. */
export interface ResolvedInput {
  platform: Platform;
  handle: string;
  linkKind?: string;
}
