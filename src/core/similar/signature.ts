/**
 * A compact signature of a representation for finding candidates fast (docs/decisions/041-similar-speed.md):
 * MinHash of the representation's heaviest terms, cut into LSH bands, each band one int4 key. Two
 * accounts share a band key with a probability that grows steeply with the Jaccard similarity of
 * their heaviest terms (J² for a loose band of two minima, J⁴ for a tight band of four), so the
 * accounts sharing a key with a seed are, with high probability, the ones most like it — a few
 * hundred rows found through a GIN index on int4[], whatever the index's size.
 *
 * Keys carry the scope (platform, samples or real accounts), so samples never meet real accounts and
 * platforms never meet. Pure, deterministic and about 5 µs an account: no corpus statistics, so any
 * instance computes the same keys for the same account.
 */

/** Terms (heaviest first) the MinHash reads. */
export const SIGNATURE_TERMS = 16;
/** Loose bands (two minima each): the wide net. */
export const LOOSE_BANDS = 16;
/** Tight bands (four minima each: two loose bands joined): the near duplicates, asked first. */
export const TIGHT_BANDS = LOOSE_BANDS / 2;

/** Murmur3's finaliser: a good 32-bit mix. */
function fmix(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** FNV-1a over the UTF-16 code units, then mixed. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix(h);
}

const FUNCTIONS = LOOSE_BANDS * 2;
const SALTS = Array.from({ length: FUNCTIONS }, (_, i) => fmix(Math.imul(i + 1, 0x9e3779b9)));

function combine(...parts: number[]): number {
  let h = 0x27d4eb2f;
  for (const p of parts) h = fmix((h ^ p) + 0x9e3779b9 + (h << 6) + (h >>> 2));
  return h | 0;
}

export interface Signature {
  /** Tight band keys (asked first). */
  tight: number[];
  /** Loose band keys. */
  loose: number[];
}

/** The band keys of a representation's terms (heaviest first) in a scope ("instagram:real"). */
export function signatureOf(terms: readonly string[], scope: string): Signature {
  const kept = terms.slice(0, SIGNATURE_TERMS);
  if (kept.length === 0) return { tight: [], loose: [] };
  const hashes = kept.map(hashString);
  const mins = SALTS.map((salt) => {
    let m = 0xffffffff;
    for (const h of hashes) {
      const v = fmix(h ^ salt);
      if (v < m) m = v;
    }
    return m;
  });
  const s = hashString(scope);
  const loose: number[] = [];
  for (let b = 0; b < LOOSE_BANDS; b++) loose.push(combine(s, 1, b, mins[2 * b]!, mins[2 * b + 1]!));
  const tight: number[] = [];
  for (let b = 0; b < TIGHT_BANDS; b++)
    tight.push(combine(s, 2, b, mins[4 * b]!, mins[4 * b + 1]!, mins[4 * b + 2]!, mins[4 * b + 3]!));
  return { tight, loose };
}

/** The scope of an account's keys: its platform and whether it is a sample. */
export function signatureScope(platform: string, isSample: boolean): string {
  return `${platform}:${isSample ? "sample" : "real"}`;
}
