import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/database";
import { importFile } from "../../src/server/import/import-service";
import type { BenchOptions, Figure } from "./types";

const INDUSTRIES = ["Fitness", "Food", "Travel", "Beauty", "Gaming", "Technology"];

/** import.rows_per_s: a 100k-row CSV (20k with --quick) into a fresh embedded database. */
export async function benchImport(opts: BenchOptions): Promise<Figure[]> {
  const n = opts.quick ? 20_000 : 100_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  const file = path.join(dir, "creators.csv");
  const lines = ["platform,username,name,followers,industry,engagementRate,countries,verified"];
  for (let i = 0; i < n; i++) {
    lines.push(
      `${["instagram", "tiktok", "youtube"][i % 3]},creator_${i},Creator ${i},${1000 + ((i * 7919) % 5_000_000)},${INDUSTRIES[i % 6]},${(i % 90) / 10},United States;Canada,${i % 7 === 0}`,
    );
  }
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  const database = await openDatabase({ dataDir: path.join(dir, "db") });
  try {
    // Baseline: the same rows through one plain multi-row INSERT per 5,000 (no parsing, no validation).
    const t0 = performance.now();
    await database.db.execute(
      sql`create temporary table bench_raw (platform text, username text, followers bigint)`,
    );
    for (let i = 0; i < n; i += 5000) {
      const size = Math.min(5000, n - i);
      const idx = Array.from({ length: size }, (_, k) => i + k);
      await database.db.execute(
        sql`insert into bench_raw select * from unnest(${sql.param(idx.map((k) => ["instagram", "tiktok", "youtube"][k % 3]))}::text[], ${sql.param(idx.map((k) => `creator_${k}`))}::text[], ${sql.param(idx.map((k) => 1000 + k))}::bigint[])`,
      );
    }
    const baselineSecs = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const result = await importFile(database.db, file);
    const secs = (performance.now() - t1) / 1000;
    if (result.inserted !== n) throw new Error(`import bench inserted ${result.inserted} of ${n}`);
    const value = n / secs;
    const baseline = n / baselineSecs;
    return [
      {
        name: "import.rows_per_s",
        value,
        unit: "rows/s",
        baseline,
        ratio: value / baseline,
        target: 100_000 / 60,
        note: `${n} CSV rows in ${secs.toFixed(1)} s (target: 100,000 rows in under 60 s); baseline = bare unnest INSERT of 3 columns`,
      },
    ];
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
