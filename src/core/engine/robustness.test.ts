import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { generateSampleSnapshots } from "../sample";
import { engineReportSchema, GRADES } from "../schemas/report";
import { POST_TYPES, type ProfileSnapshot, parseSnapshot } from "../schemas/snapshot";
import { COUNTRIES, INDUSTRIES } from "../taxonomy";
import { analyzeSnapshot } from "./analyze";
import { hostileSnapshots } from "./testing/hostile-snapshots";

const dir = path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures");
const base = parseSnapshot(JSON.parse(fs.readFileSync(path.join(dir, "instagram.json"), "utf8")));
const now = new Date("2026-11-20T12:00:00Z");

/** Analyses and checks the report: valid, and made by the engine proper (not its last-resort fallback). */
function ok(s: unknown, options: Parameters<typeof analyzeSnapshot>[1] = { now }) {
  const r = analyzeSnapshot(s as ProfileSnapshot, options);
  const parsed = engineReportSchema.safeParse(r);
  expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
  expect(r.provenance.engagementRate!.method).not.toContain("could not analyse");
  expect(JSON.parse(JSON.stringify(r))).toEqual(r); // no NaN, Infinity or undefined anywhere
  for (const c of r.recommendedCountries) expect(COUNTRIES as readonly string[]).toContain(c);
  expect(INDUSTRIES as readonly string[]).toContain(r.industry);
  return r;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === "object") {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

describe("the engine's last-resort report", () => {
  it("is a valid report whose every field is unavailable and says why, when the engine itself fails", () => {
    const broken = new Proxy(
      {},
      {
        get() {
          throw new Error("tables unreadable");
        },
      },
    );
    const r = analyzeSnapshot(base, { now, benchmarks: broken as never });
    const parsed = engineReportSchema.safeParse(r);
    expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
    expect(r.username).toBe(base.username);
    expect(r.grade).toBeNull();
    expect(r.metrics.grade.score).toBeNull();
    expect(r.metrics.advertiser.postsChecked).toBe(0);
    expect(r.metrics.contentMix).toEqual([]);
    expect(r.metrics.audience).toBeNull();
    for (const p of Object.values(r.provenance)) {
      expect(p.kind).toBe("unavailable");
      expect(p.method).toContain("could not analyse this snapshot (tables unreadable)");
    }
  });
});

describe("hostile input (the snapshot schema bypassed)", () => {
  it.each(hostileSnapshots(base))("%s", (_name, s) => {
    ok(s);
  });

  it("ignores bad history and an invalid clock", () => {
    ok(base, { now, history: [null, { fetchedAt: "x", followers: -1 }, { fetchedAt: 5 }] as never });
    ok(base, { now, history: "nope" as never });
    ok(base, { now: new Date("nope") });
    ok(base, undefined as never);
  });

  it("reads −0 counts as 0, so the report survives a JSON round trip unchanged", () => {
    // fast-check found it: { followers: -0 } gave a report whose followers was −0 (JSON writes 0).
    const posts = Array.from({ length: 5 }, (_, i) => ({
      id: `z${i}`,
      type: "video",
      caption: "",
      postedAt: new Date(now.getTime() - (i + 1) * 86_400_000).toISOString(),
      likes: -0,
      comments: -0,
      views: -0,
      shares: -0,
      durationSec: -0,
    }));
    for (const followers of [-0, 1000]) {
      const r = ok({ ...base, platform: "tiktok", followers, following: -0, posts });
      expect(Object.is(r.followers, -0)).toBe(false);
    }
  });

  it("reads 10 MB captions and bios in bounded time", () => {
    const huge = "Fashion outfit #ad 🔥 ".repeat(500_000); // ~10 MB
    const s = { ...base, bio: huge, posts: base.posts.map((p) => ({ ...p, caption: huge })) };
    const t = performance.now();
    const r = ok(s);
    expect(performance.now() - t).toBeLessThan(1_000);
    expect(r.industry).toBe("Fashion");
    expect(r.metrics.advertiser.sponsoredPosts).toBe(6);
  });

  it("does not modify its input and gives the same report twice", () => {
    const frozen = deepFreeze(structuredClone(base));
    const a = ok(frozen);
    const b = ok(frozen);
    expect(b).toEqual(a);
  });

  it("is pure: no clock and no randomness", () => {
    const clock = vi.spyOn(Date, "now").mockImplementation(() => {
      throw new Error("Date.now called");
    });
    const random = vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random called");
    });
    try {
      ok(base);
      expect(clock).not.toHaveBeenCalled();
      expect(random).not.toHaveBeenCalled();
    } finally {
      clock.mockRestore();
      random.mockRestore();
    }
  });
});

