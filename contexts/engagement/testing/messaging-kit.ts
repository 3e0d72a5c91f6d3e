/**
 * Helpers of the messaging webhook's tests (imported by specs only): Cloud API deliveries, signed
 * as the platform signs them, and the identity facts a phone is matched against.
 */
import type { TestApp } from '@portal/testing/app';
import { userStream } from '@portal/identity/contracts';
import { messagingSignatureOf } from '../application/shared/messaging-signature.js';

export const APP_SECRET = 'test-messaging-app-secret-0123456789';
export const VERIFY_TOKEN = 'test-verify-token';
export const MESSAGING_ENV = { MESSAGING_APP_SECRET: APP_SECRET, MESSAGING_VERIFY_TOKEN: VERIFY_TOKEN };
export const BUSINESS = { phone_number_id: '106540352242922', display_phone_number: '15550783881' };

const seconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));

/** A `messages` delivery: one text message from a user's phone. */
export const inboundDelivery = (m: { id: string; from: string; text: string; at: string; name?: string; quoted?: string }) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'waba-1',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: BUSINESS,
            contacts: [{ profile: { name: m.name ?? 'Perfil' }, wa_id: m.from }],
            messages: [{ from: m.from, id: m.id, timestamp: seconds(m.at), type: 'text', text: { body: m.text }, ...(m.quoted ? { context: { from: m.from, id: m.quoted } } : {}) }],
          },
        },
      ],
    },
  ],
});

/** An `smb_message_echoes` delivery: the business's reply to a user's phone. */
export const echoDelivery = (m: { id: string; to: string; text: string; at: string }) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'waba-1',
      changes: [
        {
          field: 'smb_message_echoes',
          value: { messaging_product: 'whatsapp', metadata: BUSINESS, message_echoes: [{ from: BUSINESS.display_phone_number, to: m.to, id: m.id, timestamp: seconds(m.at), type: 'text', text: { body: m.text } }] },
        },
      ],
    },
  ],
});

/** POSTs a body to the webhook signed with `secret` (the body's exact bytes are signed). */
export function deliver(t: TestApp, body: unknown, options: { secret?: string | null; signature?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const secret = options.secret === undefined ? APP_SECRET : options.secret;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = options.signature ?? (secret ? messagingSignatureOf(secret, raw) : undefined);
  if (signature !== undefined) headers['x-hub-signature-256'] = signature;
  return t.request('POST', '/api/messaging/webhook', { headers, body: raw });
}

/** A portal user of a company whose phone is linked (verified) or only typed in the profile. */
export async function userWithPhone(t: TestApp, u: { userId: string; email: string; name: string; companyId: string | null; phone: string; linked: boolean }): Promise<void> {
  const at = t.clock.now().toISOString();
  const events = [
    { type: 'UserRegistered', data: { userId: u.userId, email: u.email, passwordHash: 'x', country: 'BR', ref: null, lang: 'pt-BR', consentAt: at, registeredAt: at } },
    { type: 'AccessGranted', data: { userId: u.userId, roles: ['learner'], permissions: [], aclTags: [], companyId: u.companyId, allowedStations: 'all', grantedAt: at } },
    { type: 'ProfileUpdated', data: { userId: u.userId, name: u.name, ...(u.linked ? {} : { phone: u.phone }), updatedAt: at } },
    ...(u.linked ? [{ type: 'PhoneLinked', data: { userId: u.userId, phone: u.phone, linkedAt: at } }] : []),
  ];
  await t.infra.store.append(userStream(u.userId), events, { expectedRevision: 'no-stream', context: { correlationId: 'messaging-test', actor: 'system', origin: 'cli' } });
}
