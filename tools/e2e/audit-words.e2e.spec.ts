import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { usePortalAndBrowser, watchConsole, type Portal } from './harness.js';
import { apiToken, signInAt } from './shell-portal.js';

/**
 * Issue 26 item 8 (ADR 0083): the auditor finds each kind of answer by the learner's name and
 * e-mail and reads its question and option in words, in the auditor's language. The answers are
 * given once through the HTTP API (the routes the station drawer, the media overlay, the NPS
 * panel and the public survey page call); the three languages are checked by switching the
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
  survey: {
    'pt-BR': ['Como você conheceu o portal?', 'Pelo meu representante'],
    es: ['¿Cómo conociste el portal?', 'Por mi representante'],
    en: ['How did you hear about the portal?', 'From my sales representative'],
  },
} as const;

async function post(path: string, token: string, body: unknown): Promise<void> {
  const res = await fetch(`${portal.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  // 409 (already answered): a retry of this test after the answer was stored
  if (res.status !== 409) expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
}

async function search(page: Page, q: string): Promise<string[]> {
  await page.getByTestId('audit-kind-answer').click();
  await page.getByTestId('audit-search-input').fill(q);
  await page.getByTestId('audit-search-submit').click();
  await expect.poll(() => page.getByTestId('audit-result').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(Object.keys(ANSWERS).length);
  return page.getByTestId('audit-result').allTextContents();
}

describe("the auditor reads every kind of answer in words, in the auditor's language (issue 26 item 8)", () => {
  it('finds the station, media, NPS and public survey answers by name and e-mail, worded in pt-BR, es and en', async () => {
    const learner = await apiToken(portal.url, EMAIL);
    await post('/api/updateUserProfile', learner, { name: NAME });
    await post('/api/user-store/answer', learner, { questionId: 'boas-vindas-q1', answerId: 'boas-vindas-q1-a', secondsToAnswer: 3, context: 'station', stationId: 'boas-vindas' });
    await post('/api/user-store/answer', learner, { questionId: 'soja-plantio-q1', answerId: 'soja-plantio-q1-a', secondsToAnswer: 3, context: 'media', stationId: 'soja-plantio', entryId: 'soja-plantio-video' });
    await post('/api/user-store/answer', learner, { questionId: 'av1', answerId: 'av1-9', context: 'nps' });
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
