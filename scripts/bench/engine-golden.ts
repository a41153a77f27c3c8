/**
 * Output equivalence for engine optimisations: analyses a fixed, deterministic corpus and records
 * (or checks) the full report JSON of every case, byte for byte.
 *
 *   node --import tsx scripts/bench/engine-golden.ts --record [dir]   # before a change
 *   node --import tsx scripts/bench/engine-golden.ts --check [dir]    # after it: exit 1 on any difference
 *
 * The corpus: the bench's snapshots (the same 200 as `npm run bench`, plus 600 more from another
 * seed), the golden fixtures (also with history, a category and a declared country), 300 sample
 * creators, the robustness test's hostile inputs (10 MB captions, lone surrogates, RTL, NaN counts…)
 * and 3,000 snapshots drawn by fast-check from a fixed seed (arbitrary Unicode captions and counts).
 * Records go to a directory outside the repository (default /tmp/engine-golden); they are large.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { analyzeSnapshot } from "../../src/core/engine";
import { hostileSnapshots } from "../../src/core/engine/testing/hostile-snapshots";
import { generateSampleSnapshots } from "../../src/core/sample";
import { POST_TYPES, type ProfileSnapshot, parseSnapshot } from "../../src/core/schemas/snapshot";
import { benchSnapshots } from "./engine";

const BENCH_NOW = new Date("2026-11-22T00:00:00Z");
const NOW = new Date("2026-11-20T12:00:00Z");

interface Case {
  name: string;
  snapshot: unknown;
  options: Parameters<typeof analyzeSnapshot>[1];
}

function fixture(name: string): ProfileSnapshot {
  const file = path.join(import.meta.dirname, "../../src/core/engine/fixtures", `${name}.json`);
  return parseSnapshot(JSON.parse(fs.readFileSync(file, "utf8")));
}

function hostile(base: ProfileSnapshot): [string, unknown][] {
  const bad = (over: Record<string, unknown>) => ({ ...base, ...over });
  const huge = "Fashion outfit #ad 🔥 ".repeat(500_000);
  return [
    ...hostileSnapshots(base),
    ["10 MB captions", { ...base, bio: huge, posts: base.posts.map((p) => ({ ...p, caption: huge })) }],
    ["not an object", 42],
    ["null", null],
    ["private", bad({ isPrivate: true })],
    ["hidden followers", bad({ followersHidden: true })],
    ["business type", bad({ accountType: "BUSINESS" })],
    ["creator flag", bad({ isCreator: true })],
    ["business category", bad({ category: "Clothing (Brand)" })],
    ["exact category", bad({ category: "Fitness" })],
    ["category words", bad({ category: "Personal gym and fitness coach" })],
    ["declared country code", bad({ country: "BR" })],
    ["declared country name", bad({ country: "Deutschland" })],
    ["sample source", bad({ source: "sample" })],
  ];
}

function arbitrary(seed: number, runs: number): unknown[] {
  const post = fc.record(
    {
      id: fc.string({ minLength: 1, maxLength: 12 }),
      type: fc.constantFrom(...POST_TYPES),
      caption: fc.option(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.string({ unit: "grapheme", maxLength: 200 }),
          fc.string({ unit: "binary", maxLength: 200 }),
          fc
            .array(
              fc.constantFrom(
                "#ad",
                "use code X10",
                "link in bio",
                "20% off",
                "@brand",
                "@brand.co.",
                "🇧🇷",
                "🇺🇸",
                "£",
                "R$",
                "€",
                "the",
                "de",
                "que",
                "und",
                "日本",
                "ありがとう",
                "Привет",
                "gym",
                "#fitnessjourney",
                "#instafood",
                "not sponsored",
                "in partnership with",
                "New York",
                "São Paulo",
                "rio de janeiro",
                "#Gifted",
                "aujourd'hui",
                "%",
                "code",
                "STRIDE15",
              ),
              { maxLength: 30 },
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
    bio: fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom("Fitness coach in Berlin 🇩🇪 €", "Mamá de 2 🇲🇽"),
    ),
    verified: fc.boolean(),
    isPrivate: fc.boolean(),
    category: fc.option(fc.constantFrom("Digital creator", "Clothing (Brand)", "Fitness", "Gamer"), {
      nil: null,
    }),
    followers: fc.oneof(fc.constant(0), fc.nat(300_000_000), fc.double({ min: 0, max: 1e12, noNaN: true })),
    following: fc.option(fc.nat(10_000_000), { nil: null }),
    fetchedAt: fc.constant(NOW.toISOString()),
    source: fc.constantFrom("prop", "sample"),
    country: fc.option(fc.constantFrom("US", "de", "Brazil", "zz", ""), { nil: undefined }),
    posts: fc.array(post, { maxLength: 40 }),
  });
  return fc.sample(snapshot, { seed, numRuns: runs });
}

function corpus(): Case[] {
  const cases: Case[] = [];
  for (const [seed, count] of [
    [42, 200],
    [7, 600],
  ] as const) {
    const snaps = benchSnapshots(count, seed);
    for (let i = 0; i < snaps.length; i++)
      cases.push({ name: `bench${seed}/${i}`, snapshot: snaps[i], options: { now: BENCH_NOW } });
  }
  const history = [
    { fetchedAt: "2026-09-01T00:00:00Z", followers: 8000 },
    { fetchedAt: "2026-10-01T00:00:00Z", followers: 9000 },
    { fetchedAt: "2026-11-10T00:00:00Z", followers: 9500 },
  ];
  for (const name of ["instagram", "tiktok", "youtube"]) {
    const f = fixture(name);
    cases.push({ name: `fixture/${name}`, snapshot: f, options: { now: NOW } });
    cases.push({ name: `fixture/${name}+history`, snapshot: f, options: { now: NOW, history } });
    cases.push({
      name: `fixture/${name}+category+country`,
      snapshot: { ...f, category: "Fashion model", country: "PT" },
      options: { now: NOW },
    });
    for (const [label, s] of hostile(f))
      cases.push({ name: `hostile/${name}/${label}`, snapshot: s, options: { now: NOW } });
  }
  const ig = fixture("instagram");
  cases.push({ name: "options/bad clock", snapshot: ig, options: { now: new Date("nope") } });
  cases.push({ name: "options/undefined", snapshot: ig, options: undefined as never });
  cases.push({
    name: "options/bad history",
    snapshot: ig,
    options: { now: NOW, history: [null, { fetchedAt: "x" }] as never },
  });
  const samples = generateSampleSnapshots(300, { seed: 11, now: NOW });
  for (let i = 0; i < samples.length; i++)
    cases.push({ name: `sample/${i}`, snapshot: samples[i], options: { now: NOW } });
  const drawn = arbitrary(20260101, 3000);
  for (let i = 0; i < drawn.length; i++)
    cases.push({ name: `arbitrary/${i}`, snapshot: parseSnapshot(drawn[i]), options: { now: NOW } });
  return cases;
}

function main(): void {
  const mode = process.argv[2];
  const dir = process.argv[3] ?? "/tmp/engine-golden";
  if (mode !== "--record" && mode !== "--check") {
    process.stderr.write("usage: engine-golden.ts --record|--check [dir]\n");
    process.exit(2);
  }
  const cases = corpus();
  const file = path.join(dir, "reports.jsonl");
  const lines = cases.map(
    (c) => `${c.name}\t${JSON.stringify(analyzeSnapshot(c.snapshot as ProfileSnapshot, c.options))}`,
  );
  if (mode === "--record") {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, `${lines.join("\n")}\n`);
    process.stdout.write(`recorded ${lines.length} reports to ${file}\n`);
    return;
  }
  const want = fs.readFileSync(file, "utf8").split("\n");
  let diffs = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === want[i]) continue;
    diffs++;
    if (diffs <= 5) {
      const a = want[i] ?? "";
      const b = lines[i]!;
      let k = 0;
      while (k < a.length && a[k] === b[k]) k++;
      process.stdout.write(
        `DIFF ${cases[i]!.name} at char ${k}:\n  want …${a.slice(Math.max(0, k - 80), k + 120)}\n  got  …${b.slice(Math.max(0, k - 80), k + 120)}\n`,
      );
    }
  }
  if (want.length - 1 !== lines.length) {
    process.stdout.write(`case count differs: recorded ${want.length - 1}, now ${lines.length}\n`);
    diffs++;
  }
  process.stdout.write(
    diffs ? `${diffs} of ${lines.length} reports differ\n` : `all ${lines.length} reports identical\n`,
  );
  if (diffs) process.exitCode = 1;
}

main();
