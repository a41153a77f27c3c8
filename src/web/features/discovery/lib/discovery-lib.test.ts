import { describe, expect, it } from "vitest";
import { DISCOVERY_ROWS, WEB_ROW } from "../testing/discovery-fixture";
import { CSV_COLUMNS, csvCell, csvFileName, discoveryCsv, toCsv } from "./csv";
import { ariaSort, headerSort, SORT_OPTIONS, sortResults } from "./sort";

const names = (list: { username: string }[]) => list.map((r) => r.username);

describe("discovery sorts", () => {
  it("offers the six sorts of spec §2", () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      "Match % (high to low)",
      "Match % (low to high)",
      "Followers (high to low)",
      "Followers (low to high)",
      "Username (A-Z)",
      "Username (Z-A)",
    ]);
  });

  it.each([
    ["match-desc", ["fit_anna", "fit_bo", "coach_carl", "zed_fitness", "alma.moves", "yoga_yui"]],
    ["match-asc", ["yoga_yui", "alma.moves", "zed_fitness", "coach_carl", "fit_bo", "fit_anna"]],
    ["followers-desc", ["zed_fitness", "coach_carl", "fit_anna", "alma.moves", "fit_bo", "yoga_yui"]],
    ["followers-asc", ["yoga_yui", "fit_bo", "alma.moves", "fit_anna", "coach_carl", "zed_fitness"]],
    ["username-asc", ["alma.moves", "coach_carl", "fit_anna", "fit_bo", "yoga_yui", "zed_fitness"]],
    ["username-desc", ["zed_fitness", "yoga_yui", "fit_bo", "fit_anna", "coach_carl", "alma.moves"]],
  ] as const)("%s", (key, expected) => {
    expect(names(sortResults(DISCOVERY_ROWS, key))).toEqual(expected);
  });

  it("keeps the server's order for ties and does not touch its input", () => {
    const tied = DISCOVERY_ROWS.map((r) => ({ ...r, followers: 1000 }));
    expect(names(sortResults(tied, "followers-desc"))).toEqual(names(DISCOVERY_ROWS));
    expect(names(sortResults(tied, "followers-asc"))).toEqual(names(DISCOVERY_ROWS));
    const before = names(DISCOVERY_ROWS);
    sortResults(DISCOVERY_ROWS, "username-asc");
    expect(names(DISCOVERY_ROWS)).toEqual(before);
  });

  it("header clicks: names start A-Z, numbers high to low; the same header again reverses", () => {
    expect(headerSort("match-desc", "username")).toBe("username-asc");
    expect(headerSort("username-asc", "username")).toBe("username-desc");
    expect(headerSort("username-desc", "username")).toBe("username-asc");
    expect(headerSort("username-asc", "followers")).toBe("followers-desc");
    expect(headerSort("followers-desc", "followers")).toBe("followers-asc");
    expect(headerSort("followers-asc", "match")).toBe("match-desc");
    expect(headerSort("match-desc", "match")).toBe("match-asc");
    expect(ariaSort("match-desc", "match")).toBe("descending");
    expect(ariaSort("username-asc", "username")).toBe("ascending");
    expect(ariaSort("username-asc", "followers")).toBe("none");
  });
});

describe("CSV export", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" padded ")).toBe('" padded "');
    expect(csvCell(12_000)).toBe("12000");
    expect(csvCell(null)).toBe("");
    expect(
      toCsv([
        ["a", "b"],
        ["c,d", 1],
      ]),
    ).toBe('a,b\r\n"c,d",1');
  });

  it.each([
    ["=1+1", "'=1+1"],
    ["+33 6 12", "'+33 6 12"],
    ["-10 kg", "'-10 kg"],
    ["@home yoga", "'@home yoga"],
    ["\tcmd", "'\tcmd"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])("neutralises the formula-looking cell %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("writes a header and one line per row, in the order given", () => {
    const text = discoveryCsv([DISCOVERY_ROWS[2]!, DISCOVERY_ROWS[0]!, WEB_ROW]);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(CSV_COLUMNS.join(","));
    expect(lines[0]).toBe(
      "Username,Name,Platform,Verified,Followers,Match %,Industry,Description,Engagement Rate,Countries,Sample Data,Found on the Web,Source of figures",
    );
    // coach_carl: a formula name neutralised and quoted; a description with comma, quotes, line break.
    expect(text).toContain(
      `coach_carl,"'=HYPERLINK(""http://evil.example"",""Carl"")",Instagram,No,60000,72,Health & Wellness,"Coach, ""wellness"" nerd,\nand runner",1.1%,United States; Canada; Australia,No,No,Measured\r\n`,
    );
    expect(text).toContain(
      "fit_anna,Anna Fit,Instagram,Yes,45200,92,Fitness,Home workouts and strength training for busy parents,2.1%,United States; Canada; United Kingdom; Germany; France,No,No,Measured\r\n",
    );
    // A row the web search added says so; its figures are measured like the rest.
    expect(text).toContain(
      "trail_tess,Tess Trails,Instagram,No,23400,77,Fitness,Trail running and strength for runners,2.6%,Canada,No,Yes,Measured\r\n",
    );
    // Figures from the model's web search say so in "Source of figures".
    const [estimated] = discoveryCsv([{ ...DISCOVERY_ROWS[0]!, modelFigures: true }])
      .split("\r\n")
      .slice(1);
    expect(estimated!.endsWith(",Model estimate (web search)")).toBe(true);
    const [sample] = discoveryCsv([{ ...DISCOVERY_ROWS[0]!, isSample: true }])
      .split("\r\n")
      .slice(1);
    expect(sample!.endsWith(",Yes,No,Sample data")).toBe(true);
    expect(text.indexOf("coach_carl")).toBeLessThan(text.indexOf("fit_anna"));
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("names the file after the search and the day", () => {
    const now = new Date("2026-05-01T12:00:00Z");
    expect(
      csvFileName(
        { platform: "instagram", followerRange: "10k_to_100k", industry: "Health & Wellness" },
        now,
      ),
    ).toBe("discovery-instagram-10k-100k-health-wellness-2026-05-01.csv");
    expect(csvFileName({ platform: "tiktok", followerRange: "1mil_plus", industry: "any" }, now)).toBe(
      "discovery-tiktok-1m-any-industry-2026-05-01.csv",
    );
  });
});
