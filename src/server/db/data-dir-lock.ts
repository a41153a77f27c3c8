import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes on one folder silently corrupt it (PGlite #327).
 * We keep `<DATA_DIR>/app.lock` holding the owner's pid; a second process refuses to start and
 * names the holder; a lock left by a dead process (SIGKILL, power loss) is taken over.
 */

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
  command?: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(file, "utf8")) as LockInfo;
    return typeof info.pid === "number" ? info : null;
  } catch {
    return null;
  }
}

/** Locks this process holds (a pid equal to ours but not in here is a previous life, e.g. pid 1 in a container). */
const heldHere = new Set<string>();

export interface DataDirLock {
  file: string;
  /** True when a stale lock of a dead process was taken over. */
  tookOverFrom: LockInfo | null;
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  // The folder holds every user's e-mail, sessions and history: only this account may enter it
  // (PGlite writes its files 0666; a 0700 folder makes their modes unreachable). An existing
  // folder made by an earlier version is tightened too.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  const file = path.join(dataDir, "app.lock");
  const mine: LockInfo = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1, 3).join(" "),
  };
  let tookOverFrom: LockInfo | null = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: "wx" });
      heldHere.add(file);
      let released = false;
      return {
        file,
        tookOverFrom,
        release() {
          if (released) return;
          released = true;
          heldHere.delete(file);
          const current = readLock(file);
          if (current?.pid === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = readLock(file);
      if (!holder && heldHere.has(file))
        throw new DataDirLockedError(
          `The data folder ${path.resolve(dataDir)} is already open in this process.`,
        );
      const sameHost = !holder || holder.host === os.hostname();
      const ours = holder?.pid === process.pid;
      const heldByLiveOther = holder && !ours && (!sameHost || isAlive(holder.pid));
      if (holder && (heldByLiveOther || (ours && heldHere.has(file)))) {
        throw new DataDirLockedError(
          `The data folder ${path.resolve(dataDir)} is in use by process ${holder.pid}` +
            `${sameHost ? "" : ` on host ${holder.host}`} (started ${holder.startedAt}). ` +
            "Stop that process first, or set DATA_DIR to another folder. " +
            `If you are sure no process uses it, delete ${file}.`,
        );
      }
      // Stale (dead owner, unreadable, or our own pid from a previous life): take it over.
      tookOverFrom = holder;
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}: another process keeps taking it.`);
}
