/** The last step of every page parser: the core ProfileSnapshot schema, with a readable error. */
import {
  formatZodError,
  type ProfileSnapshot,
  profileSnapshotSchema,
} from "../../../src/core/schemas/snapshot";
import { CaptureError } from "./capture-error";

/** The snapshot `source` the instance reports as "Captured in your browser". */
export const CAPTURE_SOURCE = "capture";
/** Posts sent at most (the newest first), like the server's collectors. */
export const MAX_CAPTURED_POSTS = 30;

export function finishSnapshot(raw: Record<string, unknown>, service: string): ProfileSnapshot {
  const result = profileSnapshotSchema.safeParse(raw);
  if (!result.success)
    throw new CaptureError(
      `The ${service} profile on this page could not be turned into a report request (${formatZodError(result.error)}).`,
      "invalid-snapshot",
    );
  return result.data;
}

/** Newest first, no duplicate ids, at most MAX_CAPTURED_POSTS. */
export function newestPosts<T extends { id: string; postedAt: string }>(posts: readonly T[]): T[] {
  const seen = new Set<string>();
  return posts
    .filter((p) => !seen.has(p.id) && seen.add(p.id))
    .sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt))
    .slice(0, MAX_CAPTURED_POSTS);
}
