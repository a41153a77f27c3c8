import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { compiledServerArgs } from "../../src/server/testing/compiled-server";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/**
 * Runs once before the journeys: starts the compiled server on a new data folder, which creates and
 * migrates its database, and stops it. Each journey file's server then starts on a copy of that
 * folder: ~1.5 s instead of ~4 s a file here (issue #38 item 3: CI time). A first start on an empty
 * folder is what this setup does, and the process tests (`src/server/*.process.test.ts`) cover it.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-e2e-template-"));
  await startAndStop(dir);
  project.provide("e2eDataTemplate", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function startAndStop(dataDir: string): Promise<void> {
  const child = spawn(process.execPath, compiledServerArgs(), {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      SAMPLE_ACCOUNTS: "0",
      COLLECTORS: "sample",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the template server did not start in 60 s: ${out.slice(-2000)}`));
    }, 60_000);
    const on = (c: Buffer) => {
      out += c.toString();
      if (/ready at http:/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", on);
    child.stderr.on("data", on);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the template server exited with ${code} before it was ready: ${out.slice(-2000)}`));
    });
  });
  child.kill("SIGTERM");
  const code = await exited;
  if (code !== 0)
    throw new Error(`the template server exited with ${code} when stopped: ${out.slice(-2000)}`);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A data folder whose database a server has created and migrated (e2e/support/global-setup.ts). */
    e2eDataTemplate: string;
  }
}
