import { describe, expect, it } from "vitest";
import { LOOSE_BANDS, SIGNATURE_TERMS, signatureOf, signatureScope, TIGHT_BANDS } from "./signature";

const FITNESS = [
  "~fitness",
  "pilates",
  "hiit",
  "#pilates",
  "#hiit",
  "workout",
  "topic:fitness",
  "coach",
  "core",
];
const FOOD = ["~plant-based food", "vegan", "recipe", "#vegan", "#mealprep", "topic:food", "curry", "tofu"];
const scope = signatureScope("instagram", false);

const shared = (a: number[], b: number[]) => a.filter((k) => b.includes(k)).length;

describe("LSH signature of a representation", () => {
  it("is deterministic, one key a band, and the same terms give the same keys", () => {
    const a = signatureOf(FITNESS, scope);
    expect(a.tight).toHaveLength(TIGHT_BANDS);
    expect(a.loose).toHaveLength(LOOSE_BANDS);
    expect(signatureOf([...FITNESS], scope)).toEqual(a);
    expect([...a.tight, ...a.loose].every((k) => Number.isInteger(k) && k >= -(2 ** 31) && k < 2 ** 31)).toBe(
      true,
    );
  });

  it("near duplicates share many keys, unrelated creators none", () => {
    const fit = signatureOf(FITNESS, scope);
    const nearly = signatureOf([...FITNESS.slice(0, 8), "mobility"], scope);
    const food = signatureOf(FOOD, scope);
    expect(shared(fit.loose, nearly.loose)).toBeGreaterThanOrEqual(LOOSE_BANDS / 2);
    expect(shared(fit.tight, nearly.tight)).toBeGreaterThan(0);
    expect(shared(fit.loose, food.loose) + shared(fit.tight, food.tight)).toBe(0);
  });

  it("keeps scopes apart: samples never meet real accounts, platforms never meet", () => {
    const real = signatureOf(FITNESS, scope);
    const sample = signatureOf(FITNESS, signatureScope("instagram", true));
    const youtube = signatureOf(FITNESS, signatureScope("youtube", false));
    expect(shared(real.loose, sample.loose)).toBe(0);
    expect(shared(real.loose, youtube.loose)).toBe(0);
  });

  it("reads only the heaviest terms, and nothing from an empty representation", () => {
    const many = Array.from({ length: 40 }, (_, i) => `word${i}`);
    const tail = [...many.slice(0, SIGNATURE_TERMS), "other1", "other2"];
    expect(signatureOf(many, scope)).toEqual(signatureOf(tail, scope));
    expect(signatureOf([], scope)).toEqual({ tight: [], loose: [] });
  });
});
