import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue #26: `npm start` in development on a terminal prints readable log lines (pino-pretty) and one
 * plain line with the address to open; with the output going anywhere else, JSON lines. The server
 * runs under `script`, which gives it a pseudo-terminal like a developer's.
 */

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const hasScript = spawnSync("script", ["--version"]).status === 0;

describe.skipIf(!hasScript)(
  `server output on a terminal${hasScript ? "" : " [skipped: no `script` here]"}`,
  () => {
    it("is pretty-printed, with one line naming the address to open, and stops on SIGTERM", async () => {
      const command = `${process.execPath} --import tsx src/server/server.ts`;
      const child = spawn("script", ["-qefc", command, "/dev/null"], {
        cwd: root,
        detached: true,
        env: {
          ...process.env,
          NODE_ENV: "development",
          DATABASE_URL: "",
          REDIS_URL: "",
          DATA_DIR: "memory://",
          SAMPLE_ACCOUNTS: "0",
          PORT: "0",
          HOST: "127.0.0.1",
          LOG_LEVEL: "info",
        },
        stdio: ["pipe", "pipe", "pipe"],
      });
      let seen = "";
      child.stdout!.on("data", (c: Buffer) => (seen += c.toString()));
      child.stderr!.on("data", (c: Buffer) => (seen += c.toString()));
      const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
      try {
        const end = Date.now() + 60_000;
        while (!/Ready: open http:\/\/127\.0\.0\.1:\d+ in your browser/.test(seen)) {
          if (Date.now() > end || child.exitCode !== null)
            throw new Error(`no ready line: ${seen.slice(-2000)}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        // Readable lines: a time, a level word and the message, not JSON objects.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the colours of a terminal
        const text = seen.replace(/\u001b\[[0-9;]*m/g, "");
        expect(text).toMatch(/\[\d\d:\d\d:\d\d(\.\d+)?\] INFO: ready at http:\/\/127\.0\.0\.1:\d+/);
        expect(text).not.toContain('{"level":');
        expect(text.match(/Ready: open /g)).toHaveLength(1);
      } finally {
        process.kill(-child.pid!, "SIGTERM");
      }
      expect(await exited).toBe(0);
    }, 90_000);
  },
);
