import { Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { checkpointToString, type EventStore } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import type { Mailer } from '@portal/mail';
import { appendContextOf, Authorized, CLOCK, CurrentRequest, EVENT_STORE, handleCommand, MAILER, requireUser, ZodBody, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { phoneSendRequestSchema, phoneVerifyRequestSchema, userStream } from '../../contracts/index.js';
import { userDecider } from '../shared/deciders.js';
import { newPhoneCode, phoneCodeHash } from '../shared/codes.js';
import { renderMail } from '../shared/mail-templates.js';
import { SMS_PORT, type SmsPort } from './sms-port.js';

export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_RESEND_MS = 60_000;
type Reply = { header(name: string, value: string): unknown };

/** /auth2/verification: link a phone number with a one-time code sent through the SMS port. */
@Controller('auth2/phone')
export class PhoneController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SMS_PORT) private readonly sms: SmsPort,
  ) {}

  @Post('send')
  @HttpCode(200)
  @Authorized({ allowIncomplete: true })
  async send(@ZodBody(phoneSendRequestSchema) body: z.infer<typeof phoneSendRequestSchema>, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply) {
    const user = requireUser(req.principal);
    const now = this.clock.now();
    const { code, codeHash } = newPhoneCode(user.userId, body.phone);
    const { state, result } = await handleCommand(
      this.store,
      userStream(user.userId),
      userDecider,
      { type: 'SendPhoneCode', data: { phone: body.phone, codeHash, now: now.toISOString(), expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS).toISOString(), cooldownMs: PHONE_RESEND_MS } },
      appendContextOf(req),
    );
    const locale = body.lang ?? (state.status === 'registered' ? state.lang : null) ?? 'pt-BR';
    await this.sms.send(body.phone, renderMail('phoneCode', locale, { link: '', email: '', code, minutes: PHONE_CODE_TTL_MS / 60_000 }).text, locale);
    if (result) reply.header('x-event-position', checkpointToString(result.checkpoint));
    return { sentAt: now.toISOString() };
  }

  @Post('verify')
  @HttpCode(200)
  @Authorized({ allowIncomplete: true })
  async verify(@ZodBody(phoneVerifyRequestSchema) body: z.infer<typeof phoneVerifyRequestSchema>, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: Reply) {
    const user = requireUser(req.principal);
    const { result } = await handleCommand(
      this.store,
      userStream(user.userId),
      userDecider,
      { type: 'VerifyPhone', data: { phone: body.phone, codeHash: phoneCodeHash(user.userId, body.phone, body.code), now: this.clock.now().toISOString() } },
      appendContextOf(req),
    );
    if (result) reply.header('x-event-position', checkpointToString(result.checkpoint));
    return { ok: true as const };
  }
}

/** The local SMS port: messages land in the mail outbox (category sms, addressed to the number). */
export const outboxSms = (mailer: Mailer): SmsPort => ({
  async send(phone, text, locale) {
    await mailer.send({ to: phone, subject: 'SMS', text, category: 'sms', locale });
  },
});
export const smsProvider = { provide: SMS_PORT, inject: [MAILER], useFactory: (mailer: Mailer) => outboxSms(mailer) };
