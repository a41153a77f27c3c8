import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** What the build's Node copy of web/app/static-shell.tsx offers the server (dist/ssr). */
interface ShellModule {
  renderReportPage: (path: string, account: unknown) => Promise<string | null>;
}

/** Rendered report pages kept, newest use last: a report is rendered once per stored version. */
const CACHED_PAGES = 200;

export type ReportPageRenderer = (
  pathname: string,
  report: { body: string; etag: string },
) => Promise<string | null>;

/**
 * Loads the server copy of the web app's static shell that `vite build` writes beside the web build
 * (dist/ssr/static-shell.js), to render a report page with its stored report (decision 027). Without
 * it (no build, or a test's web root) there is none, and report pages get the loading frame.
 * A page that fails to render is logged and answered with the frame: never an error page.
 */
export async function loadReportPageRenderer(
  webRoot: string,
  log: { warn: (obj: object, msg: string) => void },
): Promise<ReportPageRenderer | null> {
  const file = path.resolve(webRoot, "..", "ssr", "static-shell.js");
  if (!fs.existsSync(file)) return null;
  // Imported on the first report page, not at start: the server copy of the web app (React and
  // every page) holds ~35 MB, which a server that only answers the API never needs (issue #38).
  let loaded: Promise<ShellModule["renderReportPage"]> | undefined;
  const render: ShellModule["renderReportPage"] = async (pathname, account) => {
    loaded ??= import(pathToFileURL(file).href).then((shell: Partial<ShellModule>) => {
      if (typeof shell.renderReportPage !== "function") {
        throw new Error(`${file} has no renderReportPage: run \`npm run build\` again.`);
      }
      return shell.renderReportPage;
    });
    return (await loaded)(pathname, account);
  };
  const cache = new Map<string, string | null>();
  return async (pathname, report) => {
    const key = `${pathname}\n${report.etag}`;
    if (cache.has(key)) {
      const hit = cache.get(key)!;
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    let html: string | null;
    try {
      html = await render(pathname, JSON.parse(report.body));
    } catch (err) {
      log.warn({ err, pathname }, "report page not rendered on the server; sent the loading frame");
      return null;
    }
    cache.set(key, html);
    if (cache.size > CACHED_PAGES) cache.delete(cache.keys().next().value!);
    return html;
  };
}
