import nodemailer from 'nodemailer';
import { sql } from 'kysely';
import { query, type Database } from '@portal/database';
import { newId } from '@portal/kernel';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** What kind of mail (verifyEmail, resetPassword, bookingConfirmation...): for the mailbox and audits. */
  category: string;
  locale?: string;
}

export interface OutboxEntry {
  id: string;
  createdAt: string;
  to: string;
  subject: string;
  category: string;
  locale: string | null;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string }[];
  transport: 'smtp' | 'outbox';
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  migrate(): Promise<void>;
  send(message: MailMessage): Promise<OutboxEntry>;
  /** Newest first; the dev mailbox page and tests read it. */
  list(options?: { to?: string; limit?: number }): Promise<OutboxEntry[]>;
  get(id: string): Promise<(OutboxEntry & { raw: string }) | null>;
  /** Erasure (ADR 0091): deletes every message to these addresses, sent or not; answers how many. */
  forget(addresses: readonly string[]): Promise<number>;
}

export interface MailerOptions {
  database: Database;
  /** smtp://user:pass@host:port; absent: messages stay in the outbox table only. */
  smtpUrl?: string | null;
  from?: string;
}

/**
 * Mail through nodemailer. Every message is composed by nodemailer and kept in the outbox
 * table (what was sent, to whom, when); with SMTP configured it is also delivered.
 */
export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? 'Agro Portal <no-reply@agro-portal.local>';
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const db = options.database.db;
  const transport = smtp ? 'smtp' : 'outbox';

  const toEntry = (r: Record<string, any>): OutboxEntry => ({
    id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    to: r.to_address,
    subject: r.subject,
    category: r.category,
    locale: r.locale,
    text: r.text_body,
    html: r.html_body,
    attachments: typeof r.attachments === 'string' ? JSON.parse(r.attachments) : r.attachments,
    transport: r.transport,
  });

  return {
    transport,
    async migrate() {
      await sql`create table if not exists mail_outbox (
        id uuid primary key,
        created_at timestamptz not null default now(),
        to_address text not null,
        subject text not null,
        category text not null,
        locale text,
        text_body text not null,
        html_body text,
        attachments jsonb not null default '[]'::jsonb,
        raw text not null,
        transport text not null
      )`.execute(db);
      await sql`create index if not exists mail_outbox_to_idx on mail_outbox (to_address, created_at desc)`.execute(db);
    },
    async send(message) {
      const mail = {
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments ? { attachments: message.attachments } : {}),
      };
      const composed = await composer.sendMail(mail);
      const raw = Buffer.isBuffer(composed.message) ? composed.message.toString('utf8') : String(composed.message);
      if (smtp) await smtp.sendMail(mail);
      const id = newId();
      const attachments = (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType }));
      await query(
        db,
        `insert into mail_outbox (id, to_address, subject, category, locale, text_body, html_body, attachments, raw, transport)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [id, message.to.toLowerCase(), message.subject, message.category, message.locale ?? null, message.text, message.html ?? null, JSON.stringify(attachments), raw, transport],
      );
      return { id, createdAt: new Date().toISOString(), to: message.to.toLowerCase(), subject: message.subject, category: message.category, locale: message.locale ?? null, text: message.text, html: message.html ?? null, attachments, transport };
    },
    async list({ to, limit = 50 } = {}) {
      const rows = to
        ? await query(db, 'select * from mail_outbox where to_address = $1 order by created_at desc limit $2', [to.toLowerCase(), limit])
        : await query(db, 'select * from mail_outbox order by created_at desc limit $1', [limit]);
      return rows.map(toEntry);
    },
    async forget(addresses) {
      if (addresses.length === 0) return 0;
      return (await query(db, 'delete from mail_outbox where lower(to_address) = any($1::text[]) returning id', [addresses.map((a) => a.trim().toLowerCase())])).length;
    },
    async get(id) {
      const rows = await query<Record<string, any>>(db, 'select * from mail_outbox where id = $1', [id]);
      const row = rows[0];
      return row ? { ...toEntry(row), raw: row.raw } : null;
    },
  };
}
