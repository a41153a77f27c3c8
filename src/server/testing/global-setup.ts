import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/database";

/**
 * Runs once per test run: builds a migrated PGlite and dumps it, so each test file loads a copy
 * in ~0.6 s instead of initialising PostgreSQL-in-WASM from scratch (~3.6 s). With DATABASE_URL it
 * also migrates one PostgreSQL database that every test database is then copied from
 * (CREATE DATABASE … TEMPLATE: ~0.3 s instead of ~2.5 s of migrations each; issue #38).
 */
export default async function setup(project: TestProject) {
  // The config's two groups of files (vitest.config.ts) each run this setup, and so does the root:
  // they share one set of templates, made once (each group's module loader imports this file anew,
  // so the state lives on globalThis) and removed when the last of them is torn down.
  const holder = globalThis as SharedHolder;
  holder[SHARED] ??= { users: 0, templates: makeTemplates() };
  const shared = holder[SHARED];
  shared.users += 1;
  const { file, postgresTemplate, remove } = await shared.templates;
  project.provide("pgliteTemplate", file);
  project.provide("postgresTemplate", postgresTemplate);
  return async () => {
    shared.users -= 1;
    if (shared.users === 0) {
      delete holder[SHARED];
      await remove();
    }
  };
}

const SHARED = Symbol.for("app.test.templates");
interface Templates {
  file: string;
  postgresTemplate: string;
  remove: () => Promise<void>;
}
type SharedHolder = { [SHARED]?: { users: number; templates: Promise<Templates> } };

async function makeTemplates(): Promise<Templates> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-test-template-"));
  const file = path.join(dir, "template.tar");
  const database = await openDatabase({ dataDir: "memory://" });
  const dump = await database.pglite!.dumpDataDir("none");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  const baseUrl = process.env.DATABASE_URL;
  const postgresTemplate = baseUrl ? await migratedPostgresTemplate(baseUrl) : "";
  const remove = async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (baseUrl && postgresTemplate) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${postgresTemplate}`);
  };
  return { file, postgresTemplate, remove };
}

async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A freshly migrated database with no connection left open (a template must have none). */
async function migratedPostgresTemplate(baseUrl: string): Promise<string> {
  const name = `apptest_template_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory://", poolSize: 1 });
  await database.close();
  return name;
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated PostgreSQL database test databases are copied from ("" without DATABASE_URL). */
    postgresTemplate: string;
  }
}
