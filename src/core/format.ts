import type { EngagementLevel, Grade } from "./schemas/report";

/**
 * 1234567 → "1,234,567": a whole number grouped as en-US writes it (rounded half away from zero,
 * like Intl). Not Intl.NumberFormat: the engine formats on its hot path, and a page's first use of
 * Intl costs tens of milliseconds of a phone's main thread while the browser loads its locale data.
 */
export function thousands(n: number): string {
  const s = String(Math.round(Math.abs(n)));
  let out = "";
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += ",";
    out += s[i];
  }
  return n < 0 ? `-${out}` : out;
}

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

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Spec §9: dates en-US with a short month ("Nov 22, 2026"). */
export function formatDate(iso: string | Date | null | undefined): string {
  if (!iso) return "Not available";
  const d = iso instanceof Date ? iso : new Date(iso);
  if (!Number.isFinite(d.getTime())) return "Not available";
  // As toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })
  // writes it, without a page's first use of Intl (see thousands()).
  return `${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}
