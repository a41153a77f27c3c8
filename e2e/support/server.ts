import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { compiledServerArgs } from "../../src/server/testing/compiled-server";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

export interface SpawnedServer {
  child: ChildProcess;
  /** Resolves with the server's address once it says it is ready; rejects if it exits first or takes 60 s. */
  ready: Promise<string>;
}

/**
 * Starts the compiled server, as `npm start` runs it (built first if stale; decision 053), on the
 * embedded database with no outside host: the journeys use the sample creators. `env` adds to or
 * overrides these defaults (DATA_DIR, SAMPLE_ACCOUNTS, a file's own collector chain…).
 */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  const child = spawn(process.execPath, compiledServerArgs(), {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      PORT: "0",
      HOST: "127.0.0.1",
      SAMPLE_ACCOUNTS: "0",
      COLLECTORS: "sample",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ready = new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out.slice(-2000)}`)), 60_000);
    const on = (c: Buffer) => {
      out += c.toString();
      const m = out.match(/ready at (http:\/\/[\d.:]+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on("data", on);
    child.stderr!.on("data", on);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out.slice(-2000)}`));
    });
  });
  // Kept here so a failure is reported where `ready` is awaited, not as an unhandled rejection.
  ready.catch(() => undefined);
  return { child, ready };
}

/** Sends SIGTERM and resolves with the exit code once the server has exited. */
export async function stopServer(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  child.kill("SIGTERM");
  return exited;
}
