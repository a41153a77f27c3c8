import crypto from "node:crypto";
import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { AlertPayload } from "#core/schemas/growth";
import type { AppDb } from "../db/database";
import { rowsOf } from "../db/rows";
import { alertEmailAddresses, users } from "../db/schema";
import { ValidationError } from "../errors";
import type { Mailer } from "./mailer";

/**
 * Whose inbox an alert may reach (issue #33, item 1; docs/decisions/030-trust-iii-alerts.md).
 * E-mail alerts go only to the user's own address: the one they signed in with (Google verified
 * it), or one they proved is theirs by opening a link sent to it. Every mail the server sends is
 * written by the server: the user's words (watchlist names, account display names) never appear
 * in one, so the operator's domain cannot be made to carry someone else's message.
 */

/** A confirmation link works this long. */
const CONFIRM_LINK_MS = 24 * 3_600_000;
/** One link per address at most this often (a second request in between resends nothing). */
const CONFIRM_RESEND_MS = 10 * 60_000;
/** Confirmation links one user may have sent in 24 hours (each reaches an inbox not yet theirs). */
const MAX_CONFIRM_LINKS_PER_DAY = 5;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const normal = (email: string) => email.trim().toLowerCase();

interface AlertEmailDeps {
  db: AppDb;
  now: () => Date;
  appUrl: string;
  brandName: string;
  mailer?: Mailer;
}

export function createAlertEmail(deps: AlertEmailDeps) {
  const { db } = deps;
  const base = deps.appUrl.replace(/\/+$/, "");

  async function signInAddress(userId: string): Promise<string | null> {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row ? normal(row.email) : null;
  }

  /** Whether `email` is the user's sign-in address or one they confirmed. */
  async function isVerified(userId: string, email: string): Promise<boolean> {
    const address = normal(email);
    if ((await signInAddress(userId)) === address) return true;
    const [row] = await db
      .select({ email: alertEmailAddresses.email })
      .from(alertEmailAddresses)
      .where(
        and(
          eq(alertEmailAddresses.userId, userId),
          eq(alertEmailAddresses.email, address),
          isNotNull(alertEmailAddresses.confirmedAt),
        ),
      );
    return Boolean(row);
  }

  /**
   * Checks a new e-mail rule's address. An unverified one gets a confirmation link (unless one went
   * out in the last 10 minutes, or the user sent 5 today) and the rule is refused with a 400 that
   * says what to do; the rule can be added once the link has been opened.
   */
  async function requireVerified(userId: string, email: string): Promise<void> {
    const address = normal(email);
    if (await isVerified(userId, address)) return;
    const own = await signInAddress(userId);
    const alternative = own ? ` Alerts can go to your sign-in address, ${own}, straight away.` : "";
    const now = deps.now();
    const [existing] = await db
      .select()
      .from(alertEmailAddresses)
      .where(and(eq(alertEmailAddresses.userId, userId), eq(alertEmailAddresses.email, address)));
    if (existing && now.getTime() - existing.linkSentAt.getTime() < CONFIRM_RESEND_MS)
      throw new ValidationError(
        `channel.to: ${address} is not confirmed yet. We sent a confirmation link to it a few minutes ago; open it, then add this alert again.${alternative}`,
        "channel.to",
      );
    const [sent] = rowsOf<{ n: number | string }>(
      await db.execute(sql`
        select count(*) as n from alert_email_addresses
        where user_id = ${userId} and link_sent_at > ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`),
    );
    if (Number(sent?.n ?? 0) >= MAX_CONFIRM_LINKS_PER_DAY)
      throw new ValidationError(
        `channel.to: ${address} is not confirmed, and you have asked for ${MAX_CONFIRM_LINKS_PER_DAY} confirmation links today; try again tomorrow.${alternative}`,
        "channel.to",
      );
    if (!deps.mailer)
      throw new ValidationError(
        "E-mail alerts are not available on this server: its administrator has not set SMTP_URL and MAIL_FROM. Use a webhook instead.",
        "channel.type",
      );
    const token = crypto.randomBytes(32).toString("base64url");
    await db
      .insert(alertEmailAddresses)
      .values({ userId, email: address, tokenHash: hashToken(token), linkSentAt: now, createdAt: now })
      .onConflictDoUpdate({
        target: [alertEmailAddresses.userId, alertEmailAddresses.email],
        set: { tokenHash: hashToken(token), linkSentAt: now },
      });
    try {
      await deps.mailer.send(confirmationMail(address, token));
    } catch (err) {
      throw new ValidationError(
        `channel.to: the confirmation link to ${address} could not be sent (${(err as Error).message.slice(0, 200)}); try again later.${alternative}`,
        "channel.to",
      );
    }
    throw new ValidationError(
      `channel.to: ${address} is not confirmed yet. We sent a confirmation link to it; open it within 24 hours, then add this alert again.${alternative}`,
      "channel.to",
    );
  }

  function confirmationMail(to: string, token: string) {
    const link = `${base}/api/alerts/email/confirm?token=${encodeURIComponent(token)}`;
    return {
      to,
      subject: `[${deps.brandName}] Confirm this address for alert e-mails`,
      text: [
        `Someone signed in to ${deps.brandName} (${base}) asked to send watchlist alert e-mails to ${to}.`,
        "",
        `If that was you, confirm the address within 24 hours:`,
        link,
        "",
        "If it was not you, ignore this message: nothing more is sent to this address unless the link is opened.",
        "",
      ].join("\n"),
    };
  }

  /** Confirms the address whose link carries `token`; null when the link is unknown, used or expired. */
  async function confirm(token: string): Promise<{ email: string } | null> {
    const now = deps.now();
    const rows = await db
      .update(alertEmailAddresses)
      .set({ confirmedAt: now, tokenHash: null })
      .where(
        and(
          eq(alertEmailAddresses.tokenHash, hashToken(token)),
          gt(alertEmailAddresses.linkSentAt, new Date(now.getTime() - CONFIRM_LINK_MS)),
        ),
      )
      .returning({ email: alertEmailAddresses.email });
    return rows[0] ?? null;
  }

  return { isVerified, requireVerified, confirm };
}

export type AlertEmail = ReturnType<typeof createAlertEmail>;

/**
 * An alert as a mail: the server's own words around figures the server computed. The watchlist's
 * name and the account's display name (both chosen by people) are left out; the handle is shown as
 * a handle, and the links point at this server.
 */
export function alertMail(payload: AlertPayload, site: { brandName: string; appUrl: string }) {
  const base = site.appUrl.replace(/\/+$/, "");
  return {
    // The message is the server's sentence about figures it computed ("@chef on TikTok: grade B → A").
    subject: `[${site.brandName}] ${payload.message}`.slice(0, 250),
    text: [
      `An alert rule on one of your ${site.brandName} watchlists fired.`,
      "",
      payload.message,
      "",
      `Report: ${payload.account.url}`,
      `Your watchlists: ${base}/watchlists`,
      `At: ${payload.at}`,
      "",
      `You receive this because you added an e-mail alert for this address on ${base}. To stop it, delete the alert rule on the watchlist.`,
      "",
    ].join("\n"),
  };
}
