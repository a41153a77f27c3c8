import { describe, expect, it } from "vitest";
import { filterResults, isMinMatch, MIN_MATCH_OPTIONS, showingText } from "./result-filters";

const rows = [
  { username: "fit_anna", name: "Anna Fit", description: "Home workouts", matchPercentage: 92 },
  { username: "coach_carl", name: "Carl", description: "Running coach", matchPercentage: 72 },
  { username: "yoga_yui", name: "Yui", description: "Yoga at home", matchPercentage: 40 },
];
const fields = (r: (typeof rows)[number]) => [r.username, r.name, r.description];
const names = (list: { username: string }[]) => list.map((r) => r.username);

describe("result filters", () => {
  it("offers the spec's minimum-match options 0, 50, 70, 80", () => {
    expect(MIN_MATCH_OPTIONS.map((o) => [o.value, o.label])).toEqual([
      [0, "All matches"],
      [50, "50%+"],
      [70, "70%+"],
      [80, "80%+"],
    ]);
    expect(isMinMatch(70)).toBe(true);
    expect(isMinMatch(60)).toBe(false);
  });

  it("keeps rows at or above the minimum match", () => {
    expect(names(filterResults(rows, { query: "", minMatch: 0 }, fields))).toEqual([
      "fit_anna",
      "coach_carl",
      "yoga_yui",
    ]);
    expect(names(filterResults(rows, { query: "", minMatch: 50 }, fields))).toEqual([
      "fit_anna",
      "coach_carl",
    ]);
    expect(names(filterResults(rows, { query: "", minMatch: 80 }, fields))).toEqual(["fit_anna"]);
    expect(
      names(filterResults([{ ...rows[1]!, matchPercentage: 70 }], { query: "", minMatch: 70 }, fields)),
    ).toEqual(["coach_carl"]);
  });

  it("matches the text case-insensitively in any field, ignoring spaces and a leading @", () => {
    expect(names(filterResults(rows, { query: "HOME", minMatch: 0 }, fields))).toEqual([
      "fit_anna",
      "yoga_yui",
    ]);
    expect(names(filterResults(rows, { query: "  carl ", minMatch: 0 }, fields))).toEqual(["coach_carl"]);
    expect(names(filterResults(rows, { query: "@yoga", minMatch: 0 }, fields))).toEqual(["yoga_yui"]);
    expect(names(filterResults(rows, { query: "home", minMatch: 50 }, fields))).toEqual(["fit_anna"]);
    expect(filterResults(rows, { query: "nothing like this", minMatch: 0 }, fields)).toEqual([]);
  });

  it("writes the footer", () => {
    expect(showingText(2, 6)).toBe("Showing 2 of 6 results");
  });
});
