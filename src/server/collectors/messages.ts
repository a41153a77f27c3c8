import { stripAt } from "#core/handles";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";

/** "@foo" (strips a leading @ the user may have typed). */
export function at(handle: string): string {
  return `@${stripAt(handle)}`;
}

export function label(platform: Platform): string {
  return PLATFORM_LABELS[platform];
}

/** 10000 → "10 s", 250 → "0.25 s". */
export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : Number(s.toFixed(2))} s`;
}

/** 60 → "60 seconds", 5400 → "90 minutes", 30000 → "9 hours". */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  if (m < 120) return `${m} minutes`;
  return `${Math.ceil(m / 60)} hours`;
}

/** Truncates an upstream body for logs and error samples (≤ max chars). */
export function truncateSample(text: string, max = 500): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
