import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { messagingStream, messagingWebhookResponseSchema } from '../../contracts/index.js';
import { APP_SECRET, deliver, echoDelivery, inboundDelivery, MESSAGING_ENV, userWithPhone, VERIFY_TOKEN } from '../../testing/messaging-kit.js';

let t: TestApp;
const COMPANY = newId();
const ANA = newId();

beforeAll(async () => {
  t = await startTestApp(MESSAGING_ENV);
  await userWithPhone(t, { userId: ANA, email: 'ana@alfa.agro', name: 'Ana Lima', companyId: COMPANY, phone: '+5511987654321', linked: true });
  await t.infra.projections.catchUp();
});
afterAll(async () => {
  await t?.close();
});

const streamOf = async (phoneKey: string) => (await t.infra.store.readStream(messagingStream(phoneKey))).map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, origin: e.metadata.origin }));

describe('GET /api/messaging/webhook: the verification handshake', () => {
  const handshake = (query: string) => t.request('GET', `/api/messaging/webhook?${query}`);

  it('answers the challenge as text when the verify token matches', async () => {
    const res = await handshake(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1158201444');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('refuses another token, another mode or a missing challenge with 403', async () => {
    for (const query of [`hub.mode=subscribe&hub.verify_token=wrong-token&hub.challenge=1`, `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`, `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}`, '']) {
      const res = await handshake(query);
      expect(res.statusCode, query).toBe(403);
      expect(res.json().code).toBe('403');
    }
  });
});

describe('POST /api/messaging/webhook: signed deliveries', () => {
  it('records a user message with the portal user whose linked phone sent it', async () => {
    const res = await deliver(t, inboundDelivery({ id: 'wamid.ana-1', from: '5511987654321', text: 'Qual a dose de fungicida?', at: '2026-11-21T11:00:00.000Z', name: 'Ana' }));
    expect(res.statusCode).toBe(200);
    expect(messagingWebhookResponseSchema.parse(res.json())).toEqual({ recorded: 1, duplicates: 0 });
    expect(res.headers['x-event-position']).toBeDefined();
    const [event] = await streamOf('5511987654321');
    expect(event).toEqual({
      type: 'MessagingMessageReceived',
      origin: 'webhook',
      data: {
        platform: 'whatsapp', messageId: 'wamid.ana-1', phoneKey: '5511987654321', userId: ANA, matchedBy: 'linked-phone', contactName: 'Ana', messageType: 'text',
        text: 'Qual a dose de fungicida?', quotedMessageId: null, businessPhoneNumberId: '106540352242922', sentAt: '2026-11-21T11:00:00.000Z', receivedAt: t.clock.now().toISOString(),
      },
    });
  });

  it('records the business reply linked to the message it answers, and a retried delivery records nothing twice', async () => {
    const reply = echoDelivery({ id: 'wamid.reply-1', to: '5511987654321', text: 'Use 2 L/ha.', at: '2026-11-21T11:05:00.000Z' });
    expect((await deliver(t, reply)).json()).toEqual({ recorded: 1, duplicates: 0 });
    expect((await deliver(t, reply)).json()).toEqual({ recorded: 0, duplicates: 1 });
    expect((await deliver(t, inboundDelivery({ id: 'wamid.ana-1', from: '5511987654321', text: 'Qual a dose de fungicida?', at: '2026-11-21T11:00:00.000Z' }))).json()).toEqual({ recorded: 0, duplicates: 1 });
    const events = await streamOf('5511987654321');
    expect(events.map((e) => [e.type, e.data.messageId])).toEqual([
      ['MessagingMessageReceived', 'wamid.ana-1'],
      ['MessagingReplySent', 'wamid.reply-1'],
    ]);
    expect(events[1]!.data).toMatchObject({ text: 'Use 2 L/ha.', answersMessageId: 'wamid.ana-1', userId: ANA });
  });

  it('keeps a message from a phone no user has as unmatched, with the phone (an eight-digit Brazilian mobile written with its ninth digit)', async () => {
    expect((await deliver(t, inboundDelivery({ id: 'wamid.stranger', from: '552187654321', text: 'Oi', at: '2026-11-21T11:10:00.000Z' }))).json()).toEqual({ recorded: 1, duplicates: 0 });
    const [event] = await streamOf('5521987654321');
    expect(event!.data).toMatchObject({ phoneKey: '5521987654321', userId: null, matchedBy: null, text: 'Oi' });
  });

  it('acknowledges with 200 what it does not keep: statuses, other fields, other objects', async () => {
    const statuses = { object: 'whatsapp_business_account', entry: [{ id: 'w', changes: [{ field: 'messages', value: { metadata: { phone_number_id: '1' }, statuses: [{ id: 'wamid.x', status: 'delivered', timestamp: '1', recipient_id: '5511987654321' }] } }] }] };
    const otherField = { object: 'whatsapp_business_account', entry: [{ id: 'w', changes: [{ field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } }] }] };
    const otherObject = { object: 'page', entry: [{ id: 'p', changes: [{ field: 'feed', value: 'anything' }] }] };
    for (const body of [statuses, otherField, otherObject]) {
      const res = await deliver(t, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ recorded: 0, duplicates: 0 });
    }
  });

  it('refuses a delivery without a signature (401), or signed with another secret or for another body (403), and records nothing', async () => {
    const body = inboundDelivery({ id: 'wamid.forged', from: '5511987654321', text: 'forged', at: '2026-11-21T11:20:00.000Z' });
    const missing = await deliver(t, body, { secret: null });
    expect([missing.statusCode, missing.json().code]).toEqual([401, 'messaging-signature-missing']);
    const malformed = await deliver(t, body, { signature: 'sha1=abc' });
    expect([malformed.statusCode, malformed.json().code]).toEqual([401, 'messaging-signature-missing']);
    const otherSecret = await deliver(t, body, { secret: 'another-secret-another-secret' });
    expect([otherSecret.statusCode, otherSecret.json().code]).toEqual([403, 'messaging-signature-invalid']);
    // a signature of the same JSON written differently (the exact bytes are signed)
    const { messagingSignatureOf } = await import('../shared/messaging-signature.js');
    const reformatted = await deliver(t, JSON.stringify(body, null, 2), { signature: messagingSignatureOf(APP_SECRET, JSON.stringify(body)) });
    expect([reformatted.statusCode, reformatted.json().code]).toEqual([403, 'messaging-signature-invalid']);
    expect((await streamOf('5511987654321')).some((e) => e.data.messageId === 'wamid.forged')).toBe(false);
  });

  it('answers 400 for a signed body that is not JSON or not the platform shape, never 500', async () => {
    const notJson = await deliver(t, '{"object": "whatsapp_business_account", "entry": [');
    expect([notJson.statusCode, notJson.json().code]).toEqual([400, 'app/bed-request']);
    const badMessage = { object: 'whatsapp_business_account', entry: [{ id: 'w', changes: [{ field: 'messages', value: { metadata: { phone_number_id: '1' }, messages: [{ from: '5511987654321', timestamp: 'yesterday', type: 'text' }] } }] }] };
    const res = await deliver(t, badMessage);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('app/bed-request');
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['entry.0.changes.0.value.messages.0.id', 'entry.0.changes.0.value.messages.0.timestamp']));
    const notAnObject = await deliver(t, '[1, 2]');
    expect(notAnObject.statusCode).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('declares the webhook public, with its signature and off answers', async () => {
    const doc = (await t.request('GET', '/api/docs/openapi.json')).json();
    const post = doc.paths['/api/messaging/webhook'].post;
    expect(post.security).toContainEqual({});
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(Object.keys(doc.paths['/api/messaging/webhook'].get.responses)).toEqual(expect.arrayContaining(['200', '403', '404']));
  });
});

describe('the webhook is off without MESSAGING_APP_SECRET', () => {
  it('answers 404 to deliveries and to the handshake', async () => {
    const off = await startTestApp();
    try {
      const post = await deliver(off, inboundDelivery({ id: 'wamid.off', from: '5511987654321', text: 'x', at: '2026-11-21T11:00:00.000Z' }));
      expect(post.statusCode).toBe(404);
      const get = await off.request('GET', `/api/messaging/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`);
      expect(get.statusCode).toBe(404);
      expect((await off.infra.store.readStream(messagingStream('5511987654321'))).length).toBe(0);
    } finally {
      await off.close();
    }
  });
});
