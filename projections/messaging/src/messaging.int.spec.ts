import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { messagingStream, type MessagingMessageReceived, type MessagingReplySent } from '@portal/engagement/contracts';
import { userStream } from '@portal/identity/contracts';
import { messagingProjection } from './messaging.projection.js';
import { listConversations, userByPhone } from './queries.js';

const COMPANY_A = '0199a000-0000-7000-8000-00000000000a';
const COMPANY_B = '0199a000-0000-7000-8000-00000000000b';
const ANA = 'u-ana';
const BRUNO = 'u-bruno';
const ANA_PHONE = '5511987654321';
const STRANGER = '5521911112222';
const at = (minute: number) => `2026-11-21T11:${String(minute).padStart(2, '0')}:00.000Z`;

const inbound = (id: string, phoneKey: string, userId: string | null, minute: number, text: string): MessagingMessageReceived => ({
  type: 'MessagingMessageReceived',
  data: { platform: 'whatsapp', messageId: id, phoneKey, userId, matchedBy: userId ? 'linked-phone' : null, messageType: 'text', text, quotedMessageId: null, businessPhoneNumberId: 'biz', sentAt: at(minute), receivedAt: at(minute), contactName: 'Perfil' },
});
const reply = (id: string, phoneKey: string, userId: string | null, minute: number, text: string, answersMessageId: string | null): MessagingReplySent => ({
  type: 'MessagingReplySent',
  data: { platform: 'whatsapp', messageId: id, phoneKey, userId, matchedBy: userId ? 'linked-phone' : null, messageType: 'text', text, quotedMessageId: null, businessPhoneNumberId: 'biz', sentAt: at(minute), receivedAt: at(minute), answersMessageId },
});

/** The log: Ana linked her phone (company A), Bruno typed the same number in his profile (company B); a stranger wrote too. */
const STORY: { stream: string; event: { type: string; data: Record<string, unknown> } }[] = [
  { stream: userStream(ANA), event: { type: 'UserRegistered', data: { userId: ANA, email: 'ana@alfa.agro', passwordHash: 'x', country: 'BR', ref: null, lang: 'pt-BR', consentAt: at(0), registeredAt: at(0) } } },
  { stream: userStream(ANA), event: { type: 'AccessGranted', data: { userId: ANA, roles: ['learner'], permissions: [], aclTags: [], companyId: COMPANY_A, allowedStations: 'all', grantedAt: at(0) } } },
  { stream: userStream(ANA), event: { type: 'ProfileUpdated', data: { userId: ANA, name: 'Ana Lima', updatedAt: at(1) } } },
  { stream: userStream(ANA), event: { type: 'PhoneLinked', data: { userId: ANA, phone: '+55 11 98765-4321', linkedAt: at(2) } } },
  { stream: userStream(BRUNO), event: { type: 'UserRegistered', data: { userId: BRUNO, email: 'bruno@beta.agro', passwordHash: 'x', country: 'BR', ref: null, lang: 'pt-BR', consentAt: at(0), registeredAt: at(0) } } },
  { stream: userStream(BRUNO), event: { type: 'AccessGranted', data: { userId: BRUNO, roles: ['learner'], permissions: [], aclTags: [], companyId: COMPANY_B, allowedStations: 'all', grantedAt: at(0) } } },
  { stream: userStream(BRUNO), event: { type: 'ProfileUpdated', data: { userId: BRUNO, phone: '+55 (11) 8765-4321', updatedAt: at(3) } } },
  { stream: userStream('u-carla'), event: { type: 'UserPreRegistered', data: { userId: 'u-carla', email: 'carla@beta.agro', details: { name: 'Carla', phone: '+55 21 99999-0000' }, roles: ['learner'], permissions: [], aclTags: [], companyId: COMPANY_B, allowedStations: 'all', by: 'u-admin', preRegisteredAt: at(4) } } },
  { stream: messagingStream(ANA_PHONE), event: inbound('wamid.a1', ANA_PHONE, ANA, 10, 'Qual a dose?') },
  { stream: messagingStream(ANA_PHONE), event: inbound('wamid.a2', ANA_PHONE, ANA, 11, 'Para soja.') },
  { stream: messagingStream(ANA_PHONE), event: reply('wamid.r1', ANA_PHONE, ANA, 12, '2 L/ha.', 'wamid.a2') },
  // the same message and reply arriving twice (another event with the same platform ids) change nothing
  { stream: messagingStream(ANA_PHONE), event: inbound('wamid.a1', ANA_PHONE, ANA, 10, 'Qual a dose?') },
  { stream: messagingStream(ANA_PHONE), event: reply('wamid.r1', ANA_PHONE, ANA, 12, '2 L/ha.', 'wamid.a2') },
  { stream: messagingStream(STRANGER), event: inbound('wamid.s1', STRANGER, null, 20, 'Oi') },
];

