import { describe, expect, it } from "vitest";
import { detectAnomalies, growthChanges, growthSummary, parseHistoryCsv } from "./growth";

const NOW = new Date("2026-11-20T12:00:00Z");
const day = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

describe("growth changes", () => {
  it("measures each window from the newest point at least that old, and is null when the points do not span it", () => {
    const points = [
      { at: day(40), followers: 9_000, engagementRate: 2 },
      { at: day(20), followers: 9_500 },
      { at: day(8), followers: 9_800, engagementRate: 2.5 },
      { at: day(3), followers: 9_900 },
      { at: day(0), followers: 10_000, engagementRate: 3 },
    ];
    const c = growthChanges(points, NOW);
    expect(c.days7).toEqual({
      followers: 200,
      followersPct: 2.04,
      engagementRate: 0.5,
      from: day(8),
      points: 3,
    });
    expect(c.days30).toEqual({
      followers: 1000,
      followersPct: 11.11,
      engagementRate: 1,
      from: day(40),
      points: 5,
    });
    expect(c.days90).toBeNull();
    expect(growthSummary(c)).toBe("+11.1% followers in 30 days (measured from 5 snapshots)");
    expect(
      growthSummary(
        growthChanges(
          [
            { at: day(8), followers: 100 },
            { at: day(0), followers: 90 },
          ],
          NOW,
        ),
        "subscribers",
      ),
    ).toBe("−10.0% subscribers in 7 days (measured from 2 snapshots)");
  });

  it("ignores bad points and points after now", () => {
    const c = growthChanges(
      [
        { at: "nope", followers: 1 },
        { at: day(10), followers: Number.NaN },
        { at: day(-1), followers: 5 },
        { at: day(0), followers: 10 },
      ],
      NOW,
    );
    expect(c).toEqual({ days7: null, days30: null, days90: null });
    expect(growthSummary(c)).toBeNull();
  });
});

describe("anomalies", () => {
  const steady = [0, 1, 2, 3, 4, 5].map((d) => ({
    at: day(20 - d * 2),
    followers: 50_000 + d * 100,
    medianInteractions: 1000,
  }));

  it("flags a jump far above the trend when engagement per post fell, with the two points", () => {
    const points = [...steady, { at: day(7), followers: 69_000, medianInteractions: 800 }];
    expect(detectAnomalies(points)).toEqual([
      {
        kind: "spike",
        from: day(10),
        to: day(7),
        followersPct: 36.6,
        days: 3,
        engagementPct: -20,
        message:
          "+37% followers in 3 days while engagement per post fell 20%: a pattern seen with bought followers",
      },
    ]);
  });

  it("does not flag a jump engagement kept pace with, nor a fast-growing account's usual pace", () => {
    expect(detectAnomalies([...steady, { at: day(7), followers: 69_000, medianInteractions: 1400 }])).toEqual(
      [],
    );
    const fast = [0, 1, 2, 3].map((d) => ({ at: day(20 - d * 5), followers: Math.round(10_000 * 1.3 ** d) }));
    expect(detectAnomalies(fast)).toEqual([]);
  });

  it("flags a sudden drop", () => {
    const [a] = detectAnomalies([...steady, { at: day(8), followers: 40_000 }]);
    expect(a).toMatchObject({ kind: "drop", followersPct: -20.8, days: 2 });
    expect(a!.message).toMatch(/^−21% followers in 2 days: a sudden drop/);
  });
});

describe("history CSV", () => {
  it("reads date,followers rows with or without a header, quoted thousands and full ISO times", () => {
    const r = parseHistoryCsv('date,followers\n2026-09-01,"12,000"\n\n2026-08-01T12:00:00Z,11000\n', NOW);
    expect(r.errors).toEqual([]);
    expect(r.rows).toEqual([
      { at: "2026-08-01T12:00:00.000Z", followers: 11_000 },
      { at: "2026-09-01T00:00:00.000Z", followers: 12_000 },
    ]);
    expect(parseHistoryCsv("2026-09-01,5\n", NOW).rows).toHaveLength(1);
  });

  it("names every bad line", () => {
    const r = parseHistoryCsv(
      "date,followers\n2026-02-30,10\n2026-09-01,-5\n2026-09-02\n2027-01-01,5\n2026-09-03,7\n2026-09-03,8\n",
      NOW,
    );
    expect(r.errors).toEqual([
      { line: 2, message: 'date "2026-02-30" is not a date (use YYYY-MM-DD)' },
      { line: 3, message: 'followers "-5" is not a whole number of 0 or more' },
      { line: 4, message: "expected 2 values (date, followers), got 1" },
      { line: 5, message: "date 2027-01-01 is in the future" },
      { line: 7, message: "date 2026-09-03 is already on line 6" },
    ]);
    expect(parseHistoryCsv("date,followers\n", NOW).errors).toEqual([
      { line: 0, message: "the file has no rows" },
    ]);
    expect(parseHistoryCsv("date,count\n2026-09-01,5\n", NOW).errors[0]).toEqual({
      line: 1,
      message: 'the header must be "date,followers", got "date,count"',
    });
  });
});
