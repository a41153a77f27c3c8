// Entry of dist/server/make-pglite-template.js: scripts/build.mjs runs it in a child process.
import { main } from "./pglite-template";

await main();
