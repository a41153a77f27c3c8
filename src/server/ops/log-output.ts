/**
 * The process's output (standard output and error) written so that it can never stop the process
 * (issue #27). A supervisor may close the reading end (a log shipper that died, `| tee` gone), stop
 * reading it, or point it at a full disk; the server must keep serving and stop on SIGTERM anyway.
 *
 * - Nothing is written synchronously in a loop and nothing waits at exit: lines go through Node's
 *   own stdio streams (pipes are non-blocking there; their queue is dropped when the process exits).
 *   Pino's default destination (sonic-boom) is not used: at exit it flushes synchronously and, on a
 *   closed pipe, retries EPIPE every 100 ms for ever, which is what kept the process alive.
 * - A write error (EPIPE, ENOSPC, EAGAIN…) is caught once per stream and counted; from then on that
 *   stream is gone and every line meant for it is dropped and counted.
 * - A reader that does not keep up (the pipe full, EAGAIN inside libuv) makes the queue grow; past
 *   `maxQueuedBytes` lines are dropped and counted instead of filling the memory.
 * The counts are exported in /metrics (`log_output_errors_total`, `log_lines_dropped_total`).
 */

/** The part of a Node writable (process.stdout) this needs: tests pass their own. */
export interface OutputTarget {
  write(chunk: string, callback?: (err?: Error | null) => void): boolean;
  readonly writableLength: number;
  readonly destroyed: boolean;
  readonly writableEnded?: boolean;
  on(event: "error", listener: (err: Error) => void): unknown;
  once(event: "drain" | "close", listener: () => void): unknown;
  removeListener(event: "drain" | "close", listener: () => void): unknown;
}

export type DropReason = "closed" | "backpressure";

export interface OutputCounts {
  /** Write errors by stream and error code (EPIPE, ENOSPC…): at most one per stream and code. */
  errors: { stream: string; code: string; count: number }[];
  /** Lines not written, by stream and reason. */
  dropped: { stream: string; reason: DropReason; count: number }[];
}

/** One output stream that never throws and never blocks. */
export interface SafeOutput {
  readonly name: string;
  /** Writes `text`, or drops it (counted) when the stream is gone or too far behind. */
  write(text: string): void;
  /** Whether a write error ended this stream. */
  readonly broken: boolean;
  /** Waits until what is queued has been handed to the OS, at most `timeoutMs`. */
  drain(timeoutMs: number): Promise<void>;
}

/** Default: 1 MiB queued for a slow reader before lines are dropped. */
export const DEFAULT_MAX_QUEUED_BYTES = 1024 * 1024;

function errorCode(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" && /^[A-Z0-9_]{1,40}$/.test(code) ? code : "UNKNOWN";
}

class Counts {
  private readonly errors = new Map<string, { stream: string; code: string; count: number }>();
  private readonly dropped = new Map<string, { stream: string; reason: DropReason; count: number }>();

  error(stream: string, code: string): void {
    const key = `${stream}\0${code}`;
    const e = this.errors.get(key) ?? { stream, code, count: 0 };
    e.count++;
    this.errors.set(key, e);
  }

  drop(stream: string, reason: DropReason): void {
    const key = `${stream}\0${reason}`;
    const d = this.dropped.get(key) ?? { stream, reason, count: 0 };
    d.count++;
    this.dropped.set(key, d);
  }

  snapshot(): OutputCounts {
    return {
      errors: [...this.errors.values()].map((e) => ({ ...e })),
      dropped: [...this.dropped.values()].map((d) => ({ ...d })),
    };
  }
}

function safeOutput(name: string, target: OutputTarget, counts: Counts, maxQueuedBytes: number): SafeOutput {
  let broken = false;
  const fail = (err: unknown) => {
    if (broken) return;
    broken = true;
    counts.error(name, errorCode(err));
  };
  // Always listening: an 'error' nobody listens to would be thrown, and kill a running server.
  target.on("error", fail);
  return {
    name,
    get broken() {
      return broken;
    },
    write(text) {
      if (broken || target.destroyed || target.writableEnded) {
        counts.drop(name, "closed");
        return;
      }
      if (target.writableLength > maxQueuedBytes) {
        counts.drop(name, "backpressure");
        return;
      }
      try {
        target.write(text, (err) => {
          if (err) fail(err);
        });
      } catch (err) {
        fail(err);
        counts.drop(name, "closed");
      }
    },
    drain(timeoutMs) {
      if (broken || target.destroyed || target.writableLength === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          target.removeListener("drain", done);
          target.removeListener("close", done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        timer.unref();
        target.once("drain", done);
        target.once("close", done);
      });
    },
  };
}

export interface ProcessOutput {
  out: SafeOutput;
  err: SafeOutput;
  /** A pino destination: one JSON line per call, written to `out` (pretty-printed when asked). */
  logStream: { write(line: string): void };
  counts(): OutputCounts;
  /** From now on, log lines are passed through `pretty` (set once the configuration is known). */
  setPretty(pretty: ((line: string) => string) | undefined): void;
  /** Lets queued output reach the OS before an orderly exit, at most `timeoutMs`. */
  drain(timeoutMs: number): Promise<void>;
}

export interface ProcessOutputOptions {
  stdout?: OutputTarget;
  stderr?: OutputTarget;
  /** Turns a pino JSON line into a readable one (pino-pretty on a terminal); JSON when absent. */
  pretty?: (line: string) => string;
  maxQueuedBytes?: number;
}

export function createProcessOutput(options: ProcessOutputOptions = {}): ProcessOutput {
  const counts = new Counts();
  const max = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
  const out = safeOutput("stdout", options.stdout ?? process.stdout, counts, max);
  const err = safeOutput("stderr", options.stderr ?? process.stderr, counts, max);
  let pretty = options.pretty;
  return {
    out,
    err,
    logStream: {
      write(line: string) {
        if (!pretty) return out.write(line);
        let text: string;
        try {
          text = pretty(line);
        } catch {
          text = line;
        }
        out.write(text);
      },
    },
    counts: () => counts.snapshot(),
    setPretty(next) {
      pretty = next;
    },
    drain: async (timeoutMs) => {
      await Promise.all([out.drain(timeoutMs), err.drain(timeoutMs)]);
    },
  };
}

/** The address a person opens in a browser: a wildcard host (0.0.0.0, ::) means this machine. */
export function addressToOpen(address: string): string {
  const url = new URL(address);
  if (url.hostname === "0.0.0.0" || url.hostname === "[::]") url.hostname = "localhost";
  return url.origin;
}
