import type { Mailer } from '@portal/mail';
import { MAILER } from '@portal/platform';
import type { Locale } from '@portal/kernel';

/** Where one-time codes go. Production plugs a provider here; locally it is the outbox. */
export interface SmsPort {
  send(phone: string, text: string, locale: Locale): Promise<void>;
}
export const SMS_PORT = Symbol.for('identity.SmsPort');

/** The local SMS port: messages land in the mail outbox (category sms, addressed to the number). */
export const outboxSms = (mailer: Mailer): SmsPort => ({
  async send(phone, text, locale) {
    await mailer.send({ to: phone, subject: 'SMS', text, category: 'sms', locale });
  },
});
export const smsProvider = { provide: SMS_PORT, inject: [MAILER], useFactory: (mailer: Mailer) => outboxSms(mailer) };
