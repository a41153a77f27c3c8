import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { addressToOpen, createProcessOutput } from "./log-output";
import { createMetrics } from "./metrics";

/** A destination whose reader went away: every write fails with EPIPE, as a closed pipe does. */
function closedPipe(): Writable {
  return new Writable({
    write(_chunk, _enc, cb) {
      cb(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    },
  });
}

/** A reader that stopped reading: writes are accepted and never completed. */
function stalledReader(): Writable & { received: number } {
  const w = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, _cb) {
      w.received += chunk.length;
    },
  }) as Writable & { received: number };
  w.received = 0;
  return w;
}

function collector(): Writable & { text: () => string } {
  const chunks: string[] = [];
  const w = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  }) as Writable & { text: () => string };
  w.text = () => chunks.join("");
  return w;
}

describe("process output", () => {
  it("survives a closed output: never throws, counts the error once and every line it lost", async () => {
    const stdout = closedPipe();
    const output = createProcessOutput({ stdout, stderr: collector() });
    output.logStream.write('{"msg":"one"}\n');
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 3; i++) output.logStream.write('{"msg":"more"}\n');
    output.out.write("plain\n");
    expect(output.out.broken).toBe(true);
    expect(output.err.broken).toBe(false);
    expect(output.counts()).toEqual({
      errors: [{ stream: "stdout", code: "EPIPE", count: 1 }],
      dropped: [{ stream: "stdout", reason: "closed", count: 4 }],
    });
    // Nothing is waited for on a stream that is gone.
    const started = Date.now();
    await output.drain(5000);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("drops lines past the queue limit when the reader stops reading, and drain gives up at its time", async () => {
    const stdout = stalledReader();
    const output = createProcessOutput({ stdout, stderr: collector(), maxQueuedBytes: 10_000 });
    const line = `${"x".repeat(999)}\n`;
    for (let i = 0; i < 50; i++) output.out.write(line);
    // The first line is with the reader, ten more fit in the queue, the rest are dropped.
    expect(stdout.received).toBe(1000);
    expect(stdout.writableLength).toBeLessThanOrEqual(11_000);
    expect(output.counts().dropped).toEqual([{ stream: "stdout", reason: "backpressure", count: 39 }]);
    expect(output.counts().errors).toEqual([]);
    const started = Date.now();
    await output.drain(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("pretty-prints log lines once asked to, and falls back to the JSON line if that fails", () => {
    const stdout = collector();
    const output = createProcessOutput({ stdout, stderr: collector() });
    output.logStream.write('{"msg":"json"}\n');
    output.setPretty((l) => `PRETTY ${JSON.parse(l).msg}\n`);
    output.logStream.write('{"msg":"pretty"}\n');
    output.setPretty(() => {
      throw new Error("bad line");
    });
    output.logStream.write('{"msg":"raw"}\n');
    expect(stdout.text()).toBe('{"msg":"json"}\nPRETTY pretty\n{"msg":"raw"}\n');
  });

  it("shows its counts in /metrics as log_output_errors_total and log_lines_dropped_total", async () => {
    const output = createProcessOutput({ stdout: closedPipe(), stderr: collector() });
    const metrics = createMetrics();
    metrics.setLogOutputSource(output.counts);
    output.out.write("a\n");
    await new Promise((r) => setImmediate(r));
    output.out.write("b\n");
    output.out.write("c\n");
    const text = await metrics.registry.metrics();
    expect(text).toContain('log_output_errors_total{stream="stdout",code="EPIPE"} 1');
    expect(text).toContain('log_lines_dropped_total{stream="stdout",reason="closed"} 2');
  });

  it("names the address to open in a browser: a wildcard host is this machine", () => {
    expect(addressToOpen("http://0.0.0.0:5000")).toBe("http://localhost:5000");
    expect(addressToOpen("http://[::]:5000")).toBe("http://localhost:5000");
    expect(addressToOpen("http://127.0.0.1:5411")).toBe("http://127.0.0.1:5411");
    expect(addressToOpen("http://192.168.1.20:80")).toBe("http://192.168.1.20");
  });
});
