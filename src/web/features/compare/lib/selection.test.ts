// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { accountsParam, compareSelection } from "./selection";

afterEach(() => compareSelection.clear());

describe("compare selection", () => {
  it("toggles creators, keeps at most four (the oldest makes room) and survives in session storage", () => {
    for (const u of ["a", "b", "c", "d"]) compareSelection.toggle({ platform: "tiktok", username: u });
    expect(compareSelection.toggle({ platform: "youtube", username: "e" }).map((t) => t.username)).toEqual([
      "b",
      "c",
      "d",
      "e",
    ]);
    expect(compareSelection.toggle({ platform: "tiktok", username: "C" }).map((t) => t.username)).toEqual([
      "b",
      "d",
      "e",
    ]);
    expect(JSON.parse(window.sessionStorage.getItem("compare-selection")!)).toHaveLength(3);
    expect(accountsParam(compareSelection.get())).toBe("tiktok:b,tiktok:d,youtube:e");
  });
});
