import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Issue #27 for the CLI's long commands, as real processes on a real data folder: a closed output
 * neither crashes a command nor changes its exit code, SIGTERM and SIGINT end it at once, and the
 * next command takes the same folder.
 */

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const cliEntry = path.join(root, "src/cli/main.ts");
const STOP_LIMIT_MS = 5000;
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "app-cli-proc-"));
  dirs.push(d);
  return d;
}

interface Run {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Runs the CLI with its output as pipes whose reading ends are closed at once (a dead log shipper). */
function cliWithOutputClosed(args: string[], dataDir: string): Run {
  const child = spawn(process.execPath, ["--import", "tsx", cliEntry, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  child.stdout!.destroy();
  child.stderr!.destroy();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, exited };
}

/** Waits until the command holds the data folder (its lock file exists), then a little longer. */
async function whenWorking(dataDir: string, run: Run): Promise<void> {
  const end = Date.now() + 60_000;
  while (!fs.existsSync(path.join(dataDir, "app.lock"))) {
    if (run.child.exitCode !== null) throw new Error(`exited with ${run.child.exitCode} before working`);
    if (Date.now() > end) throw new Error("never took the data folder");
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 1500));
}

async function backupWorks(dataDir: string): Promise<void> {
  const file = path.join(tmpDir(), "backup.tar.gz");
  const backup = cliWithOutputClosed(["backup", file], dataDir);
  const { code } = await backup.exited;
  expect(code).toBe(0);
  expect(fs.statSync(file).size).toBeGreaterThan(1000);
}

describe("CLI process whose output nobody reads", () => {
  it("seed and backup finish their work and exit 0 (a write to the closed output used to end them with 1)", async () => {
    const dataDir = tmpDir();
    const seed = cliWithOutputClosed(["seed", "--sample", "300"], dataDir);
    expect((await seed.exited).code).toBe(0);
    await backupWorks(dataDir);
  }, 120_000);

  it.each([
    ["import", "SIGTERM"],
    ["seed", "SIGINT"],
  ] as const)(
    "%s is ended by %s at once, mid-work; the next command takes the folder",
    async (command, signal) => {
      const dataDir = tmpDir();
      let args: string[];
      if (command === "import") {
        const file = path.join(tmpDir(), "big.csv");
        const rows = Array.from({ length: 60_000 }, (_, i) => `instagram,creator_${i},${1000 + i}`);
        fs.writeFileSync(file, `platform,username,followers\n${rows.join("\n")}\n`);
        args = ["import", file];
      } else args = ["seed", "--sample", "300000"];
      const run = cliWithOutputClosed(args, dataDir);
      await whenWorking(dataDir, run);
      expect(run.child.exitCode).toBeNull();
      const sent = Date.now();
      run.child.kill(signal);
      const exit = await Promise.race([
        run.exited,
        new Promise<null>((r) => setTimeout(() => r(null), 30_000)),
      ]);
      expect(exit).not.toBeNull();
      expect(exit!.signal).toBe(signal);
      expect(exit!.at - sent).toBeLessThan(STOP_LIMIT_MS);
      await backupWorks(dataDir);
    },
    180_000,
  );
});