describe("property: any snapshot the schema accepts gives a valid report", () => {
  const post = fc.record(
    {
      id: fc.string({ minLength: 1, maxLength: 12 }),
      type: fc.constantFrom(...POST_TYPES),
      caption: fc.option(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.string({ unit: "grapheme", maxLength: 200 }),
          fc
            .array(
              fc.constantFrom(
                "#ad",
                "use code X10",
                "link in bio",
                "20% off",
                "@brand",
                "🇧🇷",
                "£",
                "the",
                "de",
                "日本",
                "gym",
              ),
              {
                maxLength: 12,
              },
            )
            .map((w) => w.join(" ")),
        ),
        { nil: null },
      ),
      postedAt: fc
        .date({ min: new Date("2015-01-01"), max: new Date("2027-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString()),
      likes: fc.option(fc.nat(50_000_000), { nil: null }),
      comments: fc.option(fc.nat(1_000_000), { nil: null }),
      views: fc.option(fc.oneof(fc.constant(0), fc.nat(500_000_000)), { nil: null }),
      shares: fc.option(fc.nat(5_000_000), { nil: null }),
    },
    { requiredKeys: ["id", "type", "postedAt"] },
  );
  const snapshot = fc.record({
    platform: fc.constantFrom("instagram", "tiktok", "youtube"),
    username: fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim().length > 0),
    name: fc.string({ maxLength: 60 }),
    bio: fc.string({ maxLength: 300 }),
    verified: fc.boolean(),
    isPrivate: fc.boolean(),
    category: fc.option(fc.constantFrom("Digital creator", "Clothing (Brand)", "Fitness", "Gamer"), {
      nil: null,
    }),
    followers: fc.oneof(fc.constant(0), fc.nat(300_000_000), fc.double({ min: 0, max: 1e12, noNaN: true })),
    following: fc.option(fc.nat(10_000_000), { nil: null }),
    fetchedAt: fc.constant(now.toISOString()),
    source: fc.constantFrom("prop", "sample"),
    country: fc.option(fc.constantFrom("US", "de", "Brazil", "zz", ""), { nil: undefined }),
    posts: fc.array(post, { maxLength: 40 }),
  });

  it("never throws, always passes engineReportSchema, keeps its invariants", () => {
    fc.assert(
      fc.property(
        snapshot,
        fc.array(
          fc.record({
            fetchedAt: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
            followers: fc.nat(),
          }),
          { maxLength: 4 },
        ),
        (raw, history) => {
          const r = ok(parseSnapshot(raw), { now, history });
          expect(GRADES.includes(r.grade as never) || r.grade === null).toBe(true);
          if (r.grade !== null) {
            expect(r.engagementLevel).not.toBe("unknown");
            expect(r.metrics.grade.score!).toBeGreaterThanOrEqual(0);
            expect(r.metrics.grade.score!).toBeLessThanOrEqual(100);
          }
          if (r.engagementRate !== "") expect(Number(r.engagementRate)).toBeGreaterThanOrEqual(0);
          const mix = r.metrics.contentMix.reduce((a, m) => a + m.count, 0);
          expect(mix).toBe(r.metrics.frequency.postsAnalysed);
          if (r.metrics.value) expect(r.metrics.value.low).toBeLessThanOrEqual(r.metrics.value.high);
          if (raw.isPrivate) expect(r.grade).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never throws on arbitrary JSON where a snapshot should be", () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.dictionary(
          fc.constantFrom("platform", "posts", "followers", "bio", "username", "isPrivate"),
          fc.jsonValue(),
        ),
        (v, over) => {
          ok(v);
          ok({ ...base, ...over });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("sample creators", () => {
  it("grade across the range and always validate", () => {
    const reps = generateSampleSnapshots(300, { seed: 11, now }).map((s) => analyzeSnapshot(s, { now }));
    const letters = new Set(reps.map((r) => r.grade?.[0]).filter(Boolean));
    expect(letters.size).toBeGreaterThanOrEqual(3);
    expect(reps.every((r) => engineReportSchema.safeParse(r).success)).toBe(true);
    expect(reps.every((r) => r.provenance.engagementRate!.kind !== "measured")).toBe(true);
  });
});
