import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const META = path.join(path.dirname(new URL(import.meta.url).pathname), "migrations", "meta");

interface Snapshot {
  id: string;
  prevId: string;
  tables: Record<string, unknown>;
}

const snapshots = fs
  .readdirSync(META)
  .filter((f) => f.endsWith("_snapshot.json"))
  .sort()
  .map((f) => ({ file: f, ...(JSON.parse(fs.readFileSync(path.join(META, f), "utf8")) as Snapshot) }));

// `drizzle-kit generate` diffs schema.ts against the newest snapshot, and refuses to run at all when
// two snapshots name the same parent. A hand-written migration must leave both rules intact.
describe("migration snapshots (drizzle-kit generate)", () => {
  it("form one chain: each names the one before it, and no two share a parent", () => {
    const ids = new Set(snapshots.map((s) => s.id));
    const parents = snapshots.map((s) => s.prevId);
    expect(new Set(parents).size, "two snapshots share a parent").toBe(parents.length);
    for (const s of snapshots.slice(1)) expect(ids.has(s.prevId), `${s.file}'s parent is missing`).toBe(true);
    for (let i = 1; i < snapshots.length; i++) {
      expect(snapshots[i]!.prevId, snapshots[i]!.file).toBe(snapshots[i - 1]!.id);
    }
  });

  it("the newest one holds every table of the newest migrations", () => {
    const newest = snapshots.at(-1)!;
    for (const table of ["api_keys", "installation_benchmarks", "creator_lists", "watchlists"]) {
      expect(Object.keys(newest.tables), newest.file).toContain(`public.${table}`);
    }
  });
});
