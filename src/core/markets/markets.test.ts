import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../taxonomy";
import { basisText, isLocated, marketBasisOf, marketBasisView } from "./basis";
import { LANGUAGE_COUNTRIES, LANGUAGE_MARKETS } from "./languages";
import { countryOfPlace, PLACES, placesIn } from "./places";

describe("the place table", () => {
  it.each([
    ["Toronto", "Canada"],
    ["Bay Area", "United States"],
    ["bay area", "United States"],
    ["Montreal", "Canada"],
    ["Montréal", "Canada"],
    ["Abuja", "Nigeria"],
    ["Cape Town", "South Africa"],
    ["London", "United Kingdom"],
    ["Germany", "Germany"],
  ])("puts %s in %s", (place, country) => {
    expect(countryOfPlace(place)).toBe(country);
  });

  it("knows no made-up place", () => {
    expect(countryOfPlace("Atlantis")).toBeNull();
    expect(countryOfPlace("")).toBeNull();
  });

  it("maps only to taxonomy countries", () => {
    for (const country of Object.keys(PLACES)) expect(COUNTRIES).toContain(country);
    for (const l of Object.values(LANGUAGE_COUNTRIES))
      for (const c of l.countries) expect(COUNTRIES).toContain(c);
    for (const list of Object.values(LANGUAGE_MARKETS)) for (const c of list) expect(COUNTRIES).toContain(c);
  });

  it("finds whole-word places in a text, as written, one per country, longest name first", () => {
    expect(placesIn("Vegan chef in Toronto 🍁, born in the Bay Area. Toronto again; Montréal too")).toEqual([
      { place: "Toronto", country: "Canada" },
      { place: "Bay Area", country: "United States" },
    ]);
    expect(placesIn("Living in New South Wales")).toEqual([
      { place: "New South Wales", country: "Australia" },
    ]);
    // Not inside other words.
    expect(placesIn("Parisian style, londonderry")).toEqual([]);
  });
});

describe("the market basis", () => {
  it("prefers a location signal over captions and the caption language, and says which", () => {
    const basis = marketBasisOf({
      countries: [
        { country: "Canada", reason: "captions in English (90%)" },
        { country: "United States", reason: "captions in English (90%)" },
        { country: "Nigeria", reason: "country declared on the profile" },
        { country: "Brazil", reason: "named in 2 captions" },
        { country: "Mexico", reason: "prices in MX$" },
        { country: "Germany" },
      ],
      name: "Maya | Toronto eats",
      bio: "Recipes from Toronto and the Bay Area",
    });
    expect(basis).toEqual([
      { country: "Canada", kind: "name", evidence: "Toronto" },
      { country: "United States", kind: "bio", evidence: "Bay Area" },
      { country: "Nigeria", kind: "location", evidence: "Nigeria" },
      { country: "Brazil", kind: "captions", evidence: "named in 2 captions" },
      { country: "Mexico", kind: "currency", evidence: "MX$" },
      { country: "Germany", kind: "unknown", evidence: "" },
    ]);
    expect(basis.map((b) => isLocated(b.kind))).toEqual([true, true, true, false, false, false]);
  });

  it("reads a geotag when nothing else places the creator", () => {
    expect(
      marketBasisOf({
        countries: [{ country: "South Africa", reason: "captions in English (80%)" }],
        geotags: ["Cape Town, Western Cape"],
      }),
    ).toEqual([{ country: "South Africa", kind: "geotag", evidence: "Cape Town" }]);
  });

  it("says what a claim rests on, and that a language guess is an estimate", () => {
    expect(basisText({ kind: "bio", evidence: "Toronto" })).toBe("from bio: Toronto");
    expect(basisText({ kind: "language", evidence: "English" })).toBe(
      "from caption language: English — an estimate",
    );
    expect(
      marketBasisView(["Canada", "Ghana"], [{ country: "Canada", kind: "bio", evidence: "Toronto" }]),
    ).toEqual([
      { country: "Canada", basis: "from bio: Toronto", estimate: false },
      { country: "Ghana", basis: "basis not recorded — an estimate", estimate: true },
    ]);
  });
});
