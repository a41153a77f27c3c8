import type { EngagementLevel, Grade } from "./schemas/report";

/**
 * Spec §2: K from 1,000 and M from 1,000,000, one decimal (1.2K, 3.4M). Counts that round up to the
 * next unit use it (999,950 → "1.0M", not "1000.0K"); missing or invalid counts read "N/A".
 */
export function formatFollowers(n: number | null | undefined): string {
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0) return "N/A";
  if (n >= 999_950) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 999.5) return `${(n / 1_000).toFixed(1)}K`;
  return String(Math.round(n));
}

export type Tone = "good" | "warning" | "bad" | "neutral";

/** Spec §2/§5: A+, A, A-, B+ good (green); B, B-, C+, C warning (amber); C- … F bad (red). */
export function gradeTone(grade: Grade | string | null | undefined): Tone {
  if (!grade) return "neutral";
  if (["A+", "A", "A-", "B+"].includes(grade)) return "good";
  if (["B", "B-", "C+", "C"].includes(grade)) return "warning";
  if (["C-", "D+", "D", "D-", "F"].includes(grade)) return "bad";
  return "neutral";
}

/** Spec §2: High green, Medium amber, Low red. */
export function engagementTone(level: EngagementLevel | string | null | undefined): Tone {
  if (level === "High") return "good";
  if (level === "Medium") return "warning";
  if (level === "Low") return "bad";
  return "neutral";
}

/** Spec §5: match 80+ default badge, 60+ secondary, otherwise outline (also for a missing value). */
export function matchTone(pct: number | null | undefined): "default" | "secondary" | "outline" {
  if (typeof pct !== "number" || Number.isNaN(pct)) return "outline";
  if (pct >= 80) return "default";
  if (pct >= 60) return "secondary";
  return "outline";
}

/** Spec §9: dates en-US with a short month ("Nov 22, 2026"). */
export function formatDate(iso: string | Date | null | undefined): string {
  if (!iso) return "Not available";
  const d = iso instanceof Date ? iso : new Date(iso);
  if (!Number.isFinite(d.getTime())) return "Not available";
  return d.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}
