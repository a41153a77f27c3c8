import { describe, expect, it } from "vitest";
import { canonicalHandle, stripAt } from "./handles";

describe("stripAt", () => {
  it("drops every leading @ and nothing else", () => {
    expect(stripAt("@@name")).toBe("name");
    expect(stripAt("@Name.x")).toBe("Name.x");
    expect(stripAt("na@me")).toBe("na@me");
    expect(stripAt("@")).toBe("");
    expect(stripAt(" @name")).toBe(" @name");
  });

  it("is what canonicalHandle strips before folding case", () => {
    expect(canonicalHandle("instagram", " @@Some.One ")).toBe("some.one");
    expect(canonicalHandle("youtube", "@UCabcdefghijklmnopqrstuv")).toBe("UCabcdefghijklmnopqrstuv");
  });
});
