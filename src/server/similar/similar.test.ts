import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import type { FinderResponse } from "#core/schemas/discovery";
import type { LookalikesResponse, SimilarResponse } from "#core/schemas/similar";
import { represent } from "#core/similar/represent";
import { rowsOf } from "../db/rows";
import { accounts, posts } from "../db/schema";
import { seedSampleAccounts } from "../samples/sample-service";
import { useTestApp } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";
import { syncEmbeddings } from "./embedding-store";

const NOW = new Date("2026-11-20T12:00:00Z");
const SAMPLES = 1500;

function cookieHeader(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies
    .filter((c) => c.value)
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}

/** Real (imported) creators: three fitness, two food (one vegan without "plant-based"), one tech. */
const REAL = [
  {
    username: "fit_anna",
    bio: "Pilates and HIIT coach in Toronto. Home workouts for busy people",
    industry: "Fitness",
    followers: 42_000,
    countries: ["Canada"],
    captions: ["20 min HIIT workout #hiit #pilates", "Core pilates flow #pilates #homeworkout"],
  },
  {
    username: "fit_ben",
    bio: "Strength training and HIIT for beginners",
    industry: "Fitness",
    followers: 55_000,
    countries: ["Canada"],
    captions: ["Leg day HIIT #hiit #gym", "Pilates for runners #pilates"],
  },
  {
    username: "fit_cara",
    bio: "Personal trainer. Pilates, mobility, workouts",
    industry: "Fitness",
    followers: 61_000,
    countries: ["United States"],
    captions: ["Pilates reformer basics #pilates", "Full body workout #workout #gym"],
  },
  {
    username: "fit_dan",
    bio: "Gym workouts and HIIT circuits",
    industry: "Fitness",
    followers: 30_000,
    countries: ["Canada"],
    captions: ["HIIT circuit #hiit #gym #workout"],
  },
  {
    username: "green_kitchen",
    bio: "Vegan recipes and meal prep for the week",
    industry: "Food",
    followers: 20_000,
    countries: ["United Kingdom"],
    captions: ["Vegan lentil curry #vegan #mealprep", "Tofu scramble #vegan #recipe"],
  },
  {
    username: "pasta_paolo",
    bio: "Home cook sharing pasta recipes",
    industry: "Food",
    followers: 25_000,
    countries: ["Italy"],
    captions: ["Carbonara the right way #pasta #recipe"],
  },
  {
    username: "gadget_gus",
    bio: "Phone and laptop reviews",
    industry: "Technology",
    followers: 90_000,
    countries: ["United States"],
    captions: ["Unboxing the new laptop #tech #unboxing"],
  },
];

async function seedIndex(database: { db: import("../db/database").AppDb }) {
  await seedSampleAccounts(database.db, {
    count: SAMPLES,
    now: NOW,
    indexFields: (s) => indexFieldsForSnapshot(s, NOW),
  });
  const ids = await database.db
    .insert(accounts)
    .values(
      REAL.map((r) => ({
        platform: "instagram",
        username: r.username,
        name: r.username,
        bio: r.bio,
        industry: r.industry,
        followers: r.followers,
        countries: r.countries,
        source: "import",
        origin: "import" as const,
      })),
    )
    .returning({ id: accounts.id, username: accounts.username });
  await database.db.insert(posts).values(
    REAL.flatMap((r) =>
      r.captions.map((caption, i) => ({
        accountId: ids.find((x) => x.username === r.username)!.id,
        externalId: `${r.username}-${i}`,
        type: "reel",
        caption,
        postedAt: new Date(NOW.getTime() - i * 86_400_000),
      })),
    ),
  );
  await syncEmbeddings(database.db, { now: NOW });
}

describe("account representation", () => {
  it("meets different words for one thing through the concept table", () => {
    const vegan = represent({ bio: "Vegan recipes", industry: "Food" });
    const plant = represent({ bio: "I cook plant-based meals", industry: "Food" });
    expect(vegan.terms).toContain("~plant-based food");
    expect(plant.terms).toContain("~plant-based food");
    expect(plant.terms).not.toContain("vegan");
  });
});

