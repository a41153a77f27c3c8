import { describe, expect, it } from "vitest";
import { engagementTone, formatDate, formatFollowers, gradeTone, matchTone, thousands } from "./format";

describe("formatters", () => {
  it.each([
    [999, "999"],
    [1000, "1.0K"],
    [1250, "1.3K"],
    [999_949, "999.9K"],
    [999_950, "1.0M"],
    [999.4, "999"],
    [999.6, "1.0K"],
    [0, "0"],
    [1_000_000, "1.0M"],
    [1_049_999, "1.0M"],
    [1_050_000, "1.1M"],
    [-5, "N/A"],
    [Number.POSITIVE_INFINITY, "N/A"],
    [undefined, "N/A"],
    [283_400_000, "283.4M"],
    [Number.NaN, "N/A"],
    [null, "N/A"],
  ])("formatFollowers(%s) = %s", (n, s) => expect(formatFollowers(n as number)).toBe(s));

  it("colours grades as the spec says", () => {
    for (const g of ["A+", "A", "A-", "B+"]) expect(gradeTone(g)).toBe("good");
    for (const g of ["B", "B-", "C+", "C"]) expect(gradeTone(g)).toBe("warning");
    for (const g of ["C-", "D+", "D", "D-", "F"]) expect(gradeTone(g)).toBe("bad");
    expect(gradeTone(null)).toBe("neutral");
    expect(gradeTone("E")).toBe("neutral");
  });

  it("colours engagement levels and match badges", () => {
    expect([
      engagementTone("High"),
      engagementTone("Medium"),
      engagementTone("Low"),
      engagementTone("unknown"),
    ]).toEqual(["good", "warning", "bad", "neutral"]);
    expect([
      matchTone(100),
      matchTone(80),
      matchTone(79.9),
      matchTone(60),
      matchTone(59),
      matchTone(0),
    ]).toEqual(["default", "default", "secondary", "secondary", "outline", "outline"]);
    expect(matchTone(Number.NaN)).toBe("outline");
    expect(matchTone(null)).toBe("outline");
  });

  it("writes dates en-US with a short month", () => {
    expect(formatDate("2026-11-22T15:00:00Z")).toBe("Nov 22, 2026");
    expect(formatDate("2026-11-22T23:59:59-05:00")).toBe("Nov 23, 2026");
    expect(formatDate(new Date(Date.UTC(2024, 1, 29)))).toBe("Feb 29, 2024");
    expect(formatDate("garbage")).toBe("Not available");
    expect(formatDate(null)).toBe("Not available");
  });

  it("writes every day as Intl does in en-US (UTC), without calling it", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    // Every day from 1999 to 2031 at a varying hour, and the far past and future.
    const days: Date[] = [];
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2032, 0, 1); t += 86_400_000 + 3_600_000)
      days.push(new Date(t));
    days.push(new Date(Date.UTC(1000, 5, 15)), new Date(Date.UTC(9999, 11, 31, 23, 59)));
    for (const d of days) expect(formatDate(d)).toBe(intl.format(d));
  });

  it("groups whole numbers as Intl does in en-US", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    const values = [
      0, 1, -1, 0.5, 1.5, 2.5, -2.5, 999, 999.5, 1000, 12_345.49, 123_456, 1_234_567, -9_876_543.5,
    ];
    let x = 1;
    for (let i = 0; i < 400; i++) {
      x = (x * 48_271) % 2_147_483_647;
      values.push(x / 1000, x, x * 997, -x / 7);
    }
    for (const v of values) expect(thousands(v), String(v)).toBe(intl.format(v));
  });
});
