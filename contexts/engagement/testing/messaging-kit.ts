/**
 * Helpers of the messaging webhook's tests (imported by specs only): Cloud API deliveries, signed
 * as the platform signs them, and the identity facts a phone is matched against.
 */
import type { TestApp } from '@portal/testing/app';
import { userStream } from '@portal/identity/contracts';
import { messagingSignatureOf } from '../application/shared/messaging-signature.js';
import { SAMPLE_BUSINESS, sampleInboundDelivery, sampleReplyDelivery } from '../application/shared/messaging-sample.js';

export const APP_SECRET = 'test-messaging-app-secret-0123456789';
export const VERIFY_TOKEN = 'test-verify-token';
export const MESSAGING_ENV = { MESSAGING_APP_SECRET: APP_SECRET, MESSAGING_VERIFY_TOKEN: VERIFY_TOKEN };
export const BUSINESS = SAMPLE_BUSINESS;
export const inboundDelivery = sampleInboundDelivery;
export const echoDelivery = sampleReplyDelivery;

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
