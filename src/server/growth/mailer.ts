import type { Transporter } from "nodemailer";

/** E-mail alerts through SMTP_URL (nodemailer), sent from MAIL_FROM. */
export interface Mailer {
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

/**
 * nodemailer (~430 KB of code) loads with the first alert sent, not with every start of a server that
 * may never send one (decision 051).
 */
export function createMailer(opts: { smtpUrl: string; from: string; timeoutMs?: number }): Mailer {
  const timeout = opts.timeoutMs ?? 15_000;
  let transport: Promise<Transporter> | null = null;
  const connect = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      // Options given beside the URL: the URL's own settings (host, port, auth, secure) take precedence.
      nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      }),
    ));
  return {
    async send(mail) {
      const t = await connect();
      await t.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => {
      void transport?.then((t) => t.close()).catch(() => undefined);
    },
  };
}