describe.each(testedDatabaseKinds())("similar creators and lookalikes (%s)", (kind) => {
  const h = useTestApp(kind, { seed: seedIndex, env: { DEV_LOGIN: "1" }, now: () => NOW });

  const similar = async (username: string, query = "platform=instagram") => {
    const res = await h.app.inject({ method: "GET", url: `/api/accounts/${username}/similar?${query}` });
    return { status: res.statusCode, body: res.json() as SimilarResponse & { message?: string } };
  };

  it("on the sample index, 20 creators of different industries have top-10s mostly of their industry, never themselves, each why true of both", async () => {
    const rows = rowsOf<{ username: string; industry: string; rn: number }>(
      await h.database.db.execute(sql`
        select username, industry, rn from (
          select username, industry, row_number() over (partition by industry order by id) as rn
          from accounts where is_sample and platform = 'instagram' and not is_private and industry <> 'General'
        ) x where rn <= 2 order by industry, rn`),
    );
    const industries = new Set(rows.map((r) => r.industry));
    expect(industries.size).toBeGreaterThanOrEqual(10);
    const picked = rows.slice(0, 20);
    expect(picked).toHaveLength(20);
    const all = rowsOf<{ username: string; industry: string; countries: string[]; followers: number }>(
      await h.database.db.execute(
        sql`select username, industry, countries, followers from accounts where platform = 'instagram'`,
      ),
    );
    const byName = new Map(all.map((a) => [a.username, a]));
    const reps = new Map<string, string[]>();
    for (const r of rowsOf<{ username: string; terms: string[] }>(
      await h.database.db.execute(
        sql`select a.username, e.terms from account_embeddings e join accounts a on a.id = e.account_id where a.platform = 'instagram'`,
      ),
    ))
      reps.set(r.username, r.terms);
    for (const seed of picked) {
      const { status, body } = await similar(seed.username);
      expect(status).toBe(200);
      expect(body.results).toHaveLength(10);
      const same = body.results.filter((r) => r.industry === seed.industry).length;
      expect(same, `${seed.username} (${seed.industry})`).toBeGreaterThanOrEqual(7);
      for (const r of body.results) {
        expect(r.username).not.toBe(seed.username);
        expect(r.isSample).toBe(true);
        expect(r.origin).toBe("sample");
        expect(r.similarity).toBeGreaterThan(0);
        expect(r.similarity).toBeLessThanOrEqual(1);
        expect(r.why.length).toBeGreaterThan(0);
        // Every named thing is had by both.
        const a = byName.get(seed.username)!;
        const b = byName.get(r.username)!;
        for (const why of r.why) {
          const tags = why.startsWith("both use ") ? why.slice(9).split(", ") : [];
          for (const tag of tags) {
            expect(reps.get(seed.username)).toContain(tag);
            expect(reps.get(r.username)).toContain(tag);
          }
          if (why.startsWith("both in ") && why.slice(8) !== a.industry) {
            for (const c of why.slice(8).split(", ")) {
              expect(a.countries).toContain(c);
              expect(b.countries).toContain(c);
            }
          }
          if (why === `both in ${a.industry}`) expect(b.industry).toBe(a.industry);
        }
      }
    }
  });

  it("real accounts' similar creators are real, explained, and never the account itself", async () => {
    const { status, body } = await similar("fit_anna");
    expect(status).toBe(200);
    const names = body.results.map((r) => r.username);
    expect(names).not.toContain("fit_anna");
    expect(names.slice(0, 3).sort()).toEqual(["fit_ben", "fit_cara", "fit_dan"]);
    expect(body.results.every((r) => !r.isSample && r.origin === "import")).toBe(true);
    const ben = body.results.find((r) => r.username === "fit_ben")!;
    expect(ben.why).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^both post about .*(hiit|pilates)/),
        expect.stringMatching(/^both use .*#(hiit|pilates)/),
        "both in Fitness",
        "both in Canada",
        "both 10K–100K followers",
        "both post reels",
      ]),
    );
    const cara = body.results.find((r) => r.username === "fit_cara")!;
    expect(cara.why.some((w) => w.includes("Canada"))).toBe(false);
    expect(ben.similarity).toBeGreaterThan(cara.similarity);
  });

  it("answers 404 for an account without a stored row, 400 for a bad limit", async () => {
    const missing = await similar("nobody_here_123");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain("@nobody_here_123");
    const bad = await similar("fit_anna", "platform=instagram&limit=51");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("limit");
    const limited = await similar("fit_anna", "platform=instagram&limit=2");
    expect(limited.body.results).toHaveLength(2);
    // Without a platform: the account of that handle on any platform (here Instagram).
    const anyPlatform = await similar("@Fit_Anna", "limit=3");
    expect(anyPlatform.status).toBe(200);
    expect(anyPlatform.body.results.map((r) => r.username)).toContain("fit_ben");
  });

  it("rebuilds a representation when the account row changes (imports, seeds)", async () => {
    // A sample creator's report goes through saveAnalysis: its representation is rewritten then.
    const [before] = rowsOf<{ updated_at: Date }>(
      await h.database.db.execute(
        sql`select e.updated_at from account_embeddings e join accounts a on a.id = e.account_id where a.username = 'fit_anna'`,
      ),
    );
    expect(before).toBeDefined();
    await h.database.db.execute(
      sql`update accounts set bio = 'Vegan recipes now', updated_at = now() where username = 'fit_anna'`,
    );
    await syncEmbeddings(h.database.db);
    const [after] = rowsOf<{ terms: string[] }>(
      await h.database.db.execute(
        sql`select e.terms from account_embeddings e join accounts a on a.id = e.account_id where a.username = 'fit_anna'`,
      ),
    );
    expect(after!.terms).toContain("~plant-based food");
    await h.database.db.execute(
      sql`update accounts set bio = ${REAL[0]!.bio}, updated_at = now() where username = 'fit_anna'`,
    );
    await syncEmbeddings(h.database.db);
  });

  it("a bulk build writes through long GIN pending lists, then flushes them and puts the short limit back (decision 048)", async () => {
    const db = h.database.db;
    const limits = async () =>
      rowsOf<{ relname: string; reloptions: string[] }>(
        await db.execute(sql`select relname, reloptions from pg_class
          where relname in ('account_embeddings_terms_idx', 'account_embeddings_signature_idx') order by relname`),
      ).map((r) => `${r.relname}: ${r.reloptions.join(" ")}`);
    const short = [
      "account_embeddings_signature_idx: gin_pending_list_limit=128",
      "account_embeddings_terms_idx: gin_pending_list_limit=128",
    ];
    // Every sample creator again (1,500 and more: a bulk build); the limits read while it runs.
    let during: Promise<string[]> | undefined;
    const { built } = await syncEmbeddings(db, {
      all: true,
      onProgress: () => {
        during ??= limits();
      },
    });
    expect(built).toBeGreaterThanOrEqual(SAMPLES);
    expect(await during).toEqual(short.map((s) => s.replace("=128", "=4096")));
    expect(await limits()).toEqual(short);
    // A bulk build killed half-way leaves the long limit: the next build of any size puts it right.
    await db.execute(sql`alter index account_embeddings_signature_idx set (gin_pending_list_limit = 4096)`);
    expect((await syncEmbeddings(db)).built).toBe(0);
    expect(await limits()).toEqual(short);
  });

  it("finds a near duplicate through the band keys, follows its profile when it changes, forgets it once removed", async () => {
    const db = h.database.db;
    const anna = REAL[0]!;
    const [clone] = await db
      .insert(accounts)
      .values({
        platform: "instagram",
        username: "fit_anna_twin",
        name: "fit_anna_twin",
        bio: anna.bio,
        industry: anna.industry,
        followers: 40_000,
        countries: anna.countries,
        source: "import",
        origin: "import" as const,
      })
      .returning({ id: accounts.id });
    await db.insert(posts).values(
      anna.captions.map((caption, i) => ({
        accountId: clone!.id,
        externalId: `twin-${i}`,
        type: "reel",
        caption,
        postedAt: new Date(NOW.getTime() - i * 86_400_000),
      })),
    );
    await syncEmbeddings(db);
    // The accounts sharing one of fit_anna's tight band keys (the first 8 of its signature).
    const tightMates = async () =>
      rowsOf<{ username: string }>(
        await db.execute(sql`select a.username from account_embeddings e join accounts a on a.id = e.account_id
          where e.signature && (select s.signature[1:8] from account_embeddings s join accounts sa
            on sa.id = s.account_id where sa.username = 'fit_anna' and sa.platform = 'instagram')
            and a.username <> 'fit_anna'`),
      ).map((r) => r.username);
    expect(await tightMates()).toContain("fit_anna_twin");
    // limit=1: the band keys alone answer (no fallback to shared words).
    const first = await similar("fit_anna", "platform=instagram&limit=1");
    expect(first.body.results.map((r) => r.username)).toEqual(["fit_anna_twin"]);
    expect(first.body.results[0]!.similarity).toBeGreaterThan(0.9);

    // The twin turns to tech reviews: a rebuild moves its keys away from fit_anna's.
    await db.execute(sql`update accounts set bio = 'Phone and laptop reviews, unboxings and benchmarks',
      industry = 'Technology', updated_at = now() where id = ${clone!.id}`);
    await db.execute(
      sql`update posts set caption = 'Unboxing the new phone #tech #unboxing' where account_id = ${clone!.id}`,
    );
    await syncEmbeddings(db);
    expect(await tightMates()).not.toContain("fit_anna_twin");
    const after = await similar("fit_anna", "platform=instagram&limit=1");
    expect(after.body.results.map((r) => r.username)).not.toContain("fit_anna_twin");
    const tech = await similar("gadget_gus", "platform=instagram&limit=1");
    expect(tech.body.results.map((r) => r.username)).toEqual(["fit_anna_twin"]);

    // Removed: its representation goes with it (on delete cascade), and so does it from every answer.
    await db.execute(sql`delete from accounts where id = ${clone!.id}`);
    const [left] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from account_embeddings where account_id = ${clone!.id}`,
      ),
    );
    expect(Number(left!.n)).toBe(0);
    const gone = await similar("gadget_gus", "platform=instagram&limit=50");
    expect(gone.body.results.map((r) => r.username)).not.toContain("fit_anna_twin");
  });

  it("a report rewrites the account's representation from the snapshot it stores", async () => {
    const [sample] = rowsOf<{ id: number; username: string }>(
      await h.database.db.execute(
        sql`select id, username from accounts where is_sample and platform = 'instagram' and not is_private order by id limit 1`,
      ),
    );
    await h.database.db.execute(sql`delete from account_embeddings where account_id = ${sample!.id}`);
    const res = await h.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { platform: "instagram", username: sample!.username },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = rowsOf<{ terms: string[]; model: string }>(
      await h.database.db.execute(
        sql`select terms, model from account_embeddings where account_id = ${sample!.id}`,
      ),
    );
    expect(row?.terms.length).toBeGreaterThan(5);
    expect((await similar(sample!.username)).body.results.length).toBeGreaterThan(0);
  });

  it("lookalikes of three fitness creators from a list leave out the list's members", async () => {
    const login = await h.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "agent@example.com" },
    });
    const cookie = cookieHeader(login);
    const list = await h.app.inject({
      method: "POST",
      url: "/api/lists",
      headers: { cookie },
      payload: { name: "Fitness" },
    });
    expect(list.statusCode, list.body).toBe(201);
    const listId = list.json().id as number;
    for (const username of ["fit_anna", "fit_ben", "fit_cara"]) {
      const add = await h.app.inject({
        method: "POST",
        url: `/api/lists/${listId}/items`,
        headers: { cookie },
        payload: { platform: "instagram", username },
      });
      expect(add.statusCode, add.body).toBe(201);
    }
    const seeds = ["fit_anna", "fit_ben", "fit_cara"].map((username) => ({
      platform: "instagram",
      username,
    }));
    const ask = (payload: object, headers: Record<string, string> = { cookie }) =>
      h.app.inject({ method: "POST", url: "/api/discovery/lookalikes", headers, payload });

    const res = await ask({ seeds, excludeListId: listId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as LookalikesResponse;
    const names = body.results.map((r) => r.username);
    expect(names[0]).toBe("fit_dan");
    for (const s of seeds) expect(names).not.toContain(s.username);
    expect(body.results.every((r) => !r.isSample)).toBe(true);
    const dan = body.results[0]!;
    expect(dan.matchBreakdown.reduce((a, c) => a + c.points, 0)).toBe(dan.matchPercentage);
    expect(dan.matchBreakdown.find((c) => c.criterion === "similarity")!.detail).toMatch(/both post about/);

    // Another list's id, or no sign-in, cannot be used to read a list.
    expect((await ask({ seeds, excludeListId: listId + 1000 })).statusCode).toBe(404);
    expect((await ask({ seeds, excludeListId: listId }, {})).statusCode).toBe(401);
    // Filters and bad input.
    const big = (await ask({ seeds, followerRange: "less_than_10k" })).json() as LookalikesResponse;
    expect(big.results.every((r) => r.followers < 10_000)).toBe(true);
    const none = await ask({ seeds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain("seeds");
    const unknown = await ask({ seeds: [{ platform: "instagram", username: "nobody_here_123" }] });
    expect(unknown.statusCode).toBe(404);
  });

  it("the finder reads meaning: 'people who cook plant-based meals' finds a food creator who says 'vegan'", async () => {
    const find = async (payload: object) => {
      const res = await h.app.inject({ method: "POST", url: "/api/accounts/find", payload });
      return { status: res.statusCode, body: res.json() as FinderResponse & { message?: string } };
    };
    const { status, body } = await find({
      description: "people who cook plant-based meals",
      platform: "instagram",
      limit: 50,
    });
    expect(status).toBe(200);
    expect(body.interpretedAs.meaning).toEqual(["cooking", "plant-based food"]);
    const names = body.results.map((r) => r.username);
    const green = body.results.find((r) => r.username === "green_kitchen");
    expect(green, names.join(", ")).toBeDefined();
    expect(REAL.find((r) => r.username === "green_kitchen")!.bio).not.toMatch(/plant/i);
    expect(green!.matchReasons[0]).toMatch(/^Close to your description: .*vegan/);
    // Meaning ranks the vegan cook above the pasta cook, whom the lexicon alone ranks higher (more followers).
    expect(names.indexOf("green_kitchen")).toBeLessThan(names.indexOf("pasta_paolo"));

    // The interpretation stays editable: the topics travel back as criteria.meaning.
    const edited = await find({
      description: "people who cook plant-based meals",
      platform: "instagram",
      criteria: { industries: [], countries: [], keywords: [], meaning: ["plant-based food"] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.interpretedAs.meaning).toEqual(["plant-based food"]);
    expect(edited.body.results.map((r) => r.username)).toContain("green_kitchen");
    expect(edited.body.results.map((r) => r.username)).not.toContain("pasta_paolo");
    const bad = await find({
      description: "people who cook plant-based meals",
      platform: "instagram",
      criteria: { industries: [], countries: [], keywords: [], meaning: ["nonsense topic"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("criteria.meaning");
  });
});
