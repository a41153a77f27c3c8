import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../db/database";

/**
 * Migration 0017 (issue #37): every existing user gets one personal workspace, and every list,
 * watchlist, alert rule, API key, supplied report and supplied growth point moves into it, so each
 * keeps working for its owner; public growth points stay public.
 */

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};

async function apply(db: PGlite, tag: string) {
  const text = fs.readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), "utf8");
  for (const statement of text.split("--> statement-breakpoint"))
    if (statement.trim()) await db.exec(statement);
}

const ANN = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";

describe("migration 0017_workspaces", () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it("moves each user's data into their own personal workspace, nothing lost", async () => {
    const tags = journal.entries.map((e) => e.tag);
    const at = tags.indexOf("0017_workspaces");
    expect(at).toBeGreaterThan(0);
    for (const tag of tags.slice(0, at)) await apply(db, tag);
    await db.exec(`
      insert into users (id, email) values ('${ANN}', 'ann@example.com'), ('${BOB}', 'bob@example.com');
      insert into accounts (id, platform, username, source, followers) values (1, 'tiktok', 'chef', 'tiktok-web', 1200);
      insert into creator_lists (id, user_id, name) values (10, '${ANN}', 'Ann list'), (11, '${BOB}', 'Bob list');
      insert into creator_list_items (list_id, platform, username, note, status) values (10, 'tiktok', 'chef', 'call', 'contacted');
      insert into creator_list_shares (list_id, token_hash, hint, expires_at) values (10, 'hash-a', 'abc', now() + interval '7 days');
      insert into watchlists (id, user_id, name, cadence) values ('10000000-0000-4000-8000-000000000001', '${ANN}', 'Watch', 'daily');
      insert into alert_rules (watchlist_id, kind, threshold, channel_type, channel_target)
        values ('10000000-0000-4000-8000-000000000001', 'followers_change', 10, 'webhook', 'https://hooks.example/a');
      insert into api_keys (user_id, name, prefix, key_hash, scopes) values ('${BOB}', 'Bob key', 'ca_x', 'kh-b', '{read}');
      insert into supplied_reports (supplied_by, platform, username, source, snapshot, report)
        values ('${ANN}', 'tiktok', 'chef', 'capture', '{}', '{}');
      insert into growth_points (account_id, at, source, imported, followers, supplied_by) values
        (1, '2026-01-01T00:00:00Z', 'import', true, 900, '${ANN}'),
        (1, '2026-02-01T00:00:00Z', 'tiktok-web', false, 1000, null);
    `);
    for (const tag of tags.slice(at)) await apply(db, tag);

    const ws = await db.query<{ id: string; name: string; kind: string; created_by: string }>(
      "select id, name, kind, created_by from workspaces order by created_by",
    );
    expect(ws.rows.map((r) => [r.name, r.kind, r.created_by])).toEqual([
      ["Personal", "personal", ANN],
      ["Personal", "personal", BOB],
    ]);
    const annWs = ws.rows[0]!.id;
    const bobWs = ws.rows[1]!.id;
    const members = await db.query(
      "select workspace_id, user_id, role from workspace_members order by user_id",
    );
    expect(members.rows).toEqual([
      { workspace_id: annWs, user_id: ANN, role: "owner" },
      { workspace_id: bobWs, user_id: BOB, role: "owner" },
    ]);
    const one = async (q: string) => (await db.query<Record<string, unknown>>(q)).rows;
    expect(await one("select id, workspace_id from creator_lists order by id")).toEqual([
      { id: 10, workspace_id: annWs },
      { id: 11, workspace_id: bobWs },
    ]);
    // The list's items and share link are untouched (they hang off the list).
    expect(await one("select note, status from creator_list_items")).toEqual([
      { note: "call", status: "contacted" },
    ]);
    expect(await one("select token_hash, revoked_at from creator_list_shares")).toEqual([
      { token_hash: "hash-a", revoked_at: null },
    ]);
    expect(await one("select workspace_id from watchlists")).toEqual([{ workspace_id: annWs }]);
    expect(await one("select workspace_id, created_by from alert_rules")).toEqual([
      { workspace_id: annWs, created_by: ANN },
    ]);
    expect(await one("select workspace_id, user_id from api_keys")).toEqual([
      { workspace_id: bobWs, user_id: BOB },
    ]);
    expect(await one("select workspace_id, supplied_by from supplied_reports")).toEqual([
      { workspace_id: annWs, supplied_by: ANN },
    ]);
    expect(await one("select followers, supplied_workspace_id from growth_points order by at")).toEqual([
      { followers: 900, supplied_workspace_id: annWs },
      { followers: 1000, supplied_workspace_id: null },
    ]);
    // The columns are required from now on, and a user has one personal workspace at most.
    await expect(
      db.exec(`insert into creator_lists (user_id, name) values ('${ANN}', 'x')`),
    ).rejects.toThrow();
    await expect(
      db.exec(`insert into workspaces (name, kind, created_by) values ('Again', 'personal', '${ANN}')`),
    ).rejects.toThrow();
    // Seventeen migrations on a fresh PGlite take a while on a busy machine.
  }, 240_000);
});
