/**
 * Where an index row came from and what its figures rest on (issue #35), apart from their zod schemas
 * (schemas/account-origin.ts): result tables label rows with these before any schema is needed.
 */

/**
 * Where an index row came from (issue #35): the generated samples, a file import, a browser capture,
 * someone's report, a platform search ("Find more on …") or the index's growth around reports.
 */
export const ACCOUNT_ORIGINS = ["sample", "import", "capture", "report", "search", "growth"] as const;
export type AccountOrigin = (typeof ACCOUNT_ORIGINS)[number];

/** The origin a row gets when a report first writes it, from its snapshot's source. */
export function originOfSource(source: string): AccountOrigin {
  if (source === "sample") return "sample";
  if (source === "capture") return "capture";
  return "report";
}

/**
 * What a row's figures rest on: "report" (a full report was made: engagement, audience estimates),
 * "profile" (profile figures only: followers, country, topics, bio), or "sample" (generated data).
 */
export const FIGURES_KINDS = ["report", "profile", "sample"] as const;
export interface Figures {
  kind: (typeof FIGURES_KINDS)[number];
  /** When the figures were read (ISO 8601), or null when not recorded. */
  readAt: string | null;
  /** Profile figures read from the platform's rounded display text ("1.2M subscribers"). */
  rounded?: boolean | undefined;
}

/** Sources whose profile figures are the platform's rounded display text (keyless YouTube search). */
const ROUNDED_PROFILE_SOURCES = new Set(["youtube-innertube"]);

/** The figures of a row: its kind, when they were read, and whether they are rounded display text. */
export function figuresOf(row: {
  is_sample: boolean;
  last_fetched_at: Date | string | null;
  last_analyzed_at: Date | string | null;
  source?: string | null;
}): Figures {
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  const kind = row.is_sample ? "sample" : row.last_analyzed_at === null ? "profile" : "report";
  const rounded = kind === "profile" && ROUNDED_PROFILE_SOURCES.has(row.source ?? "");
  return { kind, readAt: iso(row.last_fetched_at ?? row.last_analyzed_at), ...(rounded ? { rounded } : {}) };
}

const DAY_MS = 86_400_000;

/** "profile figures, 3 days old", "full report, today", "sample data" (what the row rests on, for people). */
export function figuresLabel(figures: Figures, now: Date): string {
  if (figures.kind === "sample") return "sample data";
  const what =
    figures.kind === "report"
      ? "full report"
      : figures.rounded
        ? "profile figures (rounded from the platform's display text)"
        : "profile figures";
  if (figures.readAt === null) return what;
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(figures.readAt)) / DAY_MS));
  const age = days === 0 ? "read today" : days === 1 ? "1 day old" : `${days} days old`;
  return `${what}, ${age}`;
}

export const ORIGIN_LABELS: Record<AccountOrigin, string> = {
  sample: "Sample",
  import: "Imported",
  capture: "Captured",
  report: "From a report",
  search: "Found by platform search",
  growth: "Found around reports",
};
