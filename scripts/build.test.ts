import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfigFromFile, type Plugin } from "vite";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without type declarations
import * as build from "./build.mjs";

/**
 * Issue #38 item 2 and issue #39 items 7 and 10: `npm start` runs the compiled server and always a
 * production web build, and a first run prints no notice a newcomer must wonder about.
 */

const ROOT: string = build.ROOT;
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A made-up project: sources written a minute ago, builds (the web one with `stamp`) 30 s ago. */
function fakeProject(stamp: object | null): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "build-test-"));
  dirs.push(root);
  for (const f of [
    "src/web/main.tsx",
    "src/core/x.ts",
    "src/server/server.ts",
    "vite.config.ts",
    "package.json",
  ]) {
    fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    fs.writeFileSync(path.join(root, f), "");
  }
  const old = new Date(Date.now() - 60_000);
  for (const f of [
    "src/web/main.tsx",
    "src/core/x.ts",
    "src/server/server.ts",
    "vite.config.ts",
    "package.json",
  ]) {
    fs.utimesSync(path.join(root, f), old, old);
  }
  fs.mkdirSync(path.join(root, "dist/web/.vite"), { recursive: true });
  fs.mkdirSync(path.join(root, "dist/server"), { recursive: true });
  fs.writeFileSync(path.join(root, "dist/web/index.html"), "<html></html>");
  fs.writeFileSync(path.join(root, "dist/server/server.js"), "");
  const built = new Date(Date.now() - 30_000);
  for (const f of ["dist/web/index.html", "dist/server/server.js"])
    fs.utimesSync(path.join(root, f), built, built);
  if (stamp) fs.writeFileSync(path.join(root, "dist/web/.vite/build-info.json"), JSON.stringify(stamp));
  return root;
}

describe("npm start: which builds it makes again", () => {
  it("keeps a current production build", () => {
    const root = fakeProject({ production: true, mode: "production" });
    expect(build.webBuildReason(root)).toBeNull();
    expect(build.serverBuildReason(root)).toBeNull();
  });

  it("rebuilds both after an install: the bundles carry packages' code (decision 051)", () => {
    const root = fakeProject({ production: true, mode: "production" });
    fs.mkdirSync(path.join(root, "node_modules"));
    const lock = path.join(root, "node_modules/.package-lock.json");
    fs.writeFileSync(lock, "{}");
    const before = new Date(Date.now() - 45_000);
    fs.utimesSync(lock, before, before);
    expect(build.webBuildReason(root)).toBeNull();
    expect(build.serverBuildReason(root)).toBeNull();
    fs.utimesSync(lock, new Date(), new Date());
    expect(build.webBuildReason(root)).toBe("older than its sources");
    expect(build.serverBuildReason(root)).toBe("older than its sources");
  });

  it("rebuilds a web build made under NODE_ENV=development, or one without a stamp", () => {
    expect(build.webBuildReason(fakeProject({ production: false, mode: "production" }))).toBe(
      "not a production build",
    );
    expect(build.webBuildReason(fakeProject(null))).toBe("not a production build");
  });

  it("rebuilds the web app when its sources or the Vite config changed, and the server when its sources did", () => {
    const root = fakeProject({ production: true });
    fs.writeFileSync(path.join(root, "vite.config.ts"), "// changed");
    expect(build.webBuildReason(root)).toBe("older than its sources");
    expect(build.serverBuildReason(root)).toBeNull();
    fs.writeFileSync(path.join(root, "src/core/x.ts"), "// changed");
    expect(build.serverBuildReason(root)).toBe("older than its sources");
    fs.rmSync(path.join(root, "dist/server/server.js"));
    expect(build.serverBuildReason(root)).toBe("missing");
  });

  it("builds the server with --if-stale only when it is stale, and refuses --if-stale for the web build (decision 053)", () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(ROOT, "scripts/build.mjs"), ...args], {
        cwd: ROOT,
        encoding: "utf8",
      });
    const refused = run("--if-stale");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("--if-stale goes with --server-only");
    // The first call builds if the working tree is newer than the bundle; the second finds it current.
    expect(run("--server-only", "--if-stale").status).toBe(0);
    const entry = path.join(ROOT, build.SERVER_ENTRY);
    const builtAt = fs.statSync(entry).mtimeMs;
    const again = run("--server-only", "--if-stale");
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("The server build is current");
    expect(fs.statSync(entry).mtimeMs).toBe(builtAt);
  }, 60_000);

  it("builds the web app with NODE_ENV=production whatever the shell says", () => {
    expect(build.webBuildEnv({ NODE_ENV: "development", PATH: "/bin" })).toEqual({
      NODE_ENV: "production",
      PATH: "/bin",
    });
  });
});

describe("npm start", () => {
  it("runs start.mjs with a 2 MB young generation and an old generation grown by 25 % past its live data (~60 MB less resident in all; docs/performance.md)", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(
      "node --max-semi-space-size=2 --heap-growing-percent=25 scripts/start.mjs",
    );
    expect(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8")).toContain(
      'CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=25", "--enable-source-maps", "dist/server/server.js"]',
    );
  });
});

