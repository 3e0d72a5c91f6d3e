import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type Permission, type Role } from '@portal/kernel';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { messagingConversationsResponseSchema } from '../../contracts/index.js';
import { deliver, echoDelivery, inboundDelivery, MESSAGING_ENV, userWithPhone } from '../../testing/messaging-kit.js';

let t: TestApp;
let position: string;
const COMPANY_A = newId();
const COMPANY_B = newId();
const ANA = newId();
const BRUNO = newId();
const ANA_PHONE = '5511987654321';
const BRUNO_PHONE = '5531988887777';
const STRANGER = '5521911112222';

beforeAll(async () => {
  t = await startTestApp(MESSAGING_ENV);
  await userWithPhone(t, { userId: ANA, email: 'ana@alfa.agro', name: 'Ana Lima', companyId: COMPANY_A, phone: '+55 11 98765-4321', linked: true });
  await userWithPhone(t, { userId: BRUNO, email: 'bruno@beta.agro', name: 'Bruno Reis', companyId: COMPANY_B, phone: '+55 (31) 98888-7777', linked: false });
  await t.infra.projections.catchUp();
  await deliver(t, inboundDelivery({ id: 'wamid.a1', from: ANA_PHONE, text: 'Qual a dose?', at: '2026-11-21T10:00:00.000Z', name: 'Ana' }));
  await deliver(t, echoDelivery({ id: 'wamid.r1', to: ANA_PHONE, text: '2 L/ha.', at: '2026-11-21T10:05:00.000Z' }));
  await deliver(t, inboundDelivery({ id: 'wamid.b1', from: BRUNO_PHONE, text: 'Bom dia', at: '2026-11-21T10:10:00.000Z' }));
  const last = await deliver(t, inboundDelivery({ id: 'wamid.s1', from: STRANGER, text: 'Quem é?', at: '2026-11-21T10:20:00.000Z' }));
  position = String(last.headers['x-event-position']);
});
afterAll(async () => {
  await t?.close();
});

/** A signed-in caller's bearer token with these roles, permissions and company (the claims a real sign-in gives). */
const tokenOf = (roles: Role[], permissions: Permission[] = [], companyId: string | null = null) =>
  t.infra.tokens.issue({ sub: newId(), sid: newId(), email: 'caller@test.agro', roles, permissions, aclTags: [], companyId, country: 'BR', allowedStations: 'all', registerStatus: 'Completed', emailVerified: true });

const list = (token: string | undefined, query = '') =>
  t.request('GET', `/api/messaging/conversations${query}`, { ...(token ? { token } : {}), headers: { 'x-min-position': position } });

describe('GET /api/messaging/conversations: who may read which conversations', () => {
  const WA: Permission[] = ['manage_whatsapp'];
  const cases: { who: string; token: () => Promise<string | undefined>; status: number; phones?: string[] }[] = [
    { who: 'signed out', token: async () => undefined, status: 401 },
    { who: 'a learner', token: () => tokenOf(['learner'], [], COMPANY_A), status: 403 },
    { who: 'a company_admin of A without manage_whatsapp', token: () => tokenOf(['company_admin'], ['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard'], COMPANY_A), status: 403 },
    { who: 'the auditor', token: () => tokenOf(['auditor']), status: 403 },
    { who: 'a tc_admin without manage_whatsapp', token: () => tokenOf(['tc_admin']), status: 403 },
    { who: 'a company_manager of A with manage_whatsapp', token: () => tokenOf(['company_manager'], WA, COMPANY_A), status: 200, phones: [ANA_PHONE] },
    { who: 'a company_admin of B with manage_whatsapp', token: () => tokenOf(['company_admin'], WA, COMPANY_B), status: 200, phones: [BRUNO_PHONE] },
    { who: 'a company_manager with manage_whatsapp and no company', token: () => tokenOf(['company_manager'], WA, null), status: 403 },
    { who: 'a learner granted manage_whatsapp', token: () => tokenOf(['learner'], WA, COMPANY_A), status: 403 },
    { who: 'manage_whatsapp with manage_all_companies', token: () => tokenOf(['company_admin'], [...WA, 'manage_all_companies'], COMPANY_A), status: 200, phones: [STRANGER, BRUNO_PHONE, ANA_PHONE] },
    { who: 'manage_all_companies without manage_whatsapp', token: () => tokenOf(['company_admin'], ['manage_all_companies'], COMPANY_A), status: 403 },
  ];
  for (const c of cases) {
    it(`${c.who}: ${c.status}${c.phones ? ` with ${c.phones.length} conversation(s)` : ''}`, async () => {
      const res = await list(await c.token());
      expect(res.statusCode).toBe(c.status);
      if (c.phones) expect(messagingConversationsResponseSchema.parse(res.json()).items.map((i) => i.phoneKey)).toEqual(c.phones);
    });
  }
});

describe('GET /api/messaging/conversations: what an operator reads', () => {
  it("shows the user, the user's message and the reply that answers it", async () => {
    const res = await list(await tokenOf(['company_manager'], ['manage_whatsapp'], COMPANY_A));
    const [ana] = messagingConversationsResponseSchema.parse(res.json()).items;
    expect(ana).toEqual({
      phoneKey: ANA_PHONE,
      contactName: 'Ana',
      user: { userId: ANA, name: 'Ana Lima', email: 'ana@alfa.agro', companyId: COMPANY_A },
      messages: 1,
      replies: 1,
      unanswered: 0,
      lastMessageAt: '2026-11-21T10:05:00.000Z',
      latest: [
        { messageId: 'wamid.a1', direction: 'inbound', messageType: 'text', text: 'Qual a dose?', sentAt: '2026-11-21T10:00:00.000Z', answersMessageId: null },
        { messageId: 'wamid.r1', direction: 'reply', messageType: 'text', text: '2 L/ha.', sentAt: '2026-11-21T10:05:00.000Z', answersMessageId: 'wamid.a1' },
      ],
    });
  });

  it('finds one phone however it is written, never another company\'s, and answers 400 for what is not a phone', async () => {
    const all = await tokenOf(['company_admin'], ['manage_whatsapp', 'manage_all_companies'], COMPANY_A);
    const found = messagingConversationsResponseSchema.parse((await list(all, `?phone=${encodeURIComponent('+55 (31) 98888-7777')}`)).json());
    expect(found.items.map((i) => [i.phoneKey, i.user?.userId, i.unanswered])).toEqual([[BRUNO_PHONE, BRUNO, 1]]);
    const managerOfA = await tokenOf(['company_manager'], ['manage_whatsapp'], COMPANY_A);
    expect((await list(managerOfA, `?phone=${BRUNO_PHONE}`)).json()).toEqual({ total: 0, items: [] });
    const bad = await list(all, '?phone=abc');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'app/bed-request']);
    const badLimit = await list(all, '?limit=1000');
    expect(badLimit.statusCode).toBe(400);
  });
});
