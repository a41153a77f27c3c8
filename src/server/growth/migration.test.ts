import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../db/database";

/** Migration 0007 turns every stored snapshot into a growth point with its report's figures. */

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};

async function apply(db: PGlite, tag: string) {
  const text = fs.readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), "utf8");
  for (const statement of text.split("--> statement-breakpoint"))
    if (statement.trim()) await db.exec(statement);
}

describe("migration 0007_growth", () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it("back-fills one evaluated point per snapshot, with the engagement, grade and sponsored posts of the report made from it", async () => {
    const tags = journal.entries.map((e) => e.tag);
    const growth = tags.indexOf("0007_growth");
    expect(growth).toBeGreaterThan(0);
    for (const tag of tags.slice(0, growth)) await apply(db, tag);
    await db.exec(`
      insert into accounts (id, platform, username, source, followers) values (1, 'tiktok', 'chef', 'tiktok-web', 1200);
      insert into account_snapshots (account_id, fetched_at, source, followers, following, posts_count, data) values
        (1, '2026-10-01T09:00:00Z', 'tiktok-web', 1000, 10, 50, '{}'),
        (1, '2026-10-08T09:00:00Z', 'tiktok-web', 1200, 11, 52, '{}');
      insert into reports (account_id, created_at, engine_version, report) values
        (1, '2026-10-01T09:00:05Z', '1', '{"grade":"B","metrics":{"engagement":{"ratePct":4.5,"medianViews":9000,"medianLikes":300,"medianComments":null},"advertiser":{"sponsoredPostIds":["a","b"]}}}'),
        (1, '2026-10-08T09:00:05Z', '1', '{"grade":null,"metrics":{"engagement":{"ratePct":null}}}');
    `);
    for (const tag of tags.slice(growth)) await apply(db, tag);
    const res = await db.query<Record<string, unknown>>(
      `select at, source, followers, following, posts_count, engagement_rate, median_views, median_interactions, grade,
              sponsored_post_ids, alerts_checked, imported
       from growth_points order by at`,
    );
    expect(res.rows).toEqual([
      {
        at: new Date("2026-10-01T09:00:00Z"),
        source: "tiktok-web",
        followers: 1000,
        following: 10,
        posts_count: 50,
        engagement_rate: 4.5,
        median_views: 9000,
        median_interactions: 300,
        grade: "B",
        sponsored_post_ids: ["a", "b"],
        alerts_checked: true,
        imported: false,
      },
      {
        at: new Date("2026-10-08T09:00:00Z"),
        source: "tiktok-web",
        followers: 1200,
        following: 11,
        posts_count: 52,
        engagement_rate: null,
        median_views: null,
        median_interactions: null,
        grade: null,
        sponsored_post_ids: [],
        alerts_checked: true,
        imported: false,
      },
    ]);
  });
});
