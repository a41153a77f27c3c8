import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateCommand } from "../../cli/commands/migrate";
import { MIGRATIONS_FOLDER, openDatabase } from "../db/database";

/**
 * Instances starting together on a fresh PostgreSQL, and `cli migrate` run during a rolling deploy,
 * never race to migrate: an advisory lock lets the first apply the migrations and the others find
 * nothing left to do.
 */
const baseUrl = process.env.DATABASE_URL;

describe.skipIf(!baseUrl)(
  `migrations on PostgreSQL${baseUrl ? "" : " [skipped: set DATABASE_URL to run]"}`,
  () => {
    const name = `migrate_${crypto.randomBytes(5).toString("hex")}`;
    let url: string;
    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const u = new URL(baseUrl!);
      u.pathname = `/${name}`;
      url = u.toString();
    });
    afterAll(async () => {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it("six processes opening one empty database at once all start, and each migration is applied once", async () => {
      const opened = await Promise.allSettled(
        Array.from({ length: 6 }, () =>
          openDatabase({ databaseUrl: url, dataDir: "memory://", poolSize: 2 }),
        ),
      );
      const failures = opened
        .filter((o) => o.status === "rejected")
        .map((o) => String((o as PromiseRejectedResult).reason));
      expect(failures).toEqual([]);
      for (const o of opened) if (o.status === "fulfilled") await o.value.close();

      const journal = JSON.parse(
        fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8"),
      ) as {
        entries: { tag: string }[];
      };
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const applied = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      const tables = await client.query(
        "select count(*)::int as n from information_schema.tables where table_name = 'accounts'",
      );
      await client.end();
      expect(applied.rows[0].n).toBe(journal.entries.length);
      expect(tables.rows[0].n).toBe(1);
    }, 60_000);

    it("`cli migrate` during a rolling deploy finds nothing to do while instances run", async () => {
      const running = await openDatabase({ databaseUrl: url, dataDir: "memory://", poolSize: 2 });
      const out: string[] = [];
      const [code] = await Promise.all([
        migrateCommand([], { out: (t) => out.push(t), err: (t) => out.push(t) }, { DATABASE_URL: url }),
        migrateCommand([], { out: () => {}, err: () => {} }, { DATABASE_URL: url }),
      ]);
      await running.close();
      expect(code).toBe(0);
      expect(out[0]).toMatch(/^Database \(postgres\) is up to date \(\d+ ms\)\.$/);
    }, 60_000);
  },
);
