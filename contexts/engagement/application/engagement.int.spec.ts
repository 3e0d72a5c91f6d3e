import { DEFAULT_LEGAL_LINKS } from '@portal/identity/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { registerUser, signIn } from '@portal/testing/identity';
import { seedDemoUsers } from '@portal/identity/application';
import { importContentPack } from '@portal/learning/application';

let t: TestApp;
let learner: { token: string; userId: string };
let admin: { token: string };
beforeAll(async () => {
  t = await startTestApp();
  await seedDemoUsers(t.infra.store, t.infra.clock);
  learner = await signIn(t, 'learner@demo.agro', 'Demo#2026');
  admin = await signIn(t, 'admin@demo.agro', 'Demo#2026');
});
afterAll(async () => {
  await t.close();
});

const support = { context: 'web', origin: 'http://localhost:3000/station/soja', subject: 'Feedback', title: 'Vídeo não carrega', message: 'O vídeo de manejo não carrega no celular.' };

describe('support messages', () => {
  it('records SupportMessageSent with the sender and lets admins list it, newest first', async () => {
    const sent = await t.request('POST', '/api/support/message', { token: learner.token, body: { ...support, registerId: learner.userId } });
    expect(sent.statusCode).toBe(201);
    const list = await t.request('GET', '/api/support/messages', { token: admin.token, headers: { 'x-min-position': String(sent.headers['x-event-position']) } });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({ registerId: learner.userId, email: 'learner@demo.agro', subject: 'Feedback', title: 'Vídeo não carrega', origin: support.origin, context: 'web' });
  });

  it('enforces the limits of 000 §5 (title 64, message 600, subject required)', async () => {
    const res = await t.request('POST', '/api/support/message', { token: learner.token, body: { ...support, subject: '', title: 'x'.repeat(65), message: 'y'.repeat(601) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['message', 'subject', 'title']);
  });

  it('takes only an http or https page as the origin', async () => {
    for (const origin of ['javascript:alert(document.cookie)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com/x', 'not a url']) {
      const res = await t.request('POST', '/api/support/message', { token: learner.token, body: { ...support, origin } });
      expect(res.statusCode, origin).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(['origin']);
    }
    expect((await t.request('POST', '/api/support/message', { token: learner.token, body: { ...support, origin: 'https://portal.example.com/station/soja?video=1' } })).statusCode).toBe(201);
  });

  it('checks who may call', async () => {
    expect((await t.request('POST', '/api/support/message', { body: support })).statusCode).toBe(401);
    expect((await t.request('POST', '/api/support/message', { token: learner.token, body: { ...support, registerId: 'someone-else' } })).json().code).toBe('app/invalid-user-uid');
    expect((await t.request('GET', '/api/support/messages', { token: learner.token })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/support/messages')).statusCode).toBe(401);
  });
});

describe('notification messages', () => {
  it('sanitizes the HTML (no script survives), queues unread messages and drops them once read', async () => {
    const html = '<p>Nova safra <b>2027</b></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>';
    const published = await t.request('POST', '/api/notification-messages/publish', {
      token: admin.token,
      body: { title: { 'pt-BR': 'Novidade', es: 'Novedad', en: 'News' }, content: { 'pt-BR': html, es: '<p>Nueva</p>', en: '<p>New</p>' }, categories: [{ label: { 'pt-BR': 'Soja', es: 'Soja', en: 'Soy' }, to: '/training/soja' }] },
    });
    expect(published.statusCode).toBe(201);
    const list = await t.request('GET', '/api/notification-messages?lang=pt-BR', { token: learner.token, headers: { 'x-min-position': String(published.headers['x-event-position']) } });
    const [message] = list.json();
    expect(message.title).toBe('Novidade');
    expect(message.content).toContain('<b>2027</b>');
    expect(message.content).not.toMatch(/script|onerror|javascript:/i);
    expect(message.categories).toEqual([{ label: 'Soja', to: '/training/soja' }]);
    const read = await t.request('POST', '/api/notification-messages', { token: learner.token, body: { notificationId: message.id, eventType: 'read', clientTime: Date.now(), platform: 'web' } });
    expect(read.statusCode).toBe(204);
    const after = await t.request('GET', '/api/notification-messages', { token: learner.token, headers: { 'x-min-position': String(read.headers['x-event-position']) } });
    expect(after.json().map((m: { id: string }) => m.id)).not.toContain(message.id);
  });

  it('tracks viewed notification rows', async () => {
    const set = await t.request('POST', '/api/notification-messages/set-viewed-row-ids', { token: learner.token, body: { rowIds: ['v1', 'v2'] } });
    expect(set.statusCode).toBe(204);
    const res = await t.request('POST', '/api/notification-messages/not-viewed-row-ids', { token: learner.token, body: { rowIds: ['v1', 'v3'] }, headers: { 'x-min-position': String(set.headers['x-event-position']) } });
    expect(res.json()).toEqual({ rowIds: ['v3'] });
  });

  it('only admins publish; unverified accounts do not read', async () => {
    const body = { title: { 'pt-BR': 'a', es: 'a', en: 'a' }, content: { 'pt-BR': '<p>a</p>', es: '<p>a</p>', en: '<p>a</p>' } };
    expect((await t.request('POST', '/api/notification-messages/publish', { token: learner.token, body })).statusCode).toBe(403);
    const fresh = await registerUser(t, 'fresh@example.com');
    expect((await t.request('GET', '/api/notification-messages', { token: fresh.token })).statusCode).toBe(403);
  });
});

describe('tracking', () => {
  it('records user events and traces for users and guests, refusing anonymous callers', async () => {
    const guest = '0193a8c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b';
    expect((await t.request('POST', '/api/user-events/set', { headers: { 'x-guest-id': guest }, body: { payload: { media_open: true }, sessionId: 's1', clientTime: 1, clientTimeOffset: 180 } })).statusCode).toBe(204);
    expect((await t.request('POST', '/api/interactions/trace', { token: learner.token, body: { category: 'menu', action: 'click', label: 'home' } })).statusCode).toBe(204);
    expect((await t.request('POST', '/api/interactions/trace', { body: { category: 'menu', action: 'click' } })).statusCode).toBe(401);
    const guestStream = await t.infra.store.readStream(`engagement.tracking-guest:${guest}-2026-11-21`);
    expect(guestStream[0]).toMatchObject({ type: 'UserEventRecorded', data: { actor: `guest:${guest}`, payload: { media_open: true } } });
    expect((await t.request('POST', '/api/user-events/set', { token: learner.token, body: { payload: { big: 'x'.repeat(5000) } } })).statusCode).toBe(400);
  });
});

describe('public pages', () => {
  it('serves the content pack pages by section and slug in the asked language, sanitized', async () => {
    const imported = await importContentPack(t.infra.store, t.infra.clock, { origin: 'system' });
    if (imported.checkpoint) await t.infra.projections.waitFor('pages', imported.checkpoint, 15_000);
    const list = await t.request('GET', '/api/pages?section=br-articles&lang=en');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { slug: string }) => p.slug).sort()).toEqual(['janela-da-safrinha', 'manejo-integrado-de-pragas', 'plantio-direto']);
    const page = await t.request('GET', '/api/pages/br/sobre?lang=es');
    expect(page.json()).toMatchObject({ section: 'br', slug: 'sobre', title: 'Acerca del portal' });
    expect(page.json().html).toContain('<h2>');
    expect((await t.request('GET', '/api/pages/br/nao-existe')).statusCode).toBe(404);
    // the footers' default About, Terms, Privacy and Company links are pages of our own (issue 13)
    for (const path of Object.values(DEFAULT_LEGAL_LINKS)) {
      const [, section, slug] = path.split('/');
      for (const lang of ['pt-BR', 'es', 'en']) {
        const legal = await t.request('GET', `/api/pages/${section}/${slug}?lang=${lang}`);
        expect(legal.statusCode, `${path} ${lang}`).toBe(200);
        expect(legal.json().html.length).toBeGreaterThan(100);
      }
    }
    expect((await t.request('GET', '/api/pages?section=nowhere')).statusCode).toBe(400);
  });
});
