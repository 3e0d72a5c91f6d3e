import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, type CommandOutcome } from '@portal/platform';
import { newPhoneCode } from '../shared/codes.js';
import { renderMail } from '../shared/mail-templates.js';
import { SMS_PORT, type SmsPort } from '../shared/sms.js';
import { decideOnUser } from '../shared/user-stream.js';
import { SendPhoneCodeCommand } from './send-phone-code.command.js';

export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_RESEND_MS = 60_000;

/** /auth2/phone/send: a one-time code to link a phone number, sent through the SMS port. */
@CommandHandler(SendPhoneCodeCommand)
export class SendPhoneCodeHandler implements ICommandHandler<SendPhoneCodeCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SMS_PORT) private readonly sms: SmsPort,
  ) {}

  async execute({ userId, phone, lang, context }: SendPhoneCodeCommand): Promise<CommandOutcome<{ sentAt: string }>> {
    const now = this.clock.now();
    const { code, codeHash } = newPhoneCode(userId, phone);
    const { state, checkpoint } = await decideOnUser(
      this.store,
      userId,
      { type: 'SendPhoneCode', data: { phone, codeHash, now: now.toISOString(), expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS).toISOString(), cooldownMs: PHONE_RESEND_MS } },
      context,
    );
    const locale = lang ?? (state.status === 'registered' ? state.lang : null) ?? 'pt-BR';
    await this.sms.send(phone, renderMail('phoneCode', locale, { link: '', email: '', code, minutes: PHONE_CODE_TTL_MS / 60_000 }).text, locale);
    return { value: { sentAt: now.toISOString() }, checkpoint };
  }
}
