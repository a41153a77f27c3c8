import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { spawnServer, stopServer } from "./server";

/**
 * Runs once before the journeys: starts the compiled server on a new data folder, which creates and
 * migrates its database, and stops it. Each journey file's server then starts on a copy of that
 * folder: ~1.5 s instead of ~4 s a file here (issue #38 item 3: CI time; decision 057). A first
 * start on an empty folder is what this setup does, and the process tests
 * (`src/server/*.process.test.ts`) cover it.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-e2e-template-"));
  const { child, ready } = spawnServer({ DATA_DIR: dir });
  try {
    await ready;
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`the journeys' template folder: ${(err as Error).message}`);
  }
  const code = await stopServer(child);
  if (code !== 0)
    throw new Error(`the journeys' template folder: the server exited with ${code} when stopped`);
  project.provide("e2eDataTemplate", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A data folder whose database a server has created and migrated (e2e/support/global-setup.ts). */
    e2eDataTemplate: string;
  }
}
