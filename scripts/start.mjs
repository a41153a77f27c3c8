// `npm start`: makes sure the production builds are there and current, then runs the compiled server
// (dist/server/server.js) in this same process, so SIGTERM/SIGINT reach its graceful shutdown directly.
//
// - The web app is rebuilt when its build is missing, older than its sources, or not a production
//   build (a build made under NODE_ENV=development bundles React's development build; issue #39
//   item 7). It is always built for production, whatever NODE_ENV says.
// - The server is rebuilt when its bundle is missing or older than src/server, src/core,
//   package.json or the last install (it carries most packages' code, decision 051). Both builds run in child processes, so neither the bundler nor its memory stays
//   in the server's process: production runs plain JavaScript, no runtime transpiler (issue #38).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  buildPgliteTemplate,
  buildWeb,
  ROOT,
  readWebStamp,
  SERVER_ENTRY,
  serverBuildReason,
  webBuildReason,
} from "./build.mjs";

const webReason = webBuildReason();
if (webReason) {
  process.stdout.write(`Building the web app for production (the build is ${webReason})…\n`);
  if (buildWeb(["--logLevel", "warn"]) !== 0) {
    process.stderr.write("The web app build failed; see the messages above.\n");
    process.exit(1);
  }
}

const serverReason = serverBuildReason();
if (serverReason) {
  process.stdout.write(`Building the server (the build is ${serverReason})…\n`);
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts/build.mjs"), "--server-only"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) {
    process.stderr.write("The server build failed; see the messages above.\n");
    process.exit(result.status ?? 1);
  }
}

// The empty database cluster a first start unpacks instead of running initdb (decision 035); made
// once per PGlite version, in a child process. Without it the first start runs initdb itself.
if (!process.env.DATABASE_URL) buildPgliteTemplate();

const stamp = readWebStamp();
const builtAt = stamp?.builtAt ? `, built ${stamp.builtAt}` : "";
process.stdout.write(
  `Serving the production web build (dist/web${builtAt}) with the compiled server (dist/server).\n`,
);
// Stack traces point into the TypeScript sources through the bundle's source map.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(ROOT, SERVER_ENTRY)).href);
