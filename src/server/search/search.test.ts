import { describe, expect, it } from "vitest";
import type { SiteSearchResponse } from "#core/schemas/search";
import { accounts } from "../db/schema";
import { useTestApp } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";
import { handlePrefix, toPrefixTsQuery } from "./search-service";

const ANALYZED = new Date("2026-01-10T12:00:00Z");

function row(r: {
  platform?: "instagram" | "tiktok" | "youtube";
  username: string;
  name?: string;
  bio?: string;
  industry?: string;
  followers?: number;
  grade?: string | null;
  analyzed?: boolean;
}) {
  return {
    platform: r.platform ?? "instagram",
    username: r.username,
    name: r.name ?? "",
    bio: r.bio ?? "",
    industry: r.industry ?? "General",
    followers: r.followers ?? 1000,
    grade: r.grade === undefined ? "B" : r.grade,
    engagementRate: 2.5,
    source: "import",
    lastAnalyzedAt: r.analyzed === false ? null : ANALYZED,
  };
}

const SEED = [
  row({ username: "janedoe", name: "Jane Doe", industry: "Fitness", followers: 1_250_000, grade: "A" }),
  row({ username: "jane_runs", name: "Jane Runner", industry: "Sports", followers: 40_000 }),
  row({
    platform: "tiktok",
    username: "chef.marco",
    name: "Marco Rossi",
    bio: "Pasta recipes from Napoli",
    industry: "Food",
  }),
  row({
    platform: "youtube",
    username: "techtalk",
    name: "Tech Talk",
    bio: "Gadget reviews",
    industry: "Technology",
  }),
  row({ username: "janelle", name: "Janelle", industry: "Beauty", followers: 900 }),
  // Stored but never analysed (e.g. a seeded sample): no report to show, so not a search result.
  row({ username: "jane_unseen", name: "Jane Unseen", analyzed: false }),
  row({ username: "percent%user", name: "Odd Name" }),
];

describe("search term sanitising", () => {
  it("turns words into quoted prefix lexemes and drops every tsquery operator", () => {
    expect(toPrefixTsQuery("Jane Doe")).toBe("'jane':* & 'doe':*");
    expect(toPrefixTsQuery("a & b | !c :* (d) <-> 'e'")).toBe("'a':* & 'b':* & 'c':* & 'd':* & 'e':*");
    expect(toPrefixTsQuery("🔥🔥 !!")).toBeNull();
    expect(toPrefixTsQuery("Café Müller")).toBe("'café':* & 'müller':*");
  });
  it("escapes LIKE wildcards in the handle prefix", () => {
    expect(handlePrefix("@Jane_Doe")).toBe("jane\\_doe");
    expect(handlePrefix("100%")).toBe("100\\%");
    expect(handlePrefix("  ")).toBeNull();
  });
});

describe.each(testedDatabaseKinds())("GET /api/search on %s", (kind) => {
  const t = useTestApp(kind, { seed: (database) => database.db.insert(accounts).values(SEED) });

  const search = async (q: string, extra = "") => {
    const res = await t.app.inject({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}${extra}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SiteSearchResponse).results.map((r) => r.username);
  };

  it("finds a stored account by its handle, exact handle first, and shows platform and grade", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/search?q=janedoe" });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SiteSearchResponse;
    expect(body.query).toBe("janedoe");
    expect(body.results[0]).toEqual({
      platform: "instagram",
      username: "janedoe",
      name: "Jane Doe",
      industry: "Fitness",
      grade: "A",
      followers: 1_250_000,
      engagementRate: 2.5,
      verified: false,
      isSample: false,
      modelFigures: false,
      lastUpdated: ANALYZED.toISOString(),
    });
  });

  it("matches prefixes of the handle and of words in the name, industry and bio", async () => {
    expect((await search("jan")).sort()).toEqual(["jane_runs", "janedoe", "janelle"]);
    expect(await search("@JANE_R")).toEqual(["jane_runs"]);
    expect(await search("runner")).toEqual(["jane_runs"]);
    expect(await search("fitn")).toEqual(["janedoe"]);
    expect(await search("pasta napoli")).toEqual(["chef.marco"]);
    expect(await search("gadget")).toEqual(["techtalk"]);
    expect(await search("nobody-here")).toEqual([]);
  });

  it("ranks handle matches above text matches and bigger accounts first among equals", async () => {
    expect(await search("jane")).toEqual(["janedoe", "jane_runs", "janelle"]);
  });

  it("leaves out accounts without a stored report and honours the limit", async () => {
    expect(await search("unseen")).toEqual([]);
    expect(await search("jan", "&limit=1")).toHaveLength(1);
  });

  it("treats % and _ literally", async () => {
    expect(await search("percent%")).toEqual(["percent%user"]);
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
  });

  it("answers hostile terms harmlessly", async () => {
    const hostile = [
      "'; drop table accounts; --",
      "jane' or '1'='1",
      '"unbalanced',
      "'",
      "a & b | !c",
      "jane:*",
      "!!!",
      "(((",
      "<->",
      "\\",
      "🔥💯 jane",
      "",
      "   ",
    ];
    for (const q of hostile) {
      const res = await t.app.inject({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, `${JSON.stringify(q)}: ${res.body}`).toBe(200);
      expect(Array.isArray((res.json() as SiteSearchResponse).results)).toBe(true);
    }
    expect(await search("🔥💯 jane")).toContain("janedoe");
    const nul = await t.app.inject({
      method: "GET",
      url: `/api/search?q=${encodeURIComponent("\u0000janedoe")}`,
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/NUL character/);
    // The table is still there.
    expect(await search("janedoe")).toEqual(["janedoe"]);
  });

  it("refuses an over-long term or a bad limit with a message naming it", async () => {
    const long = await t.app.inject({ method: "GET", url: `/api/search?q=${"a".repeat(10_240)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/q must be at most 100 characters/);
    const limit = await t.app.inject({ method: "GET", url: "/api/search?q=jane&limit=0" });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toMatch(/limit must be from 1 to 50/);
    const extra = await t.app.inject({ method: "GET", url: "/api/search?q=jane&sql=1" });
    expect(extra.statusCode).toBe(400);
  });
});
