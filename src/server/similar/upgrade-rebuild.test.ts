import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { REPRESENTATION_MODEL } from "#core/similar/represent";
import { rowsOf } from "../db/rows";
import { seedSampleAccounts } from "../samples/sample-service";
import { startTestApp } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";

/**
 * Issue #36 after an upgrade: representations of an older model (rows written before the band keys
 * of migration 0019) are rebuilt by the housekeeping the server runs when it is ready, not left on
 * the slow path until the next seed or import.
 */
describe.each(testedDatabaseKinds())("stale representations after an upgrade (%s)", (kind) => {
  it("are rebuilt with their band keys once the server is ready", async () => {
    const h = await startTestApp(kind, {
      seed: async (database) => {
        const now = new Date();
        await seedSampleAccounts(database.db, {
          count: 30,
          now,
          indexFields: (s) => indexFieldsForSnapshot(s, now),
        });
        // As an older release left them: another model, no band keys.
        await database.db.execute(sql`update account_embeddings set model = 'terms-v1-32', signature = '{}'`);
      },
    });
    try {
      const state = async () =>
        rowsOf<{ stale: number; total: number }>(
          await h.database.db.execute(sql`
            select count(*) filter (where model <> ${REPRESENTATION_MODEL} or cardinality(signature) = 0)::int as stale,
              count(*)::int as total
            from account_embeddings`),
        )[0]!;
      const deadline = Date.now() + 20_000;
      let now = await state();
      while (now.stale > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        now = await state();
      }
      expect(now).toEqual({ stale: 0, total: 30 });
    } finally {
      await h.close();
    }
  });
});
