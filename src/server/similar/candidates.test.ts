import { describe, expect, it } from "vitest";
import { bestByKeys, type KeyedRow, keyedOverlap } from "./candidates";

const row = (id: number, sig: number[], extra: Partial<KeyedRow> = {}): KeyedRow => ({
  id,
  sig,
  followers: 50_000,
  industry: "Fitness",
  countries: [],
  formats: [],
  ...extra,
});

describe("the candidate stage's estimate (decision 045)", () => {
  it("estimates the overlap of terms as the square root of the loose bands shared", () => {
    const loose = new Set([1, 2, 3, 4]);
    expect(keyedOverlap([1, 2, 3, 4, 99], loose, 4)).toBe(1);
    expect(keyedOverlap([1, 77], loose, 4)).toBeCloseTo(0.5, 10);
    expect(keyedOverlap([77, 78], loose, 4)).toBe(0);
    expect(keyedOverlap([1], new Set(), 0)).toBe(0);
  });

  it("keeps the accounts with the best estimated score: keys shared, then what the prior adds", () => {
    const loose = [1, 2, 3, 4];
    const noPrior = { textWeight: 0.7, prior: () => 0 };
    const rows = [row(10, [1]), row(11, [1, 2, 3]), row(12, [1, 2]), row(13, [9])];
    expect(bestByKeys(rows, loose, noPrior, 2)).toEqual([11, 12]);
    // A prior worth more than the text difference lifts an account above one sharing more keys.
    const fitnessOnly = { textWeight: 0.7, prior: (r: KeyedRow) => (r.industry === "Food" ? 0.3 : 0) };
    const mixed = [row(20, [1, 2, 3]), row(21, [1, 2], { industry: "Food" })];
    expect(bestByKeys(mixed, loose, fitnessOnly, 1)).toEqual([21]);
    // Ties keep the read order (the near duplicates, read first).
    expect(bestByKeys([row(30, [1]), row(31, [2]), row(32, [3])], loose, noPrior, 2)).toEqual([30, 31]);
  });
});
