import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { portalApi, verifiedLearner } from './api-learner.js';
import { apiToken, DEMO_PASSWORD } from './shell-portal.js';

/**
 * Scheduled events in the browser (issue 15, ADR 0061): tc_admin writes a quiz, creates an event
 * with a material, attaches the quiz and opens it, publishes; a learner on a phone enrols from
 * "my events"; the learner's phone opens the staff screen's rotating code and is checked in while
 * the staff screen's count moves without a reload (the realtime push); the learner answers the
 * quiz; the event report shows the check-in and the score and exports CSV.
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('scheduled events', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const ADMIN = 'tc.admin@demo.agro';
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });

/**
 * A zone where the event (starting 30 minutes from now, lasting an hour) falls on one local day,
 * so check-in is open now (it opens 60 minutes before the start) whatever the hour of the run.
 */
const ZONES = ['America/Sao_Paulo', 'Europe/Lisbon', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Auckland'];
const localParts = (at: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};
const plan = () => {
  const now = Date.now();
  for (const zone of ZONES) {
    const start = localParts(new Date(now + 30 * 60_000), zone);
    const finish = localParts(new Date(now + 90 * 60_000), zone);
    if (start.date === finish.date && finish.time > start.time) return { zone, date: start.date, start: start.time, finish: finish.time };
  }
  throw new Error('no zone fits');
};

const api = portalApi(() => portal.url);

/** A Brazilian learner who registered, verified the address and completed the profile, through the API. */
async function newLearner(email: string): Promise<void> {
  await verifiedLearner(portal.url, email, { name: 'Rita Campos' });
}

/** Opens a deep link signed out: sign-in keeps it as `next` and comes back to it; the area's welcome shows until dismissed once. */
async function signInAt(page: Page, path: string, email: string): Promise<void> {
  const { flags } = await api<{ flags: Record<string, unknown> }>('/userData', { token: await apiToken(portal.url, email) });
  await page.goto(path);
  await page.waitForURL(/\/auth\?next=/);
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill(DEMO_PASSWORD);
  await page.getByTestId('signin-submit').click();
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  // 001 §2: the area's welcome until the flag is stored
  if (flags.journeyWelcome === true) return;
  const welcome = page.getByTestId('welcome-journey-ok');
  await welcome.waitFor({ timeout: 10_000 });
  await welcome.click();
  await welcome.waitFor({ state: 'hidden' });
}

/** Mantine's Select: type, then pick the option. */
async function pick(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).fill(text);
  await page.getByRole('option', { name: text, exact: true }).click();
}

