import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** What vite.config.ts's prerenderShell writes beside the manifest (decision 027). */
const staticPagesSchema = z.object({
  /** The generic first frame, as it sits in index.html's #root. */
  frame: z.string().min(1),
  /** Whole pages by path: each replaces the frame for that path. */
  pages: z.record(z.string().startsWith("/"), z.string().min(1)),
});

/**
 * The index.html to start from for a page path: the build's copy, or for a path the build rendered
 * whole (the home page) that copy with the page's own first render in place of the frame. `null`
 * (a request with a query string) always gets the build's copy.
 * A build without the file (older builds, tests' fake web roots) gives index.html for every path.
 */
export function loadStaticPages(
  webRoot: string,
  indexHtml: string,
): { htmlFor: (pathname: string | null) => string; frame: string | null } {
  const file = path.join(webRoot, ".vite", "static-pages.json");
  const plain = { htmlFor: () => indexHtml, frame: null };
  if (!fs.existsSync(file)) return plain;
  let parsed: z.infer<typeof staticPagesSchema>;
  try {
    parsed = staticPagesSchema.parse(JSON.parse(fs.readFileSync(file, "utf8")));
  } catch (err) {
    const why =
      err instanceof z.ZodError
        ? err.issues.map((i) => `${i.path.join(".") || "the file"}: ${i.message}`).join("; ")
        : err instanceof Error
          ? err.message
          : String(err);
    throw new Error(
      `The web build's ${file} is not what the build writes (${why}): run \`npm run build\` again.`,
    );
  }
  if (!indexHtml.includes(parsed.frame)) return plain;
  const byPath = new Map(
    Object.entries(parsed.pages).map(([p, page]) => [p, indexHtml.replace(parsed.frame, () => page)]),
  );
  return {
    htmlFor: (pathname) => (pathname === null ? indexHtml : (byPath.get(pathname) ?? indexHtml)),
    /** The loading frame as index.html holds it: a page rendered per request takes its place. */
    frame: parsed.frame,
  };
}
