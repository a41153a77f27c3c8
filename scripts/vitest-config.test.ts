import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../vitest.config";

/**
 * The unit suite's groups (decision 052): a jsdom file must land in the isolated "web" project. The
 * config finds those files by their first line; a file that asks for jsdom in another form would
 * run in "node", whose workers keep modules from one file to the next.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

function testFiles(): string[] {
  const files: string[] = [];
  for (const dir of ["src", "scripts", "extension"]) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      if (!entry.isFile() || !/\.test\.tsx?$/.test(entry.name) || file.includes("node_modules")) continue;
      // This file names the comment without asking for jsdom.
      if (file !== "scripts/vitest-config.test.ts") files.push(file);
    }
  }
  return files;
}

type Project = { test: { name: string; include?: string[]; isolate?: boolean } };
const projects = (config.test?.projects ?? []) as Project[];
const project = (name: string) => projects.find((p) => p.test.name === name)!.test;

describe("vitest.config.ts", () => {
  it("runs every file that asks for jsdom in the isolated web project, and only those", () => {
    const jsdom = testFiles().filter((file) =>
      fs.readFileSync(path.join(root, file), "utf8").includes("@vitest-environment"),
    );
    for (const file of jsdom) {
      expect(fs.readFileSync(path.join(root, file), "utf8").split("\n")[0], file).toBe(
        "// @vitest-environment jsdom",
      );
    }
    expect([...(project("web").include ?? [])].sort()).toEqual(jsdom.sort());
    expect(jsdom.length).toBeGreaterThan(40);
    expect(project("web").isolate).not.toBe(false);
    expect(project("node").isolate).toBe(false);
  });
});