describe('scheduled events', () => {
  it('tc_admin plans an event with a material and a quiz; a learner enrols on a phone, checks in with the staff code, answers; the report shows it', async () => {
    const when = plan();
    const run = Date.now();
    const title = `Dia de campo ${run}`;
    const quizTitle = `Pragas da soja ${run}`;
    const learnerEmail = `rita.campos.${Date.now()}@example.com`;
    await newLearner(learnerEmail);

    // ---- tc_admin: the quiz
    const adminContext = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, timezoneId: when.zone, acceptDownloads: true });
    const admin = await adminContext.newPage();
    const watched = watchConsole(admin);
    await signInAt(admin, '/scheduled-events', ADMIN);
    await admin.getByTestId('events-table').waitFor();
    await admin.getByTestId('events-tab-quizzes').click();
    await admin.getByTestId('quiz-new').click();
    await admin.getByTestId('quiz-title').fill(quizTitle);
    // 001 §5 before anything is sent: the question needs its text
    await admin.getByTestId('quiz-save').click();
    await admin.getByText('Pergunta é obrigatório').first().waitFor();
    await admin.getByTestId('question-0-description').fill('Qual praga ataca as folhas?');
    await admin.getByTestId('question-0-alt-0-description').fill('Lagarta');
    await admin.getByTestId('question-0-alt-0-score').fill('10');
    await admin.getByTestId('question-0-alt-1-description').fill('Nematoide');
    await admin.getByTestId('question-0-alt-0-correct').check();
    await admin.getByTestId('quiz-save').click();
    await admin.waitForURL(/\/scheduled-events\/quizzes\/[0-9a-f-]{36}$/);

    // ---- the event, with a material
    await admin.getByTestId('events-tab-events').click();
    await admin.getByTestId('events-new').click();
    await admin.getByTestId('event-save').click();
    await admin.getByText('Título é obrigatório').first().waitFor();
    await admin.getByTestId('event-title').fill(title);
    await admin.getByTestId('event-type').fill('Dia de campo');
    await admin.getByTestId('event-date').fill(when.date);
    await admin.getByTestId('event-startHour').fill(when.start);
    await admin.getByTestId('event-finishHour').fill(when.finish);
    if (when.zone !== 'America/Sao_Paulo') await pick(admin, 'event-timezone', when.zone);
    await admin.getByTestId('event-venue').fill('Fazenda Modelo, Rio Verde - GO');
    await admin.getByTestId('event-vacancies').fill('20');
    await admin.getByTestId('event-region').fill('Centro-Oeste');
    await admin.locator('[data-testid="materials"] input[type="file"]').setInputFiles({ name: 'guia-de-campo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await admin.locator('[data-testid="material"][data-kind="pending"]').waitFor();
    await admin.getByTestId('event-save').click();
    await admin.waitForURL(/\/scheduled-events\/form\/[0-9a-f-]{36}$/);
    const eventId = admin.url().split('/').pop()!;
    await admin.locator('[data-testid="material"][data-kind="attached"][data-name="guia-de-campo.pdf"]').waitFor();

    // ---- the quiz attached and opened now for two hours (the browser's zone is the event's)
    await pick(admin, 'event-quiz-choose', quizTitle);
    await admin.getByTestId('event-quiz-attach').click();
    const quizRow = admin.locator('[data-testid="event-quiz"]');
    await quizRow.waitFor();
    const quizId = (await quizRow.getAttribute('data-quiz-id'))!;
    const toInput = (at: Date) => {
      const p = localParts(at, when.zone);
      return `${p.date}T${p.time}`;
    };
    await quizRow.getByTestId('quiz-window-opens').fill(toInput(new Date(Date.now() - 5 * 60_000)));
    await quizRow.getByTestId('quiz-window-closes').fill(toInput(new Date(Date.now() + 120 * 60_000)));
    await quizRow.getByTestId('quiz-window-save').click();
    await poll(() => admin.getByTestId('event-quiz').textContent()).toMatch(/Aberto de/);

    // ---- published
    await admin.getByTestId('event-publish').click();
    await poll(() => admin.getByTestId('event-state').getAttribute('data-state')).toBe('published');
    await watched.settled();
    expect(watched.problems).toEqual([]);

    // ---- the learner, on a phone: my events, enrol
    const phoneContext = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, timezoneId: when.zone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await phoneContext.newPage();
    await signInAt(phone, '/scheduled-events/my-events', learnerEmail);
    const card = phone.getByTestId(`my-event-${eventId}`);
    await card.waitFor();
    await card.getByTestId(`enrol-${eventId}`).click();
    await poll(() => card.getByTestId(`enrolment-${eventId}`).getAttribute('data-status')).toBe('enrolled');
    // the ticket and the material on the event's page
    await card.getByTestId(`my-event-link-${eventId}`).click();
    await phone.getByTestId('ticket-qr').waitFor();
    expect(await phone.getByTestId('ticket-qr').getAttribute('data-value')).toMatch(new RegExp(`^t1\\.${eventId}\\.`));
    await phone.locator('[data-testid="material"][data-name="guia-de-campo.pdf"]').waitFor();

    // ---- the staff screen: the rotating code; the phone opens it and is checked in; the count moves
    await admin.getByRole('link', { name: 'Check-in' }).first().click();
    await admin.waitForURL(`**/scheduled-events/check-in/${eventId}`);
    const code = admin.getByTestId('rotating-code');
    await code.waitFor();
    await poll(() => admin.getByTestId('live-checked-in').getAttribute('data-count')).toBe('0');
    const scanUrl = new URL((await code.getAttribute('data-value'))!);
    expect(scanUrl.pathname).toBe('/scheduled-events/scan');
    // from here the screen's own refresh of the code is held back: only the realtime push can move the count
    const codeCalls = new RegExp(`/api/scheduledEvents/${eventId}/code\\?`);
    await admin.route(codeCalls, (route) => route.abort());
    await phone.goto(`${scanUrl.pathname}${scanUrl.search}`);
    await poll(() => phone.getByTestId('scan-result').getAttribute('data-action')).toBe('check-in');
    await poll(() => admin.getByTestId('live-checked-in').getAttribute('data-count')).toBe('1');
    await admin.unroute(codeCalls);

    // ---- the learner answers the quiz
    await phone.getByTestId('scan-event-link').click();
    await phone.getByTestId(`take-quiz-${quizId}`).click();
    await phone.getByTestId('take-question-0').waitFor();
    await phone.getByTestId('take-question-0').getByText('Lagarta').click();
    await phone.getByTestId('quiz-submit').click();
    await poll(() => phone.getByTestId('quiz-result').getAttribute('data-score')).toBe('10');

    // ---- the report: check-in and score, and the CSV
    await admin.goto(`/scheduled-events/reports/${eventId}`);
    const row = admin.locator(`[data-testid^="report-row-"][data-email="${learnerEmail}"]`);
    await poll(() => row.getAttribute('data-checked-in')).toBe('yes');
    await poll(() => row.getAttribute('data-score')).toBe('10');
    await poll(() => admin.getByTestId('report-checked-in').getAttribute('data-value')).toBe('1');
    await admin.locator(`[data-testid="quiz-report-${quizId}"][data-answers="1"]`).waitFor();
    const download = admin.waitForEvent('download');
    await admin.getByTestId('report-export-csv').click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toContain('checkedInAt');
    expect(lines.find((l) => l.includes(learnerEmail))).toMatch(/,10(,|$)/);
  });

  it('the door scanner keeps a ticket read offline and sends it when the connection is back', async () => {
    const when = plan();
    const learnerEmail = `door.${Date.now()}@example.com`;
    await newLearner(learnerEmail);
    const adminToken = await apiToken(portal.url, ADMIN);
    const event = await api<{ eventId: string }>('/scheduledEvents', {
      token: adminToken,
      body: { title: `Curso de campo ${Date.now()}`, type: 'Curso', date: when.date, startHour: when.start, finishHour: when.finish, timezone: when.zone, vacancies: 5 },
    });
    await api(`/scheduledEvents/${event.eventId}/publish`, { token: adminToken, body: {} });
    const learnerToken = await apiToken(portal.url, learnerEmail);
    await api(`/scheduledEvents/${event.eventId}/enrol`, { token: learnerToken, body: { lang: 'pt-BR' } });
    const ticket = (await api<{ me: { ticket: string } }>(`/scheduledEvents/${event.eventId}`, { token: learnerToken })).me.ticket;

    const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, timezoneId: when.zone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const door = await context.newPage();
    await signInAt(door, `/scheduled-events/check-in/${event.eventId}`, ADMIN);
    await poll(() => door.getByTestId('live-checked-in').getAttribute('data-count')).toBe('0');

    // offline: the scan waits on this device
    await context.setOffline(true);
    await door.getByTestId('ticket-input').fill(ticket);
    await door.getByTestId('ticket-submit').click();
    await poll(() => door.getByTestId('scans-waiting').getAttribute('data-count')).toBe('1');
    await door.getByTestId('scanner-offline').waitFor();
    expect(await door.getByTestId('scan-result-row').count()).toBe(0);

    // back online: sent, judged, counted
    await context.setOffline(false);
    await poll(() => door.locator('[data-testid="scan-result-row"][data-ok="true"]').count()).toBe(1);
    await door.getByTestId('scans-waiting').waitFor({ state: 'detached' });
    expect(await door.getByTestId('scan-result-row').textContent()).toContain('Rita Campos');
    await poll(() => door.getByTestId('live-checked-in').getAttribute('data-count')).toBe('1');
    const report = await api<{ attendees: { email: string; checkedInAt: string | null }[] }>(`/reports/event/${event.eventId}/status`, { token: adminToken });
    expect(report.attendees.find((a) => a.email === learnerEmail)?.checkedInAt).not.toBeNull();
  });
});
