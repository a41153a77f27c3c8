import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import { requestReads } from "./similar-service";

/** Decision 048: a similar or lookalike request's reads on PostgreSQL start no parallel workers. */
describe.each(testedDatabaseKinds())("a similar request's reads (%s)", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it(
    kind === "postgres"
      ? "run in one read-only transaction that allows no parallel workers"
      : "run as they are (PGlite has no parallel workers; a transaction would hold its only connection)",
    async () => {
      const settings = () =>
        requestReads(
          database.db,
          database.kind,
        )(async (q) =>
          rowsOf<{ workers: string; readOnly: string }>(
            await q.execute(sql`select current_setting('max_parallel_workers_per_gather') as workers,
            current_setting('transaction_read_only') as "readOnly"`),
          ),
        );
      const [inside] = await settings();
      const [outside] = rowsOf<{ workers: string }>(
        await database.db.execute(sql`select current_setting('max_parallel_workers_per_gather') as workers`),
      );
      if (kind === "postgres") {
        expect(inside).toEqual({ workers: "0", readOnly: "on" });
        // Local to the request: the pool's connections keep the server's setting.
        expect(outside!.workers).not.toBe("0");
      } else {
        expect(inside!.readOnly).toBe("off");
        expect(inside!.workers).toBe(outside!.workers);
      }
    },
  );
});
