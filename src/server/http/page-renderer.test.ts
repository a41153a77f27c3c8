import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadReportPageRenderer } from "./page-renderer";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A build whose server copy of the shell writes a marker file when it is imported. */
function buildWithMarker(shell: string): { webRoot: string; marker: string } {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "renderer-"));
  dirs.push(dist);
  const marker = path.join(dist, "imported");
  fs.mkdirSync(path.join(dist, "web"));
  fs.mkdirSync(path.join(dist, "ssr"));
  fs.writeFileSync(
    path.join(dist, "ssr", "static-shell.js"),
    `import fs from "node:fs";\nfs.writeFileSync(${JSON.stringify(marker)}, "yes");\n${shell}`,
  );
  return { webRoot: path.join(dist, "web"), marker };
}

const log = { warn: () => undefined };

describe("the report page renderer (issue #38: memory)", () => {
  it("imports the server copy of the web app on the first report page, not at start", async () => {
    const { webRoot, marker } = buildWithMarker(
      "export async function renderReportPage(p, a) { return '<h1>' + a.username + '</h1>'; }",
    );
    const render = await loadReportPageRenderer(webRoot, log);
    expect(render).not.toBeNull();
    expect(fs.existsSync(marker)).toBe(false);
    expect(await render!("/report/instagram/ana", { body: '{"username":"ana"}', etag: '"1"' })).toBe(
      "<h1>ana</h1>",
    );
    expect(fs.existsSync(marker)).toBe(true);
  });

  it("answers with the loading frame (null), logged, when the build has no renderReportPage", async () => {
    const { webRoot } = buildWithMarker("export const nothing = 1;");
    const warnings: string[] = [];
    const render = await loadReportPageRenderer(webRoot, { warn: (_o, msg) => void warnings.push(msg) });
    expect(await render!("/report/instagram/ana", { body: '{"username":"ana"}', etag: '"1"' })).toBeNull();
    expect(warnings).toHaveLength(1);
  });
});
