import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of docs/architecture.md, checked on every import in src:
 * core imports nothing of server, web or cli; server and web never import each other;
 * web imports nothing of cli; and no file imports itself back through a cycle.
 * Test files are held to the same rules, except that a server test may drive the CLI.
 */

type Layer = "core" | "server" | "web" | "cli";

const FORBIDDEN: Record<Layer, Layer[]> = {
  core: ["server", "web", "cli"],
  server: ["web"],
  web: ["server", "cli"],
  cli: ["web"],
};

const SRC = path.resolve(import.meta.dirname);
const ROOT = path.dirname(SRC);
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];
/** `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveFile(base: string): string | null {
  if (/\.tsx?$/.test(base) && fs.existsSync(base)) return base;
  for (const ext of EXTENSIONS) {
    if (fs.existsSync(base + ext)) return base + ext;
  }
  return null;
}

/** Resolves a relative or `#core/…` specifier to a file under src, or null for packages. */
function resolveSpecifier(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith("#core/")) return resolveFile(path.join(SRC, "core", specifier.slice(6)));
  if (!specifier.startsWith(".")) return null;
  return resolveFile(path.resolve(path.dirname(fromFile), specifier));
}

/** Every import between files of src (paths relative to the repository root). */
function importGraph(files: string[] = sourceFiles(SRC)): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveSpecifier(file, match[1]!);
      if (!target) continue;
      const lineStart = text.lastIndexOf("\n", match.index) + 1;
      const statement = text.slice(lineStart, match.index + match[0].length);
      edges.push({
        from: path.relative(ROOT, file),
        to: path.relative(ROOT, target),
        typeOnly: /^\s*(?:import|export)\s+type\b/.test(statement),
      });
    }
  }
  return edges;
}

function layerOf(file: string): Layer | null {
  const top = file.split(/[\\/]/)[1];
  return top === "core" || top === "server" || top === "web" || top === "cli" ? top : null;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Imports that cross a layer boundary the wrong way, as "from → to". */
function boundaryBreaches(edges: ImportEdge[]): string[] {
  return edges
    .filter((e) => {
      const from = layerOf(e.from);
      const to = layerOf(e.to);
      if (!from || !to || from === to) return false;
      if (isTest(e.from) && from === "server" && to === "cli") return false;
      return FORBIDDEN[from].includes(to);
    })
    .map((e) => `${e.from} → ${e.to}`);
}

/** Strongly connected groups of more than one file (Tarjan), each listed sorted. */
function importCycles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (next.get(node) ?? []).includes(node)) cycles.push(group.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe("architecture", () => {
  const edges = importGraph();

  it("reads the real import graph", () => {
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges.some((e) => e.to === "src/core/schemas/blog.ts")).toBe(true);
  });

  it("keeps core free of server, web and cli, and server and web apart", () => {
    expect(boundaryBreaches(edges)).toEqual([]);
  });

  it("has no import cycle between files", () => {
    expect(importCycles(edges)).toEqual([]);
  });

  it("reports a breach in each forbidden direction", () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, to, typeOnly: false });
    expect(
      boundaryBreaches([
        edge("src/core/engine/a.ts", "src/server/app.ts"),
        edge("src/core/engine/a.ts", "src/web/main.tsx"),
        edge("src/core/engine/a.ts", "src/cli/main.ts"),
        edge("src/server/seo/b.ts", "src/web/features/blog/x.ts"),
        edge("src/web/features/c.tsx", "src/server/errors.ts"),
        edge("src/web/features/c.test.tsx", "src/server/errors.ts"),
        edge("src/server/app.ts", "src/core/engine/a.ts"),
        edge("src/server/shared/m.test.ts", "src/cli/commands/migrate.ts"),
      ]),
    ).toEqual([
      "src/core/engine/a.ts → src/server/app.ts",
      "src/core/engine/a.ts → src/web/main.tsx",
      "src/core/engine/a.ts → src/cli/main.ts",
      "src/server/seo/b.ts → src/web/features/blog/x.ts",
      "src/web/features/c.tsx → src/server/errors.ts",
      "src/web/features/c.test.tsx → src/server/errors.ts",
    ]);
  });

  it("finds a cycle, type-only imports included", () => {
    const edges: ImportEdge[] = [
      { from: "a.ts", to: "b.ts", typeOnly: false },
      { from: "b.ts", to: "c.ts", typeOnly: true },
      { from: "c.ts", to: "a.ts", typeOnly: false },
      { from: "c.ts", to: "d.ts", typeOnly: false },
    ];
    expect(importCycles(edges)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("resolves #core imports and directory imports to files", () => {
    const from = path.join(SRC, "server", "app.ts");
    expect(resolveSpecifier(from, "#core/schemas/blog")).toBe(path.join(SRC, "core", "schemas", "blog.ts"));
    expect(resolveSpecifier(from, "fastify")).toBeNull();
  });
});
