/**
 * The alert service's small parts (alert-service.ts): the baseline a rule compares a new point with,
 * the wording of a change, and the deadline one delivery gets.
 */
import type { StoredPoint } from "./growth-repo";

export interface Baseline {
  pointId: number;
  at: string;
  followers: number;
  engagementRate: number | null;
  grade: string | null;
  sponsoredIds: string[];
}

export interface Fired {
  message: string;
  details: Record<string, unknown>;
}

export const baselineOf = (p: StoredPoint, seen: string[] = []): Baseline => ({
  pointId: p.id,
  at: p.at.toISOString(),
  followers: p.followers,
  engagementRate: p.engagementRate,
  grade: p.grade,
  sponsoredIds: [...new Set([...seen, ...p.sponsoredPostIds])].slice(-500),
});

export const signed = (v: number, digits = 1) =>
  `${v > 0 ? "+" : v < 0 ? "−" : "±"}${Math.abs(v).toFixed(digits)}`;
export const thousands = (n: number) => Math.round(n).toLocaleString("en-US");
export const day = (iso: string) => iso.slice(0, 10);

/**
 * Waits for `work` at most `ms` (or until `signal`): a mail server that stalls does not hold the
 * round. The SMTP exchange itself ends on the mailer's own socket timeouts.
 */
export async function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  signal: AbortSignal | undefined,
  what: string,
) {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} within ${Math.round(ms / 1000)} s`)), ms);
        onAbort = () => reject(new Error("the delivery was stopped (the server is shutting down)"));
        if (signal?.aborted) onAbort();
        else signal?.addEventListener("abort", onAbort, { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}

export function round(v: number): number {
  return Math.round(v * 100) / 100;
}
