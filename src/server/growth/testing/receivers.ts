import crypto from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A local webhook receiver (127.0.0.1) that records each POST and checks its X-Signature-256. */
export interface WebhookReceiver {
  readonly url: string;
  readonly received: { path: string; body: string; json: unknown; signature: string; at: number }[];
  /** Answer the next `n` requests with HTTP 500 (to test retries). */
  failNext(n: number): void;
  /** Whether a recorded request's signature is the HMAC-SHA256 of its body with `secret`. */
  verify(entry: { body: string; signature: string }, secret: string): boolean;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: WebhookReceiver["received"] = [];
  let failures = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (failures > 0) {
        failures--;
        res.writeHead(500).end("try later");
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {}
      received.push({
        path: req.url ?? "/",
        body,
        json,
        signature: String(req.headers["x-signature-256"] ?? ""),
        at: Date.now(),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext(n) {
      failures = n;
    },
    verify(entry, secret) {
      const expected = `sha256=${crypto.createHmac("sha256", secret).update(entry.body).digest("hex")}`;
      return (
        entry.signature.length === expected.length &&
        crypto.timingSafeEqual(Buffer.from(entry.signature), Buffer.from(expected))
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A local SMTP server (the `smtp-server` package) that keeps every message it receives. */
export interface SmtpReceiver {
  readonly url: string;
  readonly messages: { from: string; to: string[]; raw: string }[];
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: SmtpReceiver["messages"] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
