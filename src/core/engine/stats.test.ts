import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { median, medianInPlace } from "./stats";

/** The definition: sort, take the middle (or the mean of the two middle values). */
function sortedMedian(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

describe("median (selection, no sort)", () => {
  it("equals the sorted definition for any list, duplicates included, and leaves the input alone", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.nat(5), fc.double({ min: 0, max: 1e9, noNaN: true })), { maxLength: 200 }),
        (xs) => {
          const copy = [...xs];
          expect(median(xs)).toBe(sortedMedian(xs));
          expect(xs).toEqual(copy);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("works in place on a buffer prefix", () => {
    const buf = Float64Array.from([9, 1, 8, 2, 7, 3, 100]);
    expect(medianInPlace(buf, 6)).toBe(5); // 1 2 3 | 7 8 9: (3 + 7) ÷ 2, the 100 beyond the prefix unread
    expect(medianInPlace(buf, 0)).toBeNull();
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
  });
});
