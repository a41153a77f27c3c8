/**
 * Growth over time (issue #21): changes over 7/30/90 days and anomalies from an account's dated
 * points. Pure: the points and the clock are inputs (docs/methodology.md, "Growth").
 */

const DAY = 86_400_000;

export interface GrowthPointInput {
  /** ISO time of the point. */
  at: string;
  followers: number;
  /** Headline engagement rate (%), when measured. */
  engagementRate?: number | null;
  /** Median likes + comments per post, when measured (engagement per post). */
  medianInteractions?: number | null;
}

export interface Change {
  followers: number;
  followersPct: number;
  /** Change of the engagement rate in percentage points (null when either end has none). */
  engagementRate: number | null;
  /** The point the change is measured from, and how many points the window holds. */
  from: string;
  points: number;
}

export const CHANGE_WINDOWS = { days7: 7, days30: 30, days90: 90 } as const;
export type ChangeWindow = keyof typeof CHANGE_WINDOWS;

interface Pt {
  t: number;
  f: number;
  er: number | null;
  ix: number | null;
  at: string;
}

/** Valid points (finite time, finite non-negative followers), oldest first. */
function clean(points: readonly GrowthPointInput[], now?: number): Pt[] {
  const out: Pt[] = [];
  for (const p of points) {
    if (!p || typeof p !== "object") continue;
    const t = typeof p.at === "string" ? Date.parse(p.at) : Number.NaN;
    const f = p.followers;
    if (!Number.isFinite(t) || typeof f !== "number" || !Number.isFinite(f) || f < 0) continue;
    if (now !== undefined && t > now) continue;
    const er =
      typeof p.engagementRate === "number" && Number.isFinite(p.engagementRate) ? p.engagementRate : null;
    const ix =
      typeof p.medianInteractions === "number" &&
      Number.isFinite(p.medianInteractions) &&
      p.medianInteractions >= 0
        ? p.medianInteractions
        : null;
    // The time as given when it is already the canonical ISO form (the server's points are).
    const at = p.at.length === 24 && p.at.endsWith("Z") ? p.at : new Date(t).toISOString();
    out.push({ t, f, er, ix, at });
  }
  return out.sort((a, b) => a.t - b.t);
}

const round = (v: number, d: number) => {
  const k = 10 ** d;
  return Math.round(v * k) / k;
};

/**
 * The change over each window, ending at the newest point (at or before `now`) and measured from the
 * newest point at least that many days older; null when the points do not span the window.
 */
export function growthChanges(
  points: readonly GrowthPointInput[],
  now: Date,
): Record<ChangeWindow, Change | null> {
  const pts = clean(points, now.getTime());
  const out = { days7: null, days30: null, days90: null } as Record<ChangeWindow, Change | null>;
  const last = pts[pts.length - 1];
  if (!last) return out;
  for (const [key, days] of Object.entries(CHANGE_WINDOWS) as [ChangeWindow, number][]) {
    const target = last.t - days * DAY;
    let base: Pt | null = null;
    let baseIndex = -1;
    for (let i = pts.length - 1; i >= 0; i--) {
      if (pts[i]!.t <= target) {
        base = pts[i]!;
        baseIndex = i;
        break;
      }
    }
    if (!base) continue;
    out[key] = {
      followers: last.f - base.f,
      followersPct: base.f > 0 ? round((last.f / base.f - 1) * 100, 2) : 0,
      engagementRate: last.er !== null && base.er !== null ? round(last.er - base.er, 2) : null,
      from: base.at,
      points: pts.length - baseIndex,
    };
  }
  return out;
}

/** "+2.3% followers in 30 days (measured from 5 snapshots)" — the widest window the points span. */
export function growthSummary(
  change: Record<ChangeWindow, Change | null>,
  noun: "followers" | "subscribers" = "followers",
): string | null {
  for (const key of ["days30", "days90", "days7"] as const) {
    const c = change[key];
    if (!c) continue;
    const sign = c.followersPct > 0 ? "+" : c.followersPct < 0 ? "−" : "±";
    return `${sign}${Math.abs(c.followersPct).toFixed(1)}% ${noun} in ${CHANGE_WINDOWS[key]} days (measured from ${c.points} snapshots)`;
  }
  return null;
}

export interface Anomaly {
  kind: "spike" | "drop";
  /** The two points that show it. */
  from: string;
  to: string;
  followersPct: number;
  days: number;
  /** Change of engagement per post between the two points (%), when both have it. */
  engagementPct: number | null;
  message: string;
}

/** A jump this large within a week is looked at (HypeAuditor's "hockey stick", H3). */
export const SPIKE_MIN_PCT = 20;
/** …and at least this many followers (small accounts move by tens of percent naturally). */
export const SPIKE_MIN_FOLLOWERS = 1000;
/** A fall this large within a week is a sudden drop. */
export const DROP_MIN_PCT = 10;
export const ANOMALY_WINDOW_DAYS = 7;

/** Engagement per post of a point: median interactions, else rate × followers. */
function perPost(p: Pt): number | null {
  if (p.ix !== null) return p.ix;
  if (p.er !== null) return (p.er / 100) * p.f;
  return null;
}

function days(ms: number): number {
  return Math.max(1, Math.round(ms / DAY));
}

/**
 * Follower jumps far above the account's own trend without a matching rise in engagement per post,
 * and sudden drops, between consecutive points at most a week apart. The trend is the median daily
 * growth over the account's other gaps; a jump counts when it is ≥ 20% (and ≥ 1,000 followers) and
 * over 5× what the trend gives over the same days; it is matched when engagement per post rose by at
 * least half as much (a viral moment, not bought followers).
 */
