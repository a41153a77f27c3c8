import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";
import { deferAppScripts } from "./src/core/seo/app-scripts.ts";

/** Text files worth compressing; index.html is left out: the server renders each page's copy. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/i;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside each built text file of
 * 1 KB or more, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing per request. A twin that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const p = path.join(dir, e.name);
          return e.isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const raw = fs.readFileSync(file);
        if (raw.length < MIN_BYTES) continue;
        const br = zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = zlib.gzipSync(raw, { level: 9 });
        if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * Writes the app's first render (src/web/app/static-shell.tsx: top bar, a page loading, footer) into
 * the built index.html, so the browser paints it before any JavaScript arrives (issue #25, decision
 * 027), and moves the entry script and its modulepreloads into a template that public/boot.js loads
 * after that paint (decision 028). The shell's controls do nothing until the app replaces it, so
 * `[data-static-shell]` makes them ignore the pointer meanwhile (styles.css).
 */
function prerenderShell(): Plugin {
  let outDir = "";
  let root = "";
  let nodeEnv = "production";
  return {
    name: "prerender-shell",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      root = config.root;
      nodeEnv = config.isProduction ? "production" : "development";
    },
    async closeBundle() {
      // The same module built for Node (dist/ssr): the server renders report pages with it per request.
      const ssrDir = path.resolve(outDir, "..", "ssr");
      await build({
        configFile: false,
        root,
        logLevel: "error",
        plugins: [react()],
        ssr: { noExternal: true },
        // React picks its build from process.env.NODE_ENV when it runs: fixed here to the web
        // build's mode, so the server renders with React's production build whatever NODE_ENV the
        // server runs under, and the development build is left out (~35 MB less once loaded).
        define: { "process.env.NODE_ENV": JSON.stringify(nodeEnv) },
        build: {
          ssr: "app/static-shell.tsx",
          outDir: ssrDir,
          emptyOutDir: true,
          copyPublicDir: false,
          sourcemap: false,
          minify: false,
          rollupOptions: { output: { entryFileNames: "static-shell.js", codeSplitting: false } },
        },
      });
      const shell = (await import(pathToFileURL(path.join(ssrDir, "static-shell.js")).href)) as {
        renderStaticShell: () => string;
        renderStaticPage: (path: string) => Promise<string>;
        PRERENDERED_PATHS: readonly string[];
      };
      const file = path.join(outDir, "index.html");
      const html = fs.readFileSync(file, "utf8");
      const emptyRoot = '<div id="root"></div>';
      if (!html.includes(emptyRoot))
        throw new Error(`index.html has no empty ${emptyRoot} for the static shell`);
      const frame = `<div data-static-shell>${shell.renderStaticShell()}</div>`;
      // Pages rendered whole: the server puts one in place of the frame for its path (static-web.ts).
      const pages: Record<string, string> = {};
      for (const p of shell.PRERENDERED_PATHS) {
        pages[p] = `<div data-static-shell>${await shell.renderStaticPage(p)}</div>`;
      }
      fs.writeFileSync(path.join(outDir, ".vite", "static-pages.json"), JSON.stringify({ frame, pages }));
      // The scripts load after the first paint (decision 028): public/boot.js starts them.
      fs.writeFileSync(file, deferAppScripts(html.replace(emptyRoot, () => `<div id="root">${frame}</div>`)));
    },
  };
}

/**
 * Writes `.vite/build-info.json` into the web build: whether it is a production build (React's
 * production bundle) and when it was made. `npm start` rebuilds a build that is not production and
 * names the build it serves (issue #39 item 7).
 */
export function buildStamp(): Plugin {
  let outDir = "";
  let production = true;
  let mode = "production";
  return {
    name: "build-stamp",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      production = config.isProduction;
      mode = config.mode;
    },
    closeBundle() {
      const info = { production, mode, builtAt: new Date().toISOString() };
      fs.mkdirSync(path.join(outDir, ".vite"), { recursive: true });
      fs.writeFileSync(path.join(outDir, ".vite", "build-info.json"), JSON.stringify(info));
    },
  };
}

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), prerenderShell(), precompress(), buildStamp()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the server reads it to preload a page's own chunk with its HTML.
    manifest: true,
    // Fewer, larger files (decision 054). Left to itself the bundler split the entry's code into 21
    // files (one per set of pages sharing a module), the report page's into 54. Each file is a request,
    // and its arrival a main-thread task after the first paint. The entry's packages go in one file
    // (changed only when a package is), the entry's own code in the entry, and the icons the lazy pages
    // use in one small file. What the first script leaves out (zod, decision 050) is not "$initial"
    // and stays with the pages and reads that need it; `npm run check:bundle` holds both.
    rolldownOptions: {
      // The app's own modules do nothing when imported but define things (decision 055), so a page that
      // imports one part of a feature's index does not also load and evaluate the rest of it (the
      // report page took the notification bell, its popover and the lists' schemas with WatchButton).
      // A module that must act when imported (a polyfill, a registration) needs a rule of its own here.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]src[\\/](?:web|core)[\\/].*\.tsx?$/, sideEffects: false, external: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            { name: "vendor", tags: ["$initial"], test: /node_modules[\\/]/, priority: 20 },
            { name: "app", tags: ["$initial"], priority: 10 },
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:5000", "/ads.txt": "http://127.0.0.1:5000" },
  },
});