let db: TestDatabase;
let store: EventStore;
let runtime: ProjectionRuntime;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
  for (const { stream, event } of STORY) await store.append(stream, [event], { expectedRevision: 'any', context: { correlationId: 'story', actor: 'system', origin: 'webhook' } });
  runtime = new ProjectionRuntime(db.database, store, [messagingProjection], { run: false, batchSize: 1 });
  await runtime.start();
  await runtime.catchUp();
});
afterAll(async () => {
  await runtime?.stop();
  await store.close();
  await db.drop();
});

describe('messaging projection', () => {
  it('keeps each conversation once per platform message, with its counts and the reply linked to the message it answers', async () => {
    const { total, rows, messages } = await listConversations(runtime.reader('messaging'), { kind: 'all' }, { limit: 10, offset: 0, phoneKey: null, latest: 20 });
    expect(total).toBe(2);
    expect(rows.map((r) => [r.phone_key, r.user_id, r.messages, r.replies, r.unanswered, r.name, r.company_id])).toEqual([
      [STRANGER, null, 1, 0, 1, null, null],
      [ANA_PHONE, ANA, 2, 1, 1, 'Ana Lima', COMPANY_A],
    ]);
    expect(messages.filter((m) => m.phone_key === ANA_PHONE).map((m) => [m.message_id, m.direction, m.text, m.answers_message_id])).toEqual([
      ['wamid.a1', 'inbound', 'Qual a dose?', null],
      ['wamid.a2', 'inbound', 'Para soja.', null],
      ['wamid.r1', 'reply', '2 L/ha.', 'wamid.a2'],
    ]);
  });

  it("shows a company's manager only the conversations of their company's users, never an unmatched phone", async () => {
    const reader = runtime.reader('messaging');
    expect((await listConversations(reader, { kind: 'company', companyId: COMPANY_A }, { limit: 10, offset: 0, phoneKey: null, latest: 20 })).rows.map((r) => r.phone_key)).toEqual([ANA_PHONE]);
    expect((await listConversations(reader, { kind: 'company', companyId: COMPANY_B }, { limit: 10, offset: 0, phoneKey: null, latest: 20 })).total).toBe(0);
    expect((await listConversations(reader, { kind: 'none' }, { limit: 10, offset: 0, phoneKey: null, latest: 20 })).total).toBe(0);
  });

  it('matches a phone to the user who verified it before one who only typed it (an eight-digit Brazilian mobile is the same line)', async () => {
    const reader = runtime.reader('messaging');
    expect(await userByPhone(reader, ANA_PHONE)).toEqual({ userId: ANA, matchedBy: 'linked-phone' });
    expect(await userByPhone(reader, '5521999990000')).toEqual({ userId: 'u-carla', matchedBy: 'profile-phone' });
    expect(await userByPhone(reader, STRANGER)).toBeNull();
  });

  it('rebuilds to the same rows from the log', async () => {
    const fresh = new ProjectionRuntime(db.database, store, [{ ...messagingProjection, version: messagingProjection.version + 1 }], { run: false });
    await fresh.start();
    await fresh.catchUp();
    const live = await listConversations(runtime.reader('messaging'), { kind: 'all' }, { limit: 10, offset: 0, phoneKey: null, latest: 20 });
    const rebuilt = await listConversations(fresh.reader('messaging'), { kind: 'all' }, { limit: 10, offset: 0, phoneKey: null, latest: 20 });
    await fresh.stop();
    expect(rebuilt).toEqual(live);
  });
});