describe("vite.config.ts", () => {
  it("stamps the build with whether it is a production build", async () => {
    const { buildStamp } = await import("../vite.config.ts");
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "stamp-"));
    dirs.push(outDir);
    for (const isProduction of [true, false]) {
      const plugin = buildStamp() as Plugin & {
        configResolved: (c: unknown) => void;
        closeBundle: () => void;
      };
      plugin.configResolved({ root: "/", build: { outDir }, isProduction, mode: "production" });
      plugin.closeBundle();
      const stamp = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/build-info.json"), "utf8"));
      expect(stamp).toMatchObject({ production: isProduction, mode: "production" });
    }
  });

  it("loads without Vite's configLoader notice (every import names its file extension)", async () => {
    const warnings: string[] = [];
    const logger = {
      info() {},
      warn: (msg: string) => warnings.push(msg),
      warnOnce: (msg: string) => warnings.push(msg),
      error: (msg: string) => warnings.push(msg),
      clearScreen() {},
      hasErrorLogged: () => false,
      hasWarned: false,
    };
    const loaded = await loadConfigFromFile(
      { command: "build", mode: "production" },
      path.join(ROOT, "vite.config.ts"),
      ROOT,
      "warn",
      logger,
    );
    expect(loaded?.config.root).toBe("src/web");
    expect(warnings.join("\n")).toBe("");
  });
});

describe("npm ci", () => {
  it("approves in allowScripts every dependency with an install script", () => {
    // The lockfile marks the packages whose install scripts npm ci runs (esbuild's platform check,
    // msgpackr-extract's prebuilt binary); one missing from allowScripts makes npm ci print its
    // "install scripts not yet covered by allowScripts" notice.
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts).toEqual(expect.arrayContaining(["esbuild", "msgpackr-extract"]));
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      allowScripts: Record<string, boolean>;
    };
    for (const name of withScripts) expect(pkg.allowScripts[name], name).toBe(true);
  });
});

function waitFor(child: ChildProcess, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}: ${seen}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const m = seen.match(pattern);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] ?? m[0]);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ${pattern}: ${seen.slice(-2000)}`));
    });
  });
}

describe("the compiled server", () => {
  it("runs as plain JavaScript from its bundle: migrations, blog articles and source maps found", async () => {
    // Built into a folder of its own inside the project: files read at run time are found from
    // the project root, wherever the bundle is.
    const outDir = path.join(ROOT, "dist", `server-test-${process.pid}`);
    dirs.push(outDir);
    await build.buildServer(outDir);
    const entry = path.join(outDir, "server.js");
    const code = fs.readFileSync(entry, "utf8");
    // No transpiler in the process: nothing imports tsx or esbuild, and no TypeScript is imported.
    expect(code).not.toMatch(/from ["'](tsx|esbuild)/);
    // (Bundled packages' JSDoc names `import('….d.ts')` types in comments: only code lines count.)
    expect(code).not.toMatch(/^(?!\s*(?:\*|\/\/|\/\*))[^\n]*\bimport\(["'][^"']*\.ts["']\)/m);
    // BullMQ (Redis only) is a chunk of its own, loaded on demand, not with every start.
    expect(code).not.toMatch(/from ["']bullmq["']/);
    // Nor are the export libraries (~50 MB together): they load on the first export.
    expect(code).not.toMatch(/from ["'](exceljs|pdfkit)["']/);
    // Nor what only another configuration or a later action needs (issue #38, start-up): PostgreSQL's
    // client (DATABASE_URL), ioredis (REDIS_URL, required when connecting), Google's library (sign-in).
    expect(code).not.toMatch(
      /from ["'](pg|ioredis|google-auth-library|drizzle-orm\/node-postgres[^"']*)["']/,
    );
    expect(code).toMatch(/import\(["']pg["']\)/);
    // The other packages are bundled in (decision 051): Node opens their files at no start. PGlite,
    // which reads its WebAssembly beside its code, stays a package.
    expect(code).not.toMatch(/^import [^\n]*from ["'](fastify|zod|drizzle-orm|openai|undici)["'];$/m);
    expect(code).toMatch(/\bfunction fastify\(/);
    expect(code).toMatch(/import\(["']@electric-sql\/pglite["']\)/);
    // The openai SDK and nodemailer are chunks loaded on first use, not part of every start.
    expect(code).toMatch(/^\/\/ node_modules\/fastify\//m);
    expect(code).not.toMatch(/^\/\/ node_modules\/(openai|nodemailer)\//m);
    expect(code).toMatch(/import\(["']google-auth-library["']\)/);
    const map = JSON.parse(fs.readFileSync(`${entry}.map`, "utf8")) as { sources: string[] };
    const sources = map.sources.map((s) => path.resolve(outDir, s));
    expect(sources).toContain(path.join(ROOT, "src/server/server.ts"));
    // Ours ship beside the build. (A bundled package's frames may name the TypeScript its own map
    // names, which its package does not ship: the path and line still say where.)
    const ours = sources.filter((s) => !s.includes(`${path.sep}node_modules${path.sep}`));
    expect(ours.length).toBeGreaterThan(100);
    expect(ours.every((s) => fs.existsSync(s))).toBe(true);

    const child = spawn(process.execPath, ["--enable-source-maps", entry], {
      cwd: os.tmpdir(),
      env: {
        ...process.env,
        DATABASE_URL: "",
        REDIS_URL: "",
        DATA_DIR: "memory://",
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        SAMPLE_ACCOUNTS: "3",
        NODE_ENV: "development",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    const address = await waitFor(child, /ready at (http:\/\/127\.0\.0\.1:\d+)/);
    // Migrations ran (from src/server/db/migrations) and the seeded sample creators are served.
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
    // The blog's articles are read from src/web/content/blog.
    const sitemap = await (await fetch(`${address}/sitemap.xml`)).text();
    const article = fs.readdirSync(path.join(ROOT, "src/web/content/blog"))[0]!.replace(/\.md$/, "");
    expect(sitemap).toContain(article);
    child.kill("SIGTERM");
  }, 180_000);
});
