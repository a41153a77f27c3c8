import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Issue #39 item 7: `npm start` serves a production web build whatever NODE_ENV says, rebuilding one
 * that is not, and names the build it serves. Run on a made-up project: the real start.mjs and
 * build.mjs, with a stand-in Vite (it records the NODE_ENV it was given and writes a build) and a
 * stand-in compiled server (it prints a line and exits).
 */
const here = path.dirname(new URL(import.meta.url).pathname);
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function write(root: string, file: string, text: string, mtime?: Date): void {
  const p = path.join(root, file);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
  if (mtime) fs.utimesSync(p, mtime, mtime);
}

function fakeProject(stamp: { production: boolean; builtAt: string }): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "start-test-"));
  dirs.push(root);
  fs.mkdirSync(path.join(root, "scripts"));
  for (const f of ["start.mjs", "build.mjs"])
    fs.copyFileSync(path.join(here, f), path.join(root, "scripts", f));
  const old = new Date(Date.now() - 60_000);
  for (const f of ["src/web/main.tsx", "src/core/x.ts", "src/server/server.ts", "vite.config.ts"]) {
    write(root, f, "", old);
  }
  write(root, "package.json", '{"type":"module"}', old);
  write(root, "dist/web/index.html", "<html></html>");
  write(root, "dist/web/.vite/build-info.json", JSON.stringify({ ...stamp, mode: "production" }));
  write(root, "dist/server/server.js", 'process.stdout.write("compiled server running\\n");');
  write(root, "node_modules/@electric-sql/pglite/package.json", '{"version":"0.0.0-test"}');
  write(root, "dist/pglite-template/0.0.0-test.tar.gz", "");
  write(
    root,
    "node_modules/vite/bin/vite.js",
    `import fs from "node:fs";
     fs.writeFileSync("vite-node-env.txt", String(process.env.NODE_ENV));
     fs.writeFileSync("dist/web/index.html", "<html></html>");
     fs.writeFileSync("dist/web/.vite/build-info.json", JSON.stringify({
       production: process.env.NODE_ENV === "production", mode: "production", builtAt: "2026-11-27T12:00:00.000Z" }));`,
  );
  return root;
}

function start(root: string) {
  return spawnSync(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "development", DATABASE_URL: "" },
  });
}

describe("npm start under NODE_ENV=development", () => {
  it("rebuilds a development web build for production and names the build it serves", () => {
    const root = fakeProject({ production: false, builtAt: "2026-11-01T00:00:00.000Z" });
    const r = start(root);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("Building the web app for production (the build is not a production build)");
    expect(fs.readFileSync(path.join(root, "vite-node-env.txt"), "utf8")).toBe("production");
    expect(r.stdout).toContain(
      "Serving the production web build (dist/web, built 2026-11-27T12:00:00.000Z) with the compiled server (dist/server).",
    );
    expect(r.stdout).toContain("compiled server running");
  });

  it("serves a current production build as it is", () => {
    const root = fakeProject({ production: true, builtAt: "2026-11-20T08:00:00.000Z" });
    const r = start(root);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toContain("Building");
    expect(fs.existsSync(path.join(root, "vite-node-env.txt"))).toBe(false);
    expect(r.stdout).toContain("Serving the production web build (dist/web, built 2026-11-20T08:00:00.000Z)");
  });
});
