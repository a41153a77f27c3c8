// A child process for the crash test: opens DATA_DIR like the server does and inserts rows one by
// one, printing "ack <n>" only after each insert has been acknowledged by the database.
import { openDatabase } from "../db/database";
import { users } from "../db/schema";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: writer-child <dataDir>");
const database = await openDatabase({ dataDir });
process.stdout.write("ready\n");
for (let n = 1; ; n++) {
  await database.db.insert(users).values({ email: `w${n}@crash.test` });
  process.stdout.write(`ack ${n}\n`);
}
