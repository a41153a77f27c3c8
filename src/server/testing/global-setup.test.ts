import fs from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { TestProject } from "vitest/node";
import setup from "./global-setup";

/** A stand-in for vitest's project: records what the setup provides. */
function project() {
  const provided: Record<string, unknown> = {};
  return {
    provided,
    handle: { provide: (k: string, v: unknown) => (provided[k] = v) } as unknown as TestProject,
  };
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

describe("the test run's global setup (vitest.config.ts's groups share it)", () => {
  it("makes one set of templates for every group, and removes it only when the last group is torn down", async () => {
    const [root, shared, alone] = [project(), project(), project()];
    const teardowns = await Promise.all([setup(root.handle), setup(shared.handle), setup(alone.handle)]);
    const file = root.provided.pgliteTemplate as string;
    const postgres = root.provided.postgresTemplate as string;
    expect(shared.provided).toEqual(root.provided);
    expect(alone.provided).toEqual(root.provided);
    expect(fs.statSync(file).size).toBeGreaterThan(1_000_000);
    if (process.env.DATABASE_URL) expect(await databaseExists(postgres)).toBe(true);
    else expect(postgres).toBe("");

    await teardowns[1]!();
    await teardowns[0]!();
    expect(fs.existsSync(file)).toBe(true);
    if (postgres) expect(await databaseExists(postgres)).toBe(true);

    await teardowns[2]!();
    expect(fs.existsSync(file)).toBe(false);
    if (postgres) expect(await databaseExists(postgres)).toBe(false);

    // A later run makes a new set.
    const again = project();
    const teardown = await setup(again.handle);
    expect(again.provided.pgliteTemplate).not.toBe(file);
    await teardown();
  }, 60_000);
});
