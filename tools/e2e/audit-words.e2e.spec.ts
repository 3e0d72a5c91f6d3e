import { describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { apiToken, signIn, signInAt } from './shell-portal.js';

/**
 * Issue 26 item 8 (ADR 0083): the learner answers once through each of the five screens that
 * record an answer, in Chromium as a user would: the station's questions overlay, the questions
 * under a media entry's player, the NPS panel, the public survey page and a scheduled event's quiz
 * (tc_admin sets the event and its quiz up through the API; the learner enrols on "my events",
 * checks in by opening the staff code's scan link and answers on the quiz page). Then the auditor,
 * on the auditor's screens, finds each answer by the learner's name and by the e-mail and reads
 * its question and option in words, in pt-BR, es and en (the i18n_lang cookie the language picker
 * writes, then a reload of the same page).
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('audit-words', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const EMAIL = 'learner@demo.agro';
/** the demo learner's name (contexts/identity/application/seed/demo-users.ts) */
const NAME = 'Ana Souza';

/** question and option, per language, of each answer the learner gives below */
const ANSWERS = {
  station: {
    'pt-BR': ['Onde você encontra o conteúdo que começou e não terminou?', 'Em Continuar assistindo'],
    es: ['¿Dónde encuentras el contenido que empezaste y no terminaste?', 'En Seguir viendo'],
    en: ['Where do you find content you started but did not finish?', 'In Continue watching'],
  },
  media: {
    'pt-BR': ['Qual pH a maioria das culturas prefere?', 'Entre 5,5 e 6,5'],
    es: ['¿Qué pH prefiere la mayoría de los cultivos?', 'Entre 5,5 y 6,5'],
    en: ['Which pH do most crops prefer?', 'Between 5.5 and 6.5'],
  },
  nps: {
    'pt-BR': ['De 0 a 10, o quanto você recomendaria este portal a um colega?', '9'],
    es: ['Del 0 al 10, ¿cuánto recomendarías este portal a un colega?', '9'],
    en: ['From 0 to 10, how likely are you to recommend this portal to a colleague?', '9'],
  },
  // the quiz is written in one language: it reads as written in every language
  quiz: {
    'pt-BR': ['Qual a principal praga vista hoje? · Dia de campo milho · Quiz do dia de campo', 'Lagarta-da-soja'],
    es: ['Qual a principal praga vista hoje? · Dia de campo milho · Quiz do dia de campo', 'Lagarta-da-soja'],
    en: ['Qual a principal praga vista hoje? · Dia de campo milho · Quiz do dia de campo', 'Lagarta-da-soja'],
  },
  survey: {
    'pt-BR': ['Como você conheceu o portal?', 'Pelo meu representante'],
    es: ['¿Cómo conociste el portal?', 'Por mi representante'],
    en: ['How did you hear about the portal?', 'From my sales representative'],
  },
} as const;

async function call<T = unknown>(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${portal.url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An event starting 30 minutes from now in São Paulo (check-in opens 60 minutes before), the ISO date and hours there. */
function soon(): { date: string; start: string; finish: string } {
  const local = (ms: number) => new Date(Date.now() + ms - 3 * 3_600_000).toISOString();
  const [start, finish] = [local(30 * 60_000), local(40 * 60_000)];
  return { date: start.slice(0, 10), start: start.slice(11, 16), finish: finish.slice(0, 10) === start.slice(0, 10) ? finish.slice(11, 16) : '23:59' };
}

/** tc_admin (through the API: the staff screens are scheduled-events.e2e's) writes a quiz, plans an event starting soon, attaches and opens the quiz, publishes. */
async function planEventWithQuiz(): Promise<{ eventId: string; quizId: string }> {
  const admin = await apiToken(portal.url, 'tc.admin@demo.agro');
  const { quizId } = await call<{ quizId: string }>('POST', '/api/quiz', admin, {
    title: 'Quiz do dia de campo',
    description: 'Cinco minutos sobre o que vimos.',
    questions: [{ type: 'single', language: 'pt-BR', description: 'Qual a principal praga vista hoje?', alternatives: [{ description: 'Lagarta-da-soja', prefix: 'A', correct: true, score: 10 }, { description: 'Ferrugem', prefix: 'B', correct: false, score: 0 }] }],
  });
  const when = soon();
  const { eventId } = await call<{ eventId: string }>('POST', '/api/scheduledEvents', admin, { title: 'Dia de campo milho', type: 'Curso', date: when.date, startHour: when.start, finishHour: when.finish, timezone: 'America/Sao_Paulo', vacancies: 5 });
  await call('POST', '/api/quiz/event', admin, { quizId, eventId });
  await call('POST', '/api/quiz/new-quiz-date', admin, { quizId, eventId, opensAt: new Date(Date.now() - 5 * 60_000).toISOString(), closesAt: new Date(Date.now() + 120 * 60_000).toISOString() });
  await call('POST', `/api/scheduledEvents/${eventId}/publish`, admin, {});
  return { eventId, quizId };
}

/** The staff screen's current check-in code, as its QR code carries it. */
async function staffCode(eventId: string): Promise<string> {
  const admin = await apiToken(portal.url, 'tc.admin@demo.agro');
  return (await call<{ code: string }>('GET', `/api/scheduledEvents/${eventId}/code`, admin)).code;
}

const isAnswer = (r: Response) => r.request().method() === 'POST' && r.url().endsWith('/api/user-store/answer');

/** Chooses an option in the open questions overlay and sends it; waits for the server's answer. */
async function answerInOverlay(page: Page, answerId: string): Promise<void> {
  const overlay = page.getByRole('dialog');
  await overlay.getByTestId(`option-${answerId}`).check();
  const sent = page.waitForResponse(isAnswer);
  await overlay.getByTestId('question-submit').click();
  expect((await sent).status()).toBe(201);
  await page.getByTestId('answer-toast').waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
}

/** The learner's five answers, each through its screen. */
async function answerThroughTheScreens(page: Page): Promise<void> {
  // the station's questions overlay
  await page.goto('/station/boas-vindas');
  await page.getByTestId('open-station-questions').click();
  await page.getByRole('dialog').getByTestId('question-steps').waitFor();
  expect(await page.getByRole('dialog').getByTestId('question-steps').getAttribute('data-question-id')).toBe('boas-vindas-q1');
  await answerInOverlay(page, 'boas-vindas-q1-a');
  await expect.poll(() => page.getByTestId('station-questions-panel').getAttribute('data-answered'), { timeout: 10_000 }).toBe('1');

  // the questions under a media entry's player
  await page.goto('/training/soja/soja-plantio?video=soja-plantio-video');
  await page.getByTestId('open-entry-questions').click();
  await page.getByRole('dialog').getByTestId('question-steps').waitFor();
  await answerInOverlay(page, 'soja-plantio-q1-a');
  await expect.poll(() => page.getByTestId('entry-questions').getAttribute('data-answered'), { timeout: 10_000 }).toBe('1');

  // the NPS panel of the side menu
  await page.goto('/feed');
  await page.getByTestId('menu-nps').click();
  const panel = page.getByTestId('nps-panel');
  await expect.poll(() => panel.getAttribute('data-question-id'), { timeout: 10_000 }).toBe('av1');
  await panel.getByTestId('option-av1-9').check();
  const nps = page.waitForResponse(isAnswer);
  await page.getByTestId('nps-submit').click();
  expect((await nps).status()).toBe(201);
  await page.getByTestId('nps-toast').waitFor();
  await page.keyboard.press('Escape');

  // the public survey page, one question at a time: the third one is checked below
  await page.goto('/public/survey/BR/satisfacao');
  for (const answerId of ['br-satisfacao-recomendacao-8', 'br-satisfacao-conteudo-3', 'br-satisfacao-origem-a']) {
    const question = page.getByTestId('survey-question');
    await expect.poll(() => question.getAttribute('data-question-id'), { timeout: 10_000 }).toBe(answerId.replace(/-[^-]+$/, ''));
    await question.getByTestId(`option-${answerId}`).check();
    await page.getByTestId('survey-submit').click();
  }
  await page.getByTestId('survey-done').waitFor({ timeout: 10_000 });

  // the scheduled event: enrol on "my events", check in by the staff code's link, answer the quiz
  const { eventId, quizId } = await planEventWithQuiz();
  const { flags } = await call<{ flags: Record<string, unknown> }>('GET', '/api/userData', await apiToken(portal.url, EMAIL));
  await page.goto('/scheduled-events/my-events');
  // 001 §2: the area's welcome until its flag is stored
  if (flags.journeyWelcome !== true) {
    const welcome = page.getByTestId('welcome-journey-ok');
    await welcome.click({ timeout: 15_000 });
    await welcome.waitFor({ state: 'hidden' });
  }
  const card = page.getByTestId(`my-event-${eventId}`);
  await card.getByTestId(`enrol-${eventId}`).click();
  await expect.poll(() => card.getByTestId(`enrolment-${eventId}`).getAttribute('data-status'), { timeout: 15_000 }).toBe('enrolled');
  await page.goto(`/scheduled-events/scan?code=${encodeURIComponent(await staffCode(eventId))}`);
  await expect.poll(() => page.getByTestId('scan-result').getAttribute('data-action'), { timeout: 15_000 }).toBe('check-in');
  await page.getByTestId('scan-event-link').click();
  await page.getByTestId(`take-quiz-${quizId}`).click();
  await page.getByTestId('take-question-0').getByText('Lagarta-da-soja').click();
  await page.getByTestId('quiz-submit').click();
  await expect.poll(() => page.getByTestId('quiz-result').getAttribute('data-score'), { timeout: 15_000 }).toBe('10');
}

async function search(page: Page, q: string): Promise<string[]> {
  await page.getByTestId('audit-kind-answer').click();
  await page.getByTestId('audit-search-input').fill(q);
  await page.getByTestId('audit-search-submit').click();
  await expect.poll(() => page.getByTestId('audit-result').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(Object.keys(ANSWERS).length);
  return page.getByTestId('audit-result').allTextContents();
}

describe("the auditor reads every kind of answer in words, in the auditor's language (issue 26 item 8)", () => {
  it('finds the answers given on the station, media, NPS, public survey and event quiz screens by name and e-mail, worded in pt-BR, es and en', async () => {
    const learnerContext = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 900 } });
    const learner = await learnerContext.newPage();
    const learnerConsole = watchConsole(learner);
    await signIn(learner, EMAIL);
    await answerThroughTheScreens(learner);
    await learnerConsole.settled();
    expect(learnerConsole.problems).toEqual([]);
    await learnerContext.close();

    const context = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url });
    const page = await context.newPage();
    const console = watchConsole(page);
    await signInAt(page, '/audit', 'auditor@demo.agro');
    await page.getByTestId('audit-title').waitFor();

    for (const lang of ['pt-BR', 'es', 'en'] as const) {
      await context.addCookies([{ name: 'i18n_lang', value: lang, url: portal.url }]);
      await page.goto('/audit');
      await page.getByTestId('audit-title').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      for (const q of [NAME, EMAIL]) {
        const found = await search(page, q);
        for (const [kind, words] of Object.entries(ANSWERS)) {
          const [question, option] = words[lang];
          // one found answer reads the question, the learner and the option chosen
          const asked = found.filter((label) => label.includes(question));
          expect(asked, `${kind} in ${lang}, found by ${q}: ${found.join(' | ')}`).not.toEqual([]);
          expect(asked.join('\n'), `${kind} in ${lang}, found by ${q}`).toContain(`${NAME} · ${option}`);
        }
      }
      // the survey answer's timeline: the question and the option in words
      await page.getByTestId('audit-result').filter({ hasText: ANSWERS.survey[lang][0] }).first().click();
      await page.waitForURL(/\/audit\/answer\//);
      const answer = page.getByTestId('audit-answer');
      await answer.waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('audit-subject-label').textContent()).toContain(ANSWERS.survey[lang][0]);
      expect(await answer.textContent()).toContain(ANSWERS.survey[lang][1]);
    }

    await console.settled();
    expect(console.problems).toEqual([]);
    await context.close();
  });
});
