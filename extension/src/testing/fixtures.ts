/**
 * Page fixtures for the extension's tests: the server collectors' recorded shapes
 * (src/server/collectors/fixtures, field names exact, values invented), wrapped as the pages carry
 * them (YouTube's ytInitialData is an inline script assignment on /@handle/videos).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../src/server/collectors/fixtures",
);

export function fixture(name: string): string {
  return fs.readFileSync(path.join(dir, name), "utf8");
}

export function fixtureJson(name: string): unknown {
  return JSON.parse(fixture(name));
}

/** A YouTube channel page as served, with `data` as its ytInitialData. */
export function youtubePage(data: unknown, title = "Example Creator - YouTube"): string {
  return `<!DOCTYPE html><html><head><title>${title}</title>
<script>var ytcfg = {"set": 1};</script></head><body><div id="content"></div>
<script nonce="abc">var ytInitialData = ${JSON.stringify(data)};</script>
<script>window.ytInitialPlayerResponse = null;</script></body></html>`;
}
