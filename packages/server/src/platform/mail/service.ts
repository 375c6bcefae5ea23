import { and, count, desc, eq, sql } from 'drizzle-orm';
import { placeholders, preparedFor } from '../../lib/prepared.js';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailboxQuery, MailboxResponse, MailMessage, MailStatus, MailTemplate } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';
import { assertOutsideTransaction } from '../../kernel/tx-guard.js';
import { mailMessages } from './tables.js';
import { render, type TemplateData } from './templates.js';

export interface OutgoingMail<T extends MailTemplate = MailTemplate> {
  to: string;
  template: T;
  data: TemplateData[T];
}

export interface SentMail {
  id: string;
  status: MailStatus;
}

/** A rendered message as stored: what composeMail returns for a caller to write with its own rows. */
export type ComposedMail = typeof mailMessages.$inferSelect;

// One pooled transport per SMTP URL and process; nodemailer reconnects by itself.
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) {
    t = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(smtpUrl, t);
  }
  return t;
}

const fromAddress = (ctx: Ctx) => ctx.config.smtpFrom ?? `Plaza <no-reply@${new URL(ctx.config.publicUrl).hostname}>`;

/**
 * Renders a template and stores the message. Without SMTP_URL that is all: the row is the dev mailbox.
 * With SMTP_URL it is sent at once and the row records SENT or FAILED; a failure is logged, never thrown,
 * so an SMTP outage does not fail the request that wanted to send mail. `wait: false` returns once the message is
 * stored and delivers in the background (its status then says QUEUED). Call it outside transactions.
 */
export async function sendMail<T extends MailTemplate>(
  ctx: Ctx,
  mail: OutgoingMail<T>,
  opts: { wait?: boolean } = {},
): Promise<SentMail> {
  // Even without SMTP (the dev mailbox): the same code sends over SMTP in production.
  assertOutsideTransaction(`sending the ${mail.template} mail`);
  const { subject, text, html } = render(mail.template, mail.data);
  const now = ctx.clock();
  const id = uuidv7(now.getTime());
  const smtpUrl = ctx.config.smtpUrl;
  const status: MailStatus = smtpUrl ? 'QUEUED' : 'DEV_MAILBOX';
  await ctx.db
    .insert(mailMessages)
    .values({ id, to: mail.to, subject, text, html, template: mail.template, status, createdDate: now });
  if (!smtpUrl) return { id, status };
  const delivery = deliver(ctx, smtpUrl, id, { to: mail.to, subject, text, html });
  if (opts.wait === false) {
    void delivery;
    return { id, status };
  }
  return { id, status: await delivery };
}

/** Sends one stored message and records the outcome; never throws. */
async function deliver(
  ctx: Ctx,
  smtpUrl: string,
  id: string,
  msg: { to: string; subject: string; text: string; html: string },
): Promise<MailStatus> {
  let status: MailStatus = 'SENT';
  let error: string | null = null;
  try {
    await transportFor(smtpUrl).sendMail({ from: fromAddress(ctx), ...msg });
  } catch (err) {
    ctx.log.error({ err, mailId: id }, 'sending mail failed');
    status = 'FAILED';
    error = String((err as Error).message).slice(0, 500);
  }
  try {
    await ctx.db
      .update(mailMessages)
      .set({
        status,
        error,
        ...(status === 'SENT' ? { sentDate: ctx.clock() } : {}),
        attempts: sql`${mailMessages.attempts} + 1`,
      })
      .where(eq(mailMessages.id, id));
  } catch (err) {
    ctx.log.error({ err, mailId: id }, 'recording mail status failed');
  }
  return status;
}

/**
 * Stores a rendered message in the mail outbox without sending it: call it inside the transaction that decides the
 * mail, so the message exists exactly when the change does (at most one mail per decision, even if the process dies
 * right after). Without SMTP_URL the row is the dev mailbox and that is delivery; with it, the row waits as QUEUED
 * until `deliverQueued` sends it after the commit.
 */
export async function queueMail<T extends MailTemplate>(ctx: Ctx, mail: OutgoingMail<T>): Promise<SentMail> {
  const row = composeMail(ctx, mail);
  await insertMail(ctx.db).execute(row);
  return { id: row.id, status: row.status as MailStatus };
}

/**
 * The row `queueMail` stores, rendered but not written: for a caller that writes it with its own rows in one
 * statement (an order and its confirmation). Send it after the commit with `deliverQueued`, as queueMail's.
 */
export function composeMail<T extends MailTemplate>(ctx: Ctx, mail: OutgoingMail<T>): ComposedMail {
  const { subject, text, html } = render(mail.template, mail.data);
  const now = ctx.clock();
  const status: MailStatus = ctx.config.smtpUrl ? 'QUEUED' : 'DEV_MAILBOX';
  return {
    id: uuidv7(now.getTime()),
    to: mail.to,
    subject,
    text,
    html,
    template: mail.template,
    status,
    error: null,
    attempts: 0,
    createdDate: now,
    sentDate: null,
  };
}

// Every order, sign-up and reset stores one: built once (lib/prepared.ts).
const insertMail = preparedFor((db) =>
  db
    .insert(mailMessages)
    .values(placeholders('id', 'to', 'subject', 'text', 'html', 'template', 'status', 'createdDate'))
    .prepare('mail_insert'),
);

/**
 * Sends a message `queueMail` stored as QUEUED over SMTP (outside transactions) and records SENT or FAILED; never
 * throws. Only the code that queued the message should call it, once. Undefined when the message is not QUEUED.
 */
export async function deliverQueued(ctx: Ctx, id: string): Promise<{ status: MailStatus; error?: string } | undefined> {
  assertOutsideTransaction('delivering queued mail');
  const smtpUrl = ctx.config.smtpUrl;
  if (!smtpUrl) return undefined; // kept in the dev mailbox: nothing to send
  const [row] = await ctx.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'QUEUED')));
  if (!row) return undefined;
  const status = await deliver(ctx, smtpUrl, id, { to: row.to, subject: row.subject, text: row.text, html: row.html });
  if (status === 'SENT') return { status };
  const [after] = await ctx.db.select({ error: mailMessages.error }).from(mailMessages).where(eq(mailMessages.id, id));
  return { status, ...(after?.error ? { error: after.error } : {}) };
}

/** Why a message failed, as the mail server said (undefined when it did not fail or said nothing). */
export async function mailError(ctx: Ctx, id: string): Promise<string | undefined> {
  const [stored] = await ctx.db.select({ error: mailMessages.error }).from(mailMessages).where(eq(mailMessages.id, id));
  return stored?.error ?? undefined;
}

type Row = ComposedMail;

const toMessage = (r: Row): MailMessage => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  text: r.text,
  html: r.html,
  template: r.template as MailTemplate,
  status: r.status as MailStatus,
  ...(r.error ? { error: r.error } : {}),
  createdDate: r.createdDate.toISOString(),
  ...(r.sentDate ? { sentDate: r.sentDate.toISOString() } : {}),
});

/** The dev mailbox: every stored message, or one recipient's, newest first. */
export async function listMailbox(ctx: Ctx, q: MailboxQuery): Promise<MailboxResponse> {
  const limit = q['paging.limit'] ?? 50;
  const offset = q['paging.offset'] ?? 0;
  const where = q.to ? and(eq(sql`lower(${mailMessages.to})`, q.to.trim().toLowerCase())) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdDate), desc(mailMessages.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ n: count() }).from(mailMessages).where(where),
  ]);
  return { messages: rows.map(toMessage), metadata: { count: rows.length, offset, total: total?.n ?? 0 } };
}
