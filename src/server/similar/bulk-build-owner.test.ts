import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import { rowsOf } from "../db/rows";
import { createTestPostgres } from "../testing/test-db";
import { syncEmbeddings } from "./embedding-store";

/**
 * Decision 048: a bulk build sets the GIN indexes' pending-list limit, which only their owner may.
 * An app that connects as a role that does not own them (the migrations ran as another) still builds.
 */
describe.runIf(process.env.DATABASE_URL)("a bulk build as a role that does not own the indexes", () => {
  it("builds every representation at the limits it finds", async () => {
    const owner = await createTestPostgres();
    const role = `app_rw_${crypto.randomBytes(4).toString("hex")}`;
    const url = new URL((owner.pool as pg.Pool).options.connectionString!);
    try {
      await owner.db.execute(sql.raw(`create role ${role} login`));
      await owner.db.execute(sql.raw(`grant usage on schema public to ${role}`));
      await owner.db.execute(
        sql.raw(`grant select, insert, update, delete on all tables in schema public to ${role}`),
      );
      await owner.db.execute(sql.raw(`grant usage on all sequences in schema public to ${role}`));
      await owner.db.execute(sql`insert into accounts (platform, username, name, bio, followers, industry, source)
        select 'instagram', 'owner_test_' || g, 'Creator ' || g, 'Vegan recipes and meal prep ' || g, 1000 + g,
          'Food', 'import' from generate_series(1, 1200) g`);
      url.username = role;
      const asRole = await openDatabase({
        databaseUrl: url.toString(),
        dataDir: "memory://",
        migrate: false,
      });
      try {
        expect((await syncEmbeddings(asRole.db)).built).toBe(1200);
      } finally {
        await asRole.close();
      }
      const limits = rowsOf<{ options: string[] }>(
        await owner.db.execute(sql`select reloptions as options from pg_class
          where relname in ('account_embeddings_terms_idx', 'account_embeddings_signature_idx')`),
      );
      expect(limits.map((r) => r.options)).toEqual([
        ["gin_pending_list_limit=128"],
        ["gin_pending_list_limit=128"],
      ]);
    } finally {
      await owner.close();
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop role if exists ${role}`).finally(() => admin.end());
    }
  });
});
