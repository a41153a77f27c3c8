import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanPosts, parseIso } from "./posts";

const post = (id: string | number, postedAt: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: "photo",
  caption: "",
  postedAt,
  likes: 1,
  ...extra,
});

describe("cleanPosts", () => {
  it("keeps the first post of each id (numbers and strings alike), newest first, unreadable dates last", () => {
    const out = cleanPosts([
      post("a", "2026-01-01T00:00:00Z"),
      post("b", "not a date"),
      post("c", "2026-03-01T00:00:00Z"),
      post("a", "2026-05-01T00:00:00Z"),
      post(7, "2026-02-01T00:00:00Z"),
      post("7", "2026-04-01T00:00:00Z"),
    ]);
    expect(out.map((p) => p.id)).toEqual(["c", "7", "a", "b"]);
  });

  it("gives the same posts in the same order whether or not the input was already sorted", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h"),
            at: fc.option(fc.integer({ min: 1_700_000_000, max: 1_800_000_000 }), { nil: null }),
          }),
          { maxLength: 40 },
        ),
        (rows) => {
          const raw = rows.map((r) =>
            post(r.id, r.at === null ? "bad" : new Date(r.at * 1000).toISOString()),
          );
          const got = cleanPosts(raw).map((p) => `${p.id}@${p.postedAt}`);
          // The reference: dedupe with a Set, then a stable sort by date (NaN last).
          const seen = new Set<string | number>();
          const ref = raw
            .filter((p) => {
              if (seen.has(p.id)) return false;
              seen.add(p.id);
              return true;
            })
            .map((p) => ({ id: p.id, t: Date.parse(p.postedAt) }))
            .sort((a, b) => (Number.isNaN(b.t) ? -Infinity : b.t) - (Number.isNaN(a.t) ? -Infinity : a.t))
            .slice(0, 30)
            .map((p) => `${p.id}@${p.t}`);
          expect(got).toEqual(ref);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("handles many posts with colliding ids", () => {
    const raw = Array.from({ length: 1000 }, (_, i) => post(`id${i % 137}`, "2026-01-01T00:00:00Z"));
    expect(cleanPosts(raw)).toHaveLength(30);
    expect(new Set(cleanPosts(raw).map((p) => p.id)).size).toBe(30);
  });
});

describe("parseIso", () => {
  it("matches Date.parse for every valid ISO date-time from year 100 on", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("0100-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        (d, offsetMin) => {
          const iso = d.toISOString();
          expect(parseIso(iso)).toBe(Date.parse(iso));
          const sign = offsetMin < 0 ? "-" : "+";
          const abs = Math.abs(offsetMin);
          const withOffset = `${iso.slice(0, 19)}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
          expect(parseIso(withOffset)).toBe(Date.parse(withOffset));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
