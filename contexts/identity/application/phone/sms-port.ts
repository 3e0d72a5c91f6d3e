import type { Locale } from '@portal/kernel';

/** Where one-time codes go. Production plugs a provider here; locally it is the outbox. */
export interface SmsPort {
  send(phone: string, text: string, locale: Locale): Promise<void>;
}
export const SMS_PORT = Symbol.for('identity.SmsPort');
