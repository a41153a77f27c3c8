import nodemailer from "nodemailer";

/** E-mail alerts through SMTP_URL (nodemailer), sent from MAIL_FROM. */
export interface Mailer {
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

export function createMailer(opts: { smtpUrl: string; from: string; timeoutMs?: number }): Mailer {
  const timeout = opts.timeoutMs ?? 15_000;
  // Options given beside the URL: the URL's own settings (host, port, auth, secure) take precedence.
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
