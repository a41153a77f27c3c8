/**
 * One interface for every source "Find more on {platform}" can search (issue #35 item 1,
 * docs/decisions/040-platform-search-sources.md): the YouTube Data API, YouTube without a key
 * (youtubei.js), Apify's Instagram and TikTok search actors. The expand service picks the first
 * configured source of the platform; the source says before it runs what one search may cost, takes
 * its own budget or pace when the request is made (so a refusal costs no call), and returns every
 * profile it read — or throws, and nothing enters the index.
 */
import type { ExpandRequest } from "#core/schemas/expand";
import type { Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { SearchBudget } from "./search-budget";

/** The criteria a job runs with: the request and its search text. */
export type ExpandCriteria = ExpandRequest & { q: string };

export interface SearchRunContext {
  signal?: AbortSignal;
  /** What the search has spent so far, per unit ("youtube.search", "apify.items"); the source adds to it. */
  spent: Record<string, number>;
  /** Records progress people can read while the job runs. */
  progress(update: { found?: number; message: string }): Promise<void>;
}

/** Refusal before any call: a spent budget or this server's pace. */
export type AdmitResult =
  | { ok: true; undo?: () => Promise<void> }
  | { ok: false; message: string; retryAfterSec: number };

export interface SearchSource {
  /** The source's name, as the job and the sources endpoint show it ("youtube-api", "tiktok-apify"). */
  readonly name: string;
  readonly platform: Platform;
  /** What one search may cost, said before it runs ("one of 90 YouTube searches a day"). */
  costNote(): string;
  /** Billed by a provider on the operator's account (Apify): the page asks before running it. */
  readonly billed: boolean;
  /** The server-wide budget this source spends from, if any: its limit and today's use. */
  budget?: () => Promise<{ name: string; limit: number; used: number }>;
  /**
   * Checks the criteria (a ValidationError names the field) and takes the source's budget or pace
   * before the job is queued; `undo` gives it back.
   */
  admit(criteria: ExpandCriteria, now: Date): Promise<AdmitResult>;
  /** What it finds, in words: "channels", "accounts". */
  readonly noun: string;
  /** Searches and reads every found profile (no posts); throws with the provider's message. */
  search(criteria: ExpandCriteria, ctx: SearchRunContext): Promise<ProfileSnapshot[]>;
}

/** A budget as a source's admission: refused with its reset time. */
export async function admitFromBudget(
  budget: SearchBudget,
  now: Date,
  refusal: (resetsAt: Date, now: Date) => string,
): Promise<AdmitResult> {
  const taken = await budget.take();
  if (!taken.ok)
    return {
      ok: false,
      message: refusal(taken.resetsAt, now),
      retryAfterSec: Math.max(1, Math.ceil((taken.resetsAt.getTime() - now.getTime()) / 1000)),
    };
  return { ok: true, undo: () => budget.giveBack() };
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
