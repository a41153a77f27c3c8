import { sql } from "drizzle-orm";
import type { AppDb } from "../db/database";
import { syncEmbeddings } from "../similar/embedding-store";

/**
 * After a bulk write to accounts (a seed, an import): fresh planner statistics, and a visibility map
 * that lets discovery's count and ranking scans read only their indexes (index-only scans fall back
 * to the table for pages written since the last vacuum). PostgreSQL's autovacuum gets there on its
 * own, later; PGlite runs no autovacuum, so without this the first searches after a seed read the
 * table. Cheap when little changed: vacuum skips pages already marked all-visible.
 * Not inside a transaction (VACUUM cannot run in one).
 */
export async function refreshAccountsIndex(db: AppDb): Promise<void> {
  await db.execute(sql`vacuum (analyze) accounts`);
  // The market patterns the triggers added (decision 047), read index-only by estimated searches.
  await db.execute(sql`vacuum (analyze) account_market_patterns`);
  // Issue #36: the representations of the accounts just written (similar creators, lookalikes).
  await syncEmbeddings(db);
  await db.execute(sql`vacuum (analyze) account_embeddings`);
}
