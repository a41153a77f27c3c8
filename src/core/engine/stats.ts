import { thousands } from "../format";
/** Small numeric helpers of the engine. All are total: bad input gives null or a clamped value. */

/** Counts above this are implausible (more than everyone on Earth, many times over): unknown. */
export const MAX_COUNT = 1e13;

/**
 * A count the engine may use: a finite, non-negative, plausible number, else unknown (null).
 * −0 passes `v >= 0` and comes back as 0 (`+ 0`): a report must read the same after a JSON round trip.
 */
export function num(v: unknown): number | null {
  return typeof v === "number" && v >= 0 && v <= MAX_COUNT ? v + 0 : null;
}

/** A string of at most `max` characters, or "" when it is not a string. */
export function str(v: unknown, max: number): string {
  return typeof v === "string" ? (v.length > max ? v.slice(0, max) : v) : "";
}

/** The value when it is a finite number, else null (a last guard on computed figures). */
export function fin(v: number | null): number | null {
  return v !== null && Number.isFinite(v) ? v : null;
}

/** Median of the values (the input is not modified); null for an empty list. */
export function median(values: readonly number[]): number | null {
  const n = values.length;
  if (n === 0) return null;
  if (n === 1) return values[0]!;
  const s = scratch(n);
  for (let i = 0; i < n; i++) s[i] = values[i]!;
  return medianInPlace(s, n);
}

/** Median of s[0, n), reordering s; null when n is 0. */
export function medianInPlace(s: Float64Array, n: number): number | null {
  if (n === 0) return null;
  if (n === 1) return s[0]!;
  const mid = n >> 1;
  const upper = select(s, n, mid);
  if (n % 2) return upper;
  // After select(), s[0, mid) holds the mid smallest values: the lower middle one is their maximum.
  let lower = s[0]!;
  for (let i = 1; i < mid; i++) if (s[i]! > lower) lower = s[i]!;
  return (lower + upper) / 2;
}

let SCRATCH = new Float64Array(256);

/** A reused buffer of at least n numbers for medianInPlace (one user at a time). */
export function scratch(n: number): Float64Array {
  if (SCRATCH.length < n) SCRATCH = new Float64Array(n);
  return SCRATCH;
}

/**
 * The k-th smallest of s[0, n) (Hoare's selection: O(n) on average, in place). Afterwards s[k] is
 * that value, everything before it is ≤ and everything after it ≥ (values are finite numbers).
 */
function select(s: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 8) {
    // Median of three as the pivot, kept at s[lo + 1]; s[lo] ≤ pivot ≤ s[hi] are sentinels.
    const m = (lo + hi) >> 1;
    let a = s[lo]!;
    let b = s[m]!;
    let c = s[hi]!;
    if (a > b) {
      const t = a;
      a = b;
      b = t;
    }
    if (b > c) {
      const t = b;
      b = c;
      c = t;
    }
    if (a > b) {
      const t = a;
      a = b;
      b = t;
    }
    s[lo] = a;
    s[m] = s[lo + 1]!;
    s[lo + 1] = b;
    s[hi] = c;
    const pivot = b;
    let i = lo + 1;
    let j = hi;
    for (;;) {
      do i++;
      while (s[i]! < pivot);
      do j--;
      while (s[j]! > pivot);
      if (i > j) break;
      const t = s[i]!;
      s[i] = s[j]!;
      s[j] = t;
    }
    s[lo + 1] = s[j]!;
    s[j] = pivot;
    if (j === k) return pivot;
    if (j < k) lo = j + 1;
    else hi = j - 1;
  }
  // A few values left: insertion sort of s[lo, hi].
  for (let i = lo + 1; i <= hi; i++) {
    const v = s[i]!;
    let j = i - 1;
    while (j >= lo && s[j]! > v) {
      s[j + 1] = s[j]!;
      j--;
    }
    s[j + 1] = v;
  }
  return s[k]!;
}

export function mean(values: readonly number[]): number | null {
  const n = values.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i]!;
  return sum / n;
}

/** Coefficient of variation (population standard deviation ÷ mean); null with < 2 values or mean ≤ 0. */
export function cv(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const m = mean(values)!;
  if (!(m > 0)) return null;
  let ss = 0;
  for (let i = 0; i < values.length; i++) ss += (values[i]! - m) ** 2;
  return Math.sqrt(ss / values.length) / m;
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export function clamp(n: number, lo: number, hi: number): number {
  return n < lo ? lo : n > hi ? hi : n;
}

/** Linear interpolation through (x, y) points with x ascending; flat beyond both ends. */
export function piecewise(x: number, points: readonly (readonly [number, number])[]): number {
  const first = points[0]!;
  if (!(x > first[0])) return first[1];
  for (let i = 1; i < points.length; i++) {
    const p1 = points[i]!;
    const x1 = p1[0];
    if (x <= x1) {
      const p0 = points[i - 1]!;
      const x0 = p0[0];
      const y0 = p0[1];
      return y0 + ((x - x0) / (x1 - x0 || 1)) * (p1[1] - y0);
    }
  }
  return points[points.length - 1]![1];
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 via erf; error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/**
 * A dollar amount for a range: 2 significant digits from $1,000 ($1,234 → $1,200), tens from $100,
 * whole dollars below.
 */
export function money(n: number): string {
  const v = n >= 1000 ? Number(n.toPrecision(2)) : n >= 100 ? Math.round(n / 10) * 10 : Math.round(n);
  return `$${thousands(v)}`;
}

export function pct(n: number, digits = 2): string {
  return `${n.toFixed(digits)}%`;
}

/** "1 post", "3 posts". */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** 91 → "91st", 12 → "12th". */
export function ordinal(n: number): string {
  const r100 = n % 100;
  if (r100 >= 11 && r100 <= 13) return `${n}th`;
  const r = n % 10;
  return `${n}${r === 1 ? "st" : r === 2 ? "nd" : r === 3 ? "rd" : "th"}`;
}
