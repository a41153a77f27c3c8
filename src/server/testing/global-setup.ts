import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/database";

/**
 * Runs once per test run: builds a migrated PGlite and dumps it, so each test file loads a copy
 * in ~0.6 s instead of initialising PostgreSQL-in-WASM from scratch (~3.6 s).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-test-template-"));
  const file = path.join(dir, "template.tar");
  const database = await openDatabase({ dataDir: "memory://" });
  const dump = await database.pglite!.dumpDataDir("none");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
