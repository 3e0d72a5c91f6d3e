import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { explainFailures, launchBrowser, startPortal, type Portal } from './harness.js';
import { playVideoToEnd } from './players.js';
import { signIn } from './shell-portal.js';

/**
 * Issue 5 in the browser, on the demo content with the demo learner (learner@demo.agro, Ana
 * Souza, Brazil): questions answered in the overlay show the 1200 ms toast and move the main
 * header's score; the corn crop (three stations: video + document/page/link, two questions
 * each) completed through the server earns the certificate, whose PDF names the learner and
 * whose verification page confirms it without a session; the NPS panel asks AV1 then AV2.
 */
let portal: Portal;
let browser: Browser;
let learner: BrowserContext;
let page: Page;

const LEARNER_NAME = 'Ana Souza';

const isAnswer = (r: Response) => r.request().method() === 'POST' && r.url().endsWith('/api/user-store/answer');
const headerScore = () => page.getByTestId('header-score-value').getAttribute('data-score');
const statusOf = (testId: string) => page.getByTestId(testId).getAttribute('data-status');

/** Axe on part of the page: no violation of WCAG 2.x A/AA rules. */
const expectAccessible = async (selector: string) => {
  // let drawers and overlays finish their 300 ms transitions: axe measures colours as painted
  await page.waitForTimeout(450);
  const result = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`)).toEqual([]);
};

/** Chooses an option in the open overlay and sends it; answers the server's result. */
const answerInOverlay = async (answerId: string): Promise<{ result: string; points: number; request: Record<string, unknown> }> => {
  const overlay = page.getByRole('dialog');
  await overlay.getByTestId(`option-${answerId}`).check();
  const sent = page.waitForResponse(isAnswer);
  await overlay.getByTestId('question-submit').click();
  const response = await sent;
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { result: string; points: number };
  return { ...body, request: JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown> };
};

/** Answers every question of the station on screen (the options ending in -a are the right ones in the demo pack). */
const answerStationQuestions = async (): Promise<void> => {
  await page.getByTestId('open-station-questions').click();
  const overlay = page.getByRole('dialog');
  await overlay.getByTestId('question-steps').waitFor();
  for (;;) {
    const steps = overlay.getByTestId('question-steps');
    if ((await steps.getAttribute('data-answered')) === 'true') break;
    const questionId = (await steps.getAttribute('data-question-id'))!;
    await answerInOverlay(`${questionId}-a`);
    await expect.poll(() => steps.getAttribute('data-answered'), { timeout: 10_000 }).toBe('true');
    await overlay.getByTestId('question-next-unanswered').click();
  }
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
};

const openEntry = async (path: string, entryId: string) => {
  await page.goto(`${path}?video=${entryId}&start=true`);
  await page.getByTestId('active-entry-title').waitFor();
};

/** The text drawn on the certificate's first page (Helvetica: hex strings in the content stream). */
const pdfText = (pdf: PDFDocument): string => {
  const contents = pdf.getPage(0).node.Contents() as PDFObject | undefined;
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  let text = '';
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue;
    const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const match of operators.matchAll(/<([0-9A-Fa-f]+)>\s*Tj|\((.*?)\)\s*Tj/g)) {
      text += match[1] ? Buffer.from(match[1], 'hex').toString('latin1') : (match[2] ?? '');
      text += '\n';
    }
  }
  return text;
};

explainFailures('assessment', () => browser, () => portal?.output() ?? '');

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  learner = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await learner.newPage();
  await signIn(page, 'learner@demo.agro');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('assessment and scoring in the browser', () => {
  it('answers station questions in the overlay: toast, result, header score, retry rules and navigation', async () => {
    await page.goto('/station/boas-vindas');
    await page.getByTestId('station-questions-panel').waitFor();
    await expect.poll(headerScore, { timeout: 10_000 }).toBe('0');
    expect(await page.getByTestId('header-score-value').textContent()).toContain('0 pontos');
    await expectAccessible('[data-testid="header-score"]');

    await page.getByTestId('open-station-questions').click();
    const overlay = page.getByRole('dialog');
    await overlay.getByTestId('question-steps').waitFor();
    // visible: the body carries the sidebar-open marker
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('sidebar-open')), { timeout: 10_000 }).toBe(true);
    expect(await overlay.getByTestId('question-steps').getAttribute('data-question-id')).toBe('boas-vindas-q1');
    expect(await overlay.getByTestId('question-submit').isDisabled()).toBe(true);
    await expectAccessible('[role="dialog"]');

    // right answer: "Parabéns" toast with the points, the header score moves
    const first = await answerInOverlay('boas-vindas-q1-a');
    expect(first).toMatchObject({ result: 'correct', points: 10 });
    expect(first.request).toMatchObject({ questionId: 'boas-vindas-q1', answerId: 'boas-vindas-q1-a', context: 'station', stationId: 'boas-vindas', origin: 'web' });
    expect(first.request).not.toHaveProperty('isCorrect');
    expect(first.request).not.toHaveProperty('score');
    expect(String(first.request['secondsToAnswer'])).toMatch(/^\d+(\.\d{1,2})?$/);
    const toast = page.getByTestId('answer-toast');
    await toast.waitFor();
    expect(await toast.getAttribute('data-result')).toBe('correct');
    expect(await toast.textContent()).toContain('Parabéns');
    expect(await toast.textContent()).toContain('10 pontos');
    expect(await overlay.getByTestId('answer-result').getAttribute('data-result')).toBe('correct');
    await expect.poll(headerScore, { timeout: 10_000 }).toBe('10');
    // the toast lasts 1200 ms
    await expect.poll(() => page.getByTestId('answer-toast').count(), { timeout: 5_000 }).toBe(0);

    // without retry the inputs are disabled and submit stays off
    expect(await overlay.getByTestId('option-boas-vindas-q1-b').isDisabled()).toBe(true);
    expect(await overlay.getByTestId('question-submit').isDisabled()).toBe(true);

    // next unanswered, then a wrong answer: "Ooops", no points
    await overlay.getByTestId('question-next-unanswered').click();
    expect(await overlay.getByTestId('question-steps').getAttribute('data-question-id')).toBe('boas-vindas-q2');
    const second = await answerInOverlay('boas-vindas-q2-a');
    expect(second).toMatchObject({ result: 'incorrect', points: 0 });
    const ooops = page.getByTestId('answer-toast');
    await ooops.waitFor();
    expect(await ooops.textContent()).toContain('Ooops');
    expect(await ooops.textContent()).toContain('0 pontos');
    // the right option is shown after a wrong answer
    expect(await overlay.getByTestId('option-boas-vindas-q2-b').getAttribute('data-correct')).toBe('true');
    expect(await headerScore()).toBe('10');

    // navigation wraps around both ways
    await overlay.getByTestId('question-next').click();
    expect(await overlay.getByTestId('question-steps').getAttribute('data-question-id')).toBe('boas-vindas-q1');
    await overlay.getByTestId('question-prev').click();
    expect(await overlay.getByTestId('question-steps').getAttribute('data-question-id')).toBe('boas-vindas-q2');

    // Esc closes: hidden, then gone; the marker leaves the body
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.evaluate(() => document.body.classList.contains('sidebar-open'))).toBe(false);
    await expect.poll(() => page.getByTestId('station-questions-panel').getAttribute('data-answered'), { timeout: 10_000 }).toBe('2');
  });

  it("answers a content entry's (media) questions from under its player", async () => {
    await page.goto('/training/soja/soja-plantio?video=soja-plantio-video');
    const entry = page.getByTestId('entry-questions');
    await entry.waitFor();
    expect(await entry.getAttribute('data-answered')).toBe('0');
    await page.getByTestId('open-entry-questions').click();
    const overlay = page.getByRole('dialog');
    await overlay.getByTestId('question-steps').waitFor();
    expect(await overlay.getByTestId('question-steps').getAttribute('data-question-id')).toBe('soja-plantio-q1');
    const answer = await answerInOverlay('soja-plantio-q1-a');
    expect(answer).toMatchObject({ result: 'correct', points: 10 });
    expect(answer.request).toMatchObject({ context: 'media', stationId: 'soja-plantio', entryId: 'soja-plantio-video' });
    await page.getByTestId('answer-toast').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('entry-questions').getAttribute('data-answered'), { timeout: 10_000 }).toBe('1');
  });

  it('completes the corn crop and downloads its certificate, whose PDF names the learner and whose QR link verifies it', async () => {
    await page.goto('/training/milho');
    const certificate = page.getByTestId('certificate-cert-milho');
    await certificate.waitFor();
    expect(await certificate.getAttribute('data-status')).toBe('locked');
    expect(await certificate.getByTestId('certificate-lock-message').textContent()).toBe('Conclua o material para conquistar este certificado.');
    expect(await certificate.getByTestId('certificate-download').count()).toBe(0);

    // Híbridos: video and manual (a PDF completes when opened), then its two questions
    await openEntry('/training/milho/milho-hibridos', 'milho-hibridos-video');
    await playVideoToEnd(page, 'milho-hibridos', 'milho-hibridos-video');
    await openEntry('/training/milho/milho-hibridos', 'milho-hibridos-manual');
    await expect.poll(() => statusOf('entry-status-milho-hibridos-manual'), { timeout: 10_000 }).toBe('completed');
    await answerStationQuestions();

    // Nutrição: video and an interactive page (completes when shown)
    await openEntry('/training/milho/milho-nutricao', 'milho-nutricao-video');
    await playVideoToEnd(page, 'milho-nutricao', 'milho-nutricao-video');
    await openEntry('/training/milho/milho-nutricao', 'milho-nutricao-calendario');
    await expect.poll(() => statusOf('entry-status-milho-nutricao-calendario'), { timeout: 10_000 }).toBe('completed');
    await answerStationQuestions();

    // Safrinha: video, then the link it unlocks (completes when opened)
    await openEntry('/training/milho/milho-safrinha', 'milho-safrinha-video');
    await playVideoToEnd(page, 'milho-safrinha', 'milho-safrinha-video');
    await openEntry('/training/milho/milho-safrinha', 'milho-safrinha-zarc');
    const popup = learner.waitForEvent('page');
    await page.getByTestId('player-link').click();
    await (await popup).close();
    await expect.poll(() => statusOf('entry-status-milho-safrinha-zarc'), { timeout: 10_000 }).toBe('completed');
    await answerStationQuestions();

    // the crop page now offers the certificate
    await expect
      .poll(
        async () => {
          await page.goto('/training/milho');
          await page.getByTestId('certificate-cert-milho').waitFor();
          return page.getByTestId('certificate-cert-milho').getAttribute('data-status');
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('issued');
    const issued = page.getByTestId('certificate-cert-milho');
    const issuedId = (await issued.getAttribute('data-issued-id'))!;
    expect(issuedId.length).toBeGreaterThan(0);
    await issued.getByTestId('certificate-qr').waitFor();
    await expectAccessible('[data-testid="crop-certificates"]');

    const download = page.waitForEvent('download');
    const pdfCall = page.waitForResponse((r) => r.url().includes('/api/user-certificates/download/cert-milho'));
    await issued.getByTestId('certificate-download').click();
    const pdfResponse = await pdfCall;
    expect(pdfResponse.status()).toBe(200);
    expect(pdfResponse.url()).toContain('cropId=milho');
    expect(pdfResponse.url()).toContain('lang=pt-BR');
    expect(pdfResponse.headers()['content-type']).toContain('application/pdf');
    const file = await (await download).path();
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getSubject()).toContain(LEARNER_NAME);
    const text = pdfText(pdf);
    expect(text).toContain(LEARNER_NAME);
    expect(text).toContain(issuedId);
    expect(await page.getByTestId('certificate-error').count()).toBe(0);

    // the QR code's link: the public verification page confirms it without a session
    const verifyUrl = (await issued.getAttribute('data-verify-url'))!;
    expect(new URL(verifyUrl, portal.url).pathname).toBe(`/certificates/verify/${issuedId}`);
    expect(text).toContain(`/certificates/verify/${issuedId}`);
    const anonymous = await browser.newContext({ locale: 'pt-BR', baseURL: portal.url });
    const visitor = await anonymous.newPage();
    await visitor.goto(new URL(verifyUrl, portal.url).pathname);
    const verification = visitor.getByTestId('certificate-verification');
    await verification.waitFor();
    expect(await verification.getAttribute('data-valid')).toBe('true');
    expect(await visitor.getByTestId('verification-holder').textContent()).toContain(LEARNER_NAME);
    expect(await verification.textContent()).toContain('Certificado Milho');
    const axe = await new AxeBuilder({ page: visitor }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`)).toEqual([]);
    // a made-up code is denied
    await visitor.goto('/certificates/verify/not-a-certificate');
    await visitor.getByTestId('certificate-verification').waitFor();
    expect(await visitor.getByTestId('certificate-verification').getAttribute('data-valid')).toBe('false');
    await anonymous.close();

    // the scores page: the corn crop has points from content and questions
    await page.goto('/area/assessment/result');
    const corn = page.getByTestId('score-row-milho');
    await corn.waitFor();
    await expectAccessible('[data-testid="assessment-result"]');
    expect(Number(await corn.locator('[data-field="videosScore"]').textContent())).toBe(6 * 30);
    expect(Number(await corn.locator('[data-field="questionsScore"]').textContent())).toBe(60);
    // every row's columns add up to its total: no subtotal column beside its parts (issue 13)
    for (const row of await page.locator('[data-testid^="score-row-"]').all()) {
      const cells = await row.locator('[data-field]').evaluateAll((tds) => tds.map((td) => [td.getAttribute('data-field'), Number(td.textContent)] as const));
      const total = cells.find(([field]) => field === 'total')![1];
      expect(cells.filter(([field]) => field !== 'total').reduce((sum, [, value]) => sum + value, 0), await row.getAttribute('data-testid') ?? '').toBe(total);
    }
    expect(await page.getByTestId('score-table').textContent()).toContain('Outras respostas');
  });

  it('asks the NPS questions in the panel, AV1 then AV2, with a success toast each', async () => {
    // a side-menu page without the home modals
    await page.goto('/feed');
    await page.getByTestId('menu-nps').click();
    const panel = page.getByTestId('nps-panel');
    await panel.waitFor();
    expect(await panel.getAttribute('data-question-id')).toBe('av1');
    expect(await page.getByTestId('nps-submit').isDisabled()).toBe(true);
    await expectAccessible('[data-testid="nps-panel"]');

    await panel.getByTestId('option-av1-9').check();
    let sent = page.waitForResponse(isAnswer);
    await page.getByTestId('nps-submit').click();
    let response = await sent;
    expect(response.status()).toBe(201);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ questionId: 'av1', answerId: 'av1-9', context: 'nps' });
    await page.getByTestId('nps-toast').waitFor();
    expect(await page.getByTestId('nps-toast').textContent()).toContain('Obrigado! Sua resposta foi enviada.');

    await expect.poll(() => page.getByTestId('nps-panel').getAttribute('data-question-id'), { timeout: 10_000 }).toBe('av2');
    await page.getByTestId('nps-panel').getByTestId('option-av2-5').check();
    sent = page.waitForResponse(isAnswer);
    await page.getByTestId('nps-submit').click();
    response = await sent;
    expect(response.status()).toBe(201);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ questionId: 'av2', context: 'nps' });
    await page.getByTestId('nps-done').waitFor();
  });

  it('adaptive learning: the active station and question, a wrong answer recommends content, and a visit marks it', async () => {
    await page.goto('/learning');
    await page.getByTestId('learning-intro').waitFor();
    await page.getByTestId('learning-start').click();
    await page.waitForURL('**/learning/questions');
    const questions = page.getByTestId('learning-questions');
    // the first detail item is active; both its questions are answered, so the first question is
    expect(await questions.getAttribute('data-station-id')).toBe('boas-vindas');
    expect(await page.getByTestId('question-steps').getAttribute('data-question-id')).toBe('boas-vindas-q1');
    await expectAccessible('[data-testid="learning-questions"]');
    // a station outside the track is not accepted
    await page.goto('/learning/questions?stationId=not-in-the-track');
    await expect.poll(() => page.getByTestId('learning-questions').getAttribute('data-station-id'), { timeout: 10_000 }).toBe('boas-vindas');

    await page.goto('/learning/questions?stationId=soja-manejo');
    await expect.poll(async () => `${await page.getByTestId('learning-questions').getAttribute('data-station-id')}/${await page.getByTestId('question-steps').getAttribute('data-question-id')}`, { timeout: 10_000 }).toBe('soja-manejo/soja-manejo-q1');
    await page.getByTestId('option-soja-manejo-q1-b').check();
    const sent = page.waitForResponse(isAnswer);
    await page.getByTestId('question-submit').click();
    const response = await sent;
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ questionId: 'soja-manejo-q1', context: 'adaptive_learning' });
    expect(((await response.json()) as { result: string }).result).toBe('incorrect');
    await page.getByTestId('answer-toast').waitFor();

    await page.getByTestId('learning-recommendations-link').click();
    await page.waitForURL('**/learning/questions/recommendations');
    const recommendation = page.locator('[data-testid^="recommendation-"][data-question-id="soja-manejo-q1"]');
    await expect.poll(() => recommendation.count(), { timeout: 10_000 }).toBe(1);
    expect(await recommendation.getAttribute('data-status')).toBe('initial');
    await expectAccessible('[data-testid="recommendations"]');
    const visited = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/adaptive/setVisited/'));
    await recommendation.locator('a').first().click();
    expect((await visited).status()).toBeLessThan(300);
    await page.goto('/learning/questions/recommendations');
    await expect.poll(() => page.locator('[data-testid^="recommendation-"][data-question-id="soja-manejo-q1"]').getAttribute('data-status'), { timeout: 10_000 }).toBe('visited');
  });

  it('lets a guest answer a public survey, one question at a time', async () => {
    const guest = await browser.newContext({ locale: 'en-US', baseURL: portal.url });
    const visitor = await guest.newPage();
    await visitor.goto('/public/survey/br');
    // a public page in the public frame: header with the language picker, and the footer (issue 13)
    await visitor.getByTestId('public-header').waitFor();
    expect(await visitor.getByTestId('public-footer').count()).toBe(1);
    expect(await visitor.getByTestId('public-header').getByTestId('language-picker').count()).toBe(1);
    await visitor.getByTestId('survey-link-satisfacao').click();
    await visitor.waitForURL('**/public/survey/br/satisfacao');
    expect(await visitor.getByTestId('public-footer').count()).toBe(1);
    for (let answered = 0; answered < 10; answered += 1) {
      const question = visitor.getByTestId('survey-question');
      const done = visitor.getByTestId('survey-done');
      await Promise.race([question.waitFor(), done.waitFor()]);
      if (await done.count()) break;
      const questionId = (await question.getAttribute('data-question-id'))!;
      if (answered === 0) {
        const axe = await new AxeBuilder({ page: visitor }).include('[data-testid="survey"]').withTags(['wcag2a', 'wcag2aa']).analyze();
        expect(axe.violations.map((v) => v.id)).toEqual([]);
      }
      await question.locator('input[type="radio"]').first().check();
      const sent = visitor.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/survey/BR/satisfacao'));
      await visitor.getByTestId('survey-submit').click();
      const response = await sent;
      expect(response.status()).toBeLessThan(300);
      expect(response.request().headers()['x-guest-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.request().headers()['authorization']).toBeUndefined();
      // what the page shows now, without waiting for an element that may be gone (after the last
      // answer the question makes way for the thanks: a locator would wait for it until timeout)
      const shown = () =>
        visitor.evaluate(() => (document.querySelector('[data-testid="survey-done"]') ? 'done' : (document.querySelector('[data-testid="survey-question"]')?.getAttribute('data-question-id') ?? 'nothing')));
      await expect.poll(shown, { timeout: 10_000 }).not.toBe(questionId);
    }
    expect(await visitor.getByTestId('survey-done').textContent()).toContain('Thank you');
    await guest.close();
  });
});
