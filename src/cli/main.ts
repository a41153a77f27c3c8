import { createProcessOutput } from "../server/ops/log-output";
import type { CliIo } from "./io";
import { runCli } from "./run-cli";

// Issue #27: the output never throws or blocks (a closed pipe, a full disk), so a command whose
// reader went away still finishes its work and exits with its own code. SIGTERM and SIGINT keep
// their default action on purpose: the kernel ends the process at once, even in the middle of a
// synchronous step of the embedded database (a JavaScript handler would wait for it). Nothing is
// lost: import and seed commit in batches (a re-run carries on), backup renames its file only when
// complete, and the data folder's lock, held by a process that no longer exists, is taken over.
const output = createProcessOutput();
const io: CliIo = { out: (t) => output.out.write(`${t}\n`), err: (t) => output.err.write(`${t}\n`) };

/** Exits explicitly: a reader that stopped reading must not keep the process alive on its queue. */
async function finish(code: number): Promise<void> {
  await output.drain(1000);
  process.exit(code);
}

runCli(process.argv.slice(2), io).then(finish, (err) => {
  io.err(`${(err as Error).stack ?? err}`);
  return finish(1);
});
