/**
 * Helpers of the events HTTP tests (imported by *.int.spec.ts and benchmarks only): an event
 * and a quiz as tc_admin sends them, sign-ins per role, and the steps most tests start from.
 */
import type { Role } from '@portal/kernel';
import type { TestApp } from '@portal/testing/app';
import { tokenFor, type Call } from '@portal/testing/client';
import type { QuizInput, ScheduledEventInput } from '../contracts/index.js';

export { tokenFor, trackingClient, type Call } from '@portal/testing/client';

/** 2026-12-10 09:00-12:00 in São Paulo: 12:00-15:00 UTC (the test clock starts on 2026-11-21). */
export const EVENT_DAY = { date: '2026-12-10', startsAt: '2026-12-10T12:00:00.000Z', endsAt: '2026-12-10T15:00:00.000Z' };

export const eventInput = (overrides: Partial<ScheduledEventInput> = {}): ScheduledEventInput => ({
  title: 'Dia de campo: manejo da soja',
  type: 'field-day',
  description: 'Pragas e doenças da soja no campo experimental.',
  date: EVENT_DAY.date,
  startHour: '09:00',
  finishHour: '12:00',
  venue: 'Campo experimental, Londrina - PR',
  author: 'Elena Torres',
  department: 'Agronomia',
  cluster: 'Sul',
  categories: ['campo'],
  cultures: [],
  competenceArea: 'Proteção de cultivos',
  region: 'Sul',
  brand: 'Agro',
  bu: 'Crop Protection',
  targetAudience: 'Produtores',
  estimatedAudience: 40,
  instructor: 'Dr. Paulo Lima',
  vacancies: 2,
  ...overrides,
});

export const quizInput = (overrides: Partial<QuizInput> = {}): QuizInput => ({
  title: 'Quiz do dia de campo',
  description: 'Cinco minutos sobre o que vimos.',
  questions: [
    {
      type: 'single',
      language: 'pt-BR',
      description: 'Qual a principal praga vista hoje?',
      alternatives: [
        { description: 'Lagarta-da-soja', prefix: 'A', correct: true, score: 10 },
        { description: 'Ferrugem', prefix: 'B', correct: false, score: 0 },
      ],
    },
    { type: 'open', language: 'pt-BR', description: 'O que você vai aplicar na sua lavoura?', score: 5 },
    {
      type: 'single',
      language: 'es',
      description: '¿Cuál fue la plaga principal?',
      alternatives: [
        { description: 'Oruga', prefix: 'A', correct: true, score: 10 },
        { description: 'Roya', prefix: 'B', correct: false, score: 0 },
      ],
    },
  ],
  ...overrides,
});

/** Sign-ins of every role the matrix tests (a tc_manager of Mexico, like the demo's: the area's Brazil rule binds tc_admin only). */
export async function signIns(t: TestApp) {
  const as = (role: Role, claims: Parameters<typeof tokenFor>[2] = {}) => tokenFor(t, role, claims);
  return {
    admin: await as('tc_admin'),
    foreignAdmin: await as('tc_admin', { country: 'AR' }),
    manager: await as('tc_manager', { country: 'MX' }),
    companyManager: await as('company_manager', { companyId: '01900000-0000-7000-8000-0000000000c1' }),
    companyAdmin: await as('company_admin', { companyId: '01900000-0000-7000-8000-0000000000c1' }),
    auditor: await as('auditor'),
  };
}

export interface Learner {
  userId: string;
  token: string;
}

export async function learner(t: TestApp, n: number, claims: Parameters<typeof tokenFor>[2] = {}): Promise<Learner> {
  const userId = `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;
  return { userId, token: await tokenFor(t, 'learner', { userId, email: `learner${n}@example.com`, ...claims }) };
}

export async function createEvent(call: Call, adminToken: string, overrides: Partial<ScheduledEventInput> = {}): Promise<string> {
  const res = await call('POST', '/api/scheduledEvents', { token: adminToken, body: eventInput(overrides) });
  if (res.statusCode !== 201) throw new Error(`event not created: ${res.statusCode} ${res.body}`);
  return res.json().eventId as string;
}

export async function publishedEvent(call: Call, adminToken: string, overrides: Partial<ScheduledEventInput> = {}): Promise<string> {
  const eventId = await createEvent(call, adminToken, overrides);
  const res = await call('POST', `/api/scheduledEvents/${eventId}/publish`, { token: adminToken });
  if (res.statusCode !== 200) throw new Error(`event not published: ${res.statusCode} ${res.body}`);
  return eventId;
}

/** The mails of one kind (`event-enrolled`...) to an address, newest first. */
export async function mailsTo(t: TestApp, email: string, category: string) {
  return (await t.infra.mailer.list({ to: email, limit: 50 })).filter((m) => m.category === category);
}

/** The decoded body of an attachment of a stored mail (from its raw MIME). */
export async function attachmentOf(t: TestApp, mailId: string, filename: string): Promise<string | null> {
  const mail = await t.infra.mailer.get(mailId);
  if (!mail) return null;
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const start = raw.indexOf(`filename=${filename}`);
  if (start < 0) return null;
  const headersEnd = raw.indexOf('\n\n', start);
  const headers = raw.slice(raw.lastIndexOf('\n--', start), headersEnd);
  const body = raw.slice(headersEnd + 2, raw.indexOf('\n--', headersEnd));
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    return Buffer.from(body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  }
  return body;
}