export function detectAnomalies(points: readonly GrowthPointInput[]): Anomaly[] {
  const pts = clean(points);
  const rates: number[] = [];
  for (let k = 1; k < pts.length; k++) {
    const a = pts[k - 1]!;
    const b = pts[k]!;
    if (b.t > a.t && a.f > 0) rates.push((b.f / a.f - 1) / ((b.t - a.t) / DAY));
  }
  const out: Anomaly[] = [];
  for (let k = 1; k < pts.length; k++) {
    const a = pts[k - 1]!;
    const b = pts[k]!;
    const gapMs = b.t - a.t;
    if (!(gapMs > 0) || gapMs > ANOMALY_WINDOW_DAYS * DAY || !(a.f > 0)) continue;
    const pct = (b.f / a.f - 1) * 100;
    const d = days(gapMs);
    const ea = perPost(a);
    const eb = perPost(b);
    const engagementPct = ea !== null && eb !== null && ea > 0 ? round((eb / ea - 1) * 100, 1) : null;
    if (pct >= SPIKE_MIN_PCT && b.f - a.f >= SPIKE_MIN_FOLLOWERS) {
      const others = rates.filter((_, i) => i !== k - 1).sort((x, y) => x - y);
      const trendDaily = others.length ? others[Math.floor(others.length / 2)]! : 0;
      const expectedPct = Math.max(0, trendDaily) * (gapMs / DAY) * 100;
      if (pct <= expectedPct * 5) continue;
      if (engagementPct !== null && engagementPct >= pct / 2) continue;
      const eng =
        engagementPct === null
          ? " with no engagement measured to back it"
          : engagementPct < 0
            ? ` while engagement per post fell ${Math.abs(Math.round(engagementPct))}%`
            : ` while engagement per post rose only ${Math.round(engagementPct)}%`;
      out.push({
        kind: "spike",
        from: a.at,
        to: b.at,
        followersPct: round(pct, 1),
        days: d,
        engagementPct,
        message: `+${Math.round(pct)}% followers in ${d} ${d === 1 ? "day" : "days"}${eng}: a pattern seen with bought followers`,
      });
    } else if (pct <= -DROP_MIN_PCT && a.f - b.f >= SPIKE_MIN_FOLLOWERS / 2) {
      out.push({
        kind: "drop",
        from: a.at,
        to: b.at,
        followersPct: round(pct, 1),
        days: d,
        engagementPct,
        message: `−${Math.round(-pct)}% followers in ${d} ${d === 1 ? "day" : "days"}: a sudden drop (a platform purge of fake followers, or a lost or renamed account)`,
      });
    }
  }
  return out;
}

export interface HistoryCsvRow {
  /** ISO date-time (midnight UTC of the day given). */
  at: string;
  followers: number;
}

export interface HistoryCsvResult {
  rows: HistoryCsvRow[];
  errors: { line: number; message: string }[];
}

export const HISTORY_CSV_MAX_ROWS = 5000;

/**
 * A follower history CSV: `date,followers` per line (a header line naming them is optional), the
 * date as YYYY-MM-DD (or a full ISO time), followers a whole number (thousands separators allowed).
 * Every line is checked; each problem names its line. Dates after `now` are refused.
 */
export function parseHistoryCsv(text: string, now: Date): HistoryCsvResult {
  const rows: HistoryCsvRow[] = [];
  const errors: { line: number; message: string }[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const seen = new Map<string, number>();
  let data = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const raw = lines[i]!.trim();
    if (raw === "") continue;
    const cells = splitCsvLine(raw);
    if (
      data === 0 &&
      errors.length === 0 &&
      rows.length === 0 &&
      /^"?date"?$/i.test(cells[0]?.trim() ?? "")
    ) {
      if (!/^"?followers"?$/i.test(cells[1]?.trim() ?? ""))
        errors.push({ line, message: `the header must be "date,followers", got "${raw.slice(0, 80)}"` });
      continue;
    }
    data++;
    if (data > HISTORY_CSV_MAX_ROWS) {
      errors.push({ line, message: `at most ${HISTORY_CSV_MAX_ROWS} rows per file` });
      break;
    }
    if (cells.length !== 2) {
      errors.push({ line, message: `expected 2 values (date, followers), got ${cells.length}` });
      continue;
    }
    const [dateText, countText] = cells.map((c) => c.trim()) as [string, string];
    const at = parseDate(dateText);
    if (!at) {
      errors.push({ line, message: `date "${dateText.slice(0, 40)}" is not a date (use YYYY-MM-DD)` });
      continue;
    }
    if (at.getTime() > now.getTime()) {
      errors.push({ line, message: `date ${dateText} is in the future` });
      continue;
    }
    const plain = countText.replace(/[,_\s]/g, "");
    if (!/^\d{1,13}$/.test(plain)) {
      errors.push({
        line,
        message: `followers "${countText.slice(0, 40)}" is not a whole number of 0 or more`,
      });
      continue;
    }
    const iso = at.toISOString();
    const dup = seen.get(iso);
    if (dup !== undefined) {
      errors.push({ line, message: `date ${dateText} is already on line ${dup}` });
      continue;
    }
    seen.set(iso, line);
    rows.push({ at: iso, followers: Number(plain) });
  }
  if (rows.length === 0 && errors.length === 0) errors.push({ line: 0, message: "the file has no rows" });
  rows.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return { rows, errors };
}

function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === "," || c === ";" || c === "\t") {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  out.push(cur);
  return out;
}

function parseDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
      ? date
      : null;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const t = Date.parse(text);
    return Number.isFinite(t) ? new Date(t) : null;
  }
  return null;
}
