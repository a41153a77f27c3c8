import { describe, expect, it } from "vitest";
import { engagementTone, formatDate, formatFollowers, gradeTone, matchTone } from "./format";

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
    expect(formatDate("garbage")).toBe("Not available");
  });
});
