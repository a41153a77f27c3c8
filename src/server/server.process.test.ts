import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/database";
import { users } from "./db/schema";
import { compiledServerArgs } from "./testing/compiled-server";

/** Real processes on a real data folder: restart, crash (SIGKILL), second owner, bad config. */

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const writerEntry = path.join(root, "src/server/testing/writer-child.ts");
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "app-proc-"));
  dirs.push(d);
  return d;
}

/** Runs `node` with `args`: the compiled server, or the crash-test writer through tsx. */
function run(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", LOG_LEVEL: "info", SAMPLE_ACCOUNTS: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return child;
}

function waitFor(child: ChildProcess, pattern: RegExp, timeoutMs = 40_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${pattern}; output: ${seen.slice(-2000)}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const m = seen.match(pattern);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => {
      if (!pattern.test(seen)) {
        clearTimeout(timer);
        reject(new Error(`exited with ${code} before ${pattern}; output: ${seen.slice(-2000)}`));
      }
    });
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = "";
    child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = run(compiledServerArgs(), { DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1" });
  const line = await waitFor(child, /ready at (http:\/\/[\d.:]+)/);
  return { child, url: line.replace("ready at ", "") };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const done = exitOf(child);
  child.kill("SIGTERM");
  return (await done).code;
}

describe("server process", () => {
  it("keeps every acknowledged write through a SIGKILL, restarts on the folder, and refuses a second owner", async () => {
    const dataDir = tmpDir();
    const writer = run(["--import", "tsx", writerEntry, dataDir], {});
    let acked = 0;
    writer.stdout!.on("data", (c: Buffer) => {
      for (const m of c.toString().matchAll(/ack (\d+)/g)) acked = Math.max(acked, Number(m[1]));
    });
    await waitFor(writer, /ack 40\b/);
    writer.kill("SIGKILL");
    await new Promise((r) => writer.once("exit", r));
    expect(acked).toBeGreaterThanOrEqual(40);

    // The server starts on the crashed folder (the dead writer's lock is taken over).
    const first = await startServer(dataDir);
    const health = await fetch(`${first.url}/api/health`).then((r) => r.json());
    expect(health).toMatchObject({ ok: true, db: "pglite" });

    // A second server on the same folder refuses and names the holder.
    const second = run(compiledServerArgs(), { DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1" });
    const refused = await exitOf(second);
    expect(refused.code).toBe(3);
    expect(refused.output).toContain(`is in use by process ${first.child.pid}`);

    // Graceful stop releases the folder; every acknowledged write is there.
    expect(await stop(first.child)).toBe(0);
    const database = await openDatabase({ dataDir });
    const rows = await database.db.select({ email: users.email }).from(users);
    await database.close();
    const emails = new Set(rows.map((r) => r.email));
    for (let n = 1; n <= acked; n++) expect(emails.has(`w${n}@crash.test`)).toBe(true);

    // And a restart still finds them.
    const again = await startServer(dataDir);
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    expect(await stop(again.child)).toBe(0);
  }, 120_000);

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a whole number from 0 to 65535, got "abc"'],
    [
      { DATABASE_URL: "nonsense" },
      "Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL",
    ],
  ])("stops with one clear line for bad configuration %j", async (env, message) => {
    const child = run(compiledServerArgs(), { DATA_DIR: tmpDir(), ...env });
    const { code, output } = await exitOf(child);
    expect(code).toBe(2);
    expect(output.trim()).toBe(message);
  });
});
