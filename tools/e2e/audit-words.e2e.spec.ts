import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { apiToken, signInAt } from './shell-portal.js';

/**
 * Issue 26 item 8 (ADR 0083): the auditor finds each kind of answer by the learner's name and
 * e-mail and reads its question and option in words, in the auditor's language. The answers are
 * given once through the HTTP API (the routes the station drawer, the media overlay, the event
 * quiz, the NPS panel and the public survey page call); the three languages are checked by switching the
 * auditor's language (the i18n_lang cookie the language picker writes) on one page.
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('audit-words', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const EMAIL = 'learner@demo.agro';
const NAME = 'Lia Auditada';

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
  // 409 (already answered): a retry of this test after the answer was stored
  if (res.status !== 409) expect(res.status, `${path}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : undefined) as T;
}
const post = (path: string, token: string, body: unknown) => call('POST', path, token, body);

/** An event starting 30 minutes from now in São Paulo (check-in opens 60 minutes before), the ISO date and hours there. */
function soon(): { date: string; start: string; finish: string } {
  const local = (ms: number) => new Date(Date.now() + ms - 3 * 3_600_000).toISOString();
  const [start, finish] = [local(30 * 60_000), local(40 * 60_000)];
  return { date: start.slice(0, 10), start: start.slice(11, 16), finish: finish.slice(0, 10) === start.slice(0, 10) ? finish.slice(11, 16) : '23:59' };
}

/**
 * The scheduled-event quiz, through the routes its screens call: tc_admin writes the quiz, plans
 * an event starting soon, attaches and opens the quiz, publishes; the learner enrols, checks in
 * with the staff screen's code and answers.
 */
async function answerEventQuiz(learner: string): Promise<void> {
  const admin = await apiToken(portal.url, 'tc.admin@demo.agro');
  const quiz = await call<{ quizId: string }>('POST', '/api/quiz', admin, {
    title: 'Quiz do dia de campo',
    description: 'Cinco minutos sobre o que vimos.',
    questions: [{ type: 'single', language: 'pt-BR', description: 'Qual a principal praga vista hoje?', alternatives: [{ description: 'Lagarta-da-soja', prefix: 'A', correct: true, score: 10 }, { description: 'Ferrugem', prefix: 'B', correct: false, score: 0 }] }],
  });
  const when = soon();
  const { eventId } = await call<{ eventId: string }>('POST', '/api/scheduledEvents', admin, { title: 'Dia de campo milho', type: 'Curso', date: when.date, startHour: when.start, finishHour: when.finish, timezone: 'America/Sao_Paulo', vacancies: 5 });
  await post('/api/quiz/event', admin, { quizId: quiz.quizId, eventId });
  await post('/api/quiz/new-quiz-date', admin, { quizId: quiz.quizId, eventId, opensAt: new Date(Date.now() - 5 * 60_000).toISOString(), closesAt: new Date(Date.now() + 120 * 60_000).toISOString() });
  await post(`/api/scheduledEvents/${eventId}/publish`, admin, {});
  await post(`/api/scheduledEvents/${eventId}/enrol`, learner, { lang: 'pt-BR' });
  const { code } = await call<{ code: string }>('GET', `/api/scheduledEvents/${eventId}/code`, admin);
  await post('/api/scheduledEvents/scan', learner, { code });
  const toTake = await call<{ questions: Array<{ questionId: string; alternatives: Array<{ alternativeId: string; description: string }> }> }>('GET', `/api/scheduledEvents/${eventId}/quiz/${quiz.quizId}`, learner);
  const question = toTake.questions[0]!;
  const chosen = question.alternatives.find((a) => a.description === 'Lagarta-da-soja')!;
  await post(`/api/scheduledEvents/${eventId}/quiz/${quiz.quizId}/answer`, learner, { lang: 'pt-BR', answers: [{ questionId: question.questionId, alternativeIds: [chosen.alternativeId] }] });
}

async function search(page: Page, q: string): Promise<string[]> {
  await page.getByTestId('audit-kind-answer').click();
  await page.getByTestId('audit-search-input').fill(q);
  await page.getByTestId('audit-search-submit').click();
  await expect.poll(() => page.getByTestId('audit-result').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(Object.keys(ANSWERS).length);
  return page.getByTestId('audit-result').allTextContents();
}

describe("the auditor reads every kind of answer in words, in the auditor's language (issue 26 item 8)", () => {
  it('finds the station, media, event quiz, NPS and public survey answers by name and e-mail, worded in pt-BR, es and en', async () => {
    const learner = await apiToken(portal.url, EMAIL);
    await post('/api/updateUserProfile', learner, { name: NAME });
    await post('/api/user-store/answer', learner, { questionId: 'boas-vindas-q1', answerId: 'boas-vindas-q1-a', secondsToAnswer: 3, context: 'station', stationId: 'boas-vindas' });
    await post('/api/user-store/answer', learner, { questionId: 'soja-plantio-q1', answerId: 'soja-plantio-q1-a', secondsToAnswer: 3, context: 'media', stationId: 'soja-plantio', entryId: 'soja-plantio-video' });
    await post('/api/user-store/answer', learner, { questionId: 'av1', answerId: 'av1-9', context: 'nps' });
    await answerEventQuiz(learner);
    await post('/api/survey/BR/satisfacao', learner, { questionId: 'br-satisfacao-origem', answerId: 'br-satisfacao-origem-a', secondsToAnswer: 2 });

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
        const found = (await search(page, q)).join('\n');
        for (const [kind, words] of Object.entries(ANSWERS)) {
          const [question, option] = words[lang];
          expect(found, `${kind} in ${lang}, found by ${q}`).toContain(question);
          expect(found, `${kind} in ${lang}, found by ${q}`).toContain(`${NAME} · ${option}`);
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
