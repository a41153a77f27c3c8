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

/**
 * The TikTok profile page as a signed-in browser gets it: the profile in
 * `__UNIVERSAL_DATA_FOR_REHYDRATION__` but no video list (the page fetches it afterwards); with
 * `script`, an inline script added at the end of the body (the page's own loader).
 */
export function tiktokPageWithoutItems(script = ""): string {
  const page = fixture("tiktok-profile.html");
  const open = page.indexOf(">", page.indexOf('id="__UNIVERSAL_DATA_FOR_REHYDRATION__"')) + 1;
  const close = page.indexOf("</script>", open);
  const data = JSON.parse(page.slice(open, close)) as {
    __DEFAULT_SCOPE__: Record<string, { itemList?: unknown; userInfo?: { itemList?: unknown } }>;
  };
  const detail = data.__DEFAULT_SCOPE__["webapp.user-detail"]!;
  delete detail.itemList;
  delete detail.userInfo?.itemList;
  const body = `${page.slice(0, open)}${JSON.stringify(data)}${page.slice(close)}`;
  return script ? body.replace("</body>", `<script>${script}</script></body>`) : body;
}
