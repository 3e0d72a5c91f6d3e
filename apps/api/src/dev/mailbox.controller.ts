import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { AppError } from '@portal/kernel';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, MAILER, Public, type AppConfig } from '@portal/platform';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * The outbox as a mailbox: a new user running the portal locally opens the verification or
 * booking link here. It shows every password-reset and sign-in link to whoever asks, so it is on
 * only for a portal on a loopback PUBLIC_URL or with DEV_MAILBOX=true, never in production
 * (`config.devMailbox`, ADR 0080); otherwise every route answers 404.
 */
@Controller('dev/mailbox')
export class MailboxController {
  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private guard() {
    if (!this.config.devMailbox) throw new AppError('404');
  }

  @Get('messages')
  @Public()
  async messages(@Query('to') to?: string) {
    this.guard();
    return this.mailer.list({ ...(to ? { to } : {}), limit: 100 });
  }

  @Get('messages/:id/raw')
  @Public()
  async raw(@Param('id') id: string, @Res() reply: { type(t: string): { send(b: string): void } }) {
    this.guard();
    const msg = /^[0-9a-f-]{36}$/i.test(id) ? await this.mailer.get(id) : null;
    if (!msg) throw new AppError('404');
    reply.type('message/rfc822').send(msg.raw);
  }

  @Get()
  @Public()
  async page(@Res() reply: { type(t: string): { send(b: string): void } }) {
    this.guard();
    const messages = await this.mailer.list({ limit: 100 });
    const items = messages
      .map(
        (m) => `<article><h2>${escape(m.subject)}</h2><p class="meta">to ${escape(m.to)} · ${escape(m.createdAt)} · ${escape(m.category)}${
          m.attachments.length ? ` · attachments: ${m.attachments.map((a) => escape(a.filename)).join(', ')}` : ''
        } · <a href="/api/dev/mailbox/messages/${m.id}/raw">raw</a></p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox (${this.config.appEnvName})</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#10384F}article{border-bottom:1px solid #ccd;padding:1rem 0}.meta{color:#556;font-size:.9rem}pre{white-space:pre-wrap}</style></head>
<body><h1>Mailbox · ${escape(this.config.appEnvName)}</h1><p>Mail the portal sent (outbox). Shown only on a loopback PUBLIC_URL or with DEV_MAILBOX=true.</p>${items || '<p>No mail yet.</p>'}</body></html>`);
  }
}
