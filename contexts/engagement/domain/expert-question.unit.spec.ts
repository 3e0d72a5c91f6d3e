import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import type { ExpertQuestionEvent } from '../contracts/events.js';
import { expertQuestionDecider, type ExpertQuestionCommand, type ExpertThemeCatalogue } from './expert-question.js';
import { expertDecider } from './expert.js';

const questions = deciderSpec(expertQuestionDecider);
const experts = deciderSpec(expertDecider);
const t0 = '2026-12-01T10:00:00.000Z';
const t1 = '2026-12-01T11:00:00.000Z';
const label = (pt: string, es: string, en: string) => ({ 'pt-BR': pt, es, en });
const catalogue: ExpertThemeCatalogue = {
  themes: new Map([
    ['soja', { labels: label('Soja', 'Soja', 'Soybean'), parentId: null, retired: false }],
    ['milho', { labels: label('Milho', 'Maíz', 'Corn'), parentId: null, retired: false }],
    ['cafe', { labels: label('Café', 'Café', 'Coffee'), parentId: null, retired: true }],
  ]),
  subThemes: new Map([
    ['soja-ferrugem', { labels: label('Ferrugem-asiática', 'Roya asiática', 'Asian soybean rust'), parentId: 'soja', retired: false }],
    ['soja-antiga', { labels: label('Antiga', 'Antigua', 'Old'), parentId: 'soja', retired: true }],
    ['milho-cigarrinha', { labels: label('Cigarrinha', 'Chicharrita', 'Leafhopper'), parentId: 'milho', retired: false }],
  ]),
};
const ask = (over: Partial<Extract<ExpertQuestionCommand, { type: 'AskExpertQuestion' }>['data']> = {}): ExpertQuestionCommand => ({
  type: 'AskExpertQuestion',
  data: {
    questionId: 'q1',
    userId: 'learner',
    email: 'ana@example.com',
    lang: 'pt-BR',
    companyId: 'c1',
    country: 'BR',
    themeId: 'soja',
    subThemeId: 'soja-ferrugem',
    catalogue,
    phone: '(19) 99999-0000',
    phoneE164: '+5519999990000',
    title: '  Manchas nas folhas ',
    question: 'Apareceram manchas marrons nas folhas da soja. É ferrugem?',
    now: t0,
    ...over,
  },
});
const asked: ExpertQuestionEvent = {
  type: 'ExpertQuestionAsked',
  data: {
    questionId: 'q1',
    userId: 'learner',
    email: 'ana@example.com',
    lang: 'pt-BR',
    companyId: 'c1',
    country: 'BR',
    themeId: 'soja',
    themeLabels: label('Soja', 'Soja', 'Soybean'),
    subThemeId: 'soja-ferrugem',
    subThemeLabels: label('Ferrugem-asiática', 'Roya asiática', 'Asian soybean rust'),
    phone: '+5519999990000',
    title: 'Manchas nas folhas',
    question: 'Apareceram manchas marrons nas folhas da soja. É ferrugem?',
    askedAt: t0,
  },
};
const answer = (over: Partial<Extract<ExpertQuestionCommand, { type: 'AnswerExpertQuestion' }>['data']> = {}): ExpertQuestionCommand => ({
  type: 'AnswerExpertQuestion',
  data: { questionId: 'q1', expertId: 'expert', expertName: 'Elena Torres', expertThemeIds: ['soja'], response: ' Sim, aplique fungicida. ', now: t1, ...over },
});
const answered: ExpertQuestionEvent = {
  type: 'ExpertQuestionAnswered',
  data: { questionId: 'q1', userId: 'learner', themeId: 'soja', expertId: 'expert', expertName: 'Elena Torres', response: 'Sim, aplique fungicida.', answeredAt: t1 },
};
const withdrawn: ExpertQuestionEvent = { type: 'ExpertQuestionWithdrawn', data: { questionId: 'q1', userId: 'learner', withdrawnAt: t1 } };

describe('asking the expert', () => {
  it('records the question with the theme and sub-theme labels as asked, the phone in E.164 and trimmed texts', () => {
    questions.given([]).when(ask()).then([asked]);
  });
  it('records it once (a retried request asks nothing more)', () => {
    questions.given([asked]).when(ask()).thenNothing();
  });
  it('refuses an unknown or retired theme', () => {
    questions.given([]).when(ask({ themeId: 'trigo' })).thenThrows('expert-theme-invalid');
    questions.given([]).when(ask({ themeId: 'cafe', subThemeId: 'soja-ferrugem' })).thenThrows('expert-theme-invalid');
  });
  it('refuses a sub-theme that is unknown, retired or of another theme', () => {
    questions.given([]).when(ask({ subThemeId: 'nope' })).thenThrows('expert-sub-theme-invalid');
    questions.given([]).when(ask({ subThemeId: 'soja-antiga' })).thenThrows('expert-sub-theme-invalid');
    questions.given([]).when(ask({ subThemeId: 'milho-cigarrinha' })).thenThrows('expert-sub-theme-invalid');
  });
  it('refuses a number the phone library could not read, and empty or long texts', () => {
    questions.given([]).when(ask({ phone: '123', phoneE164: null })).thenThrows('expert-phone-invalid');
    questions.given([]).when(ask({ title: '   ' })).thenThrows('app/bed-request');
    questions.given([]).when(ask({ title: 'x'.repeat(121) })).thenThrows('app/bed-request');
    questions.given([]).when(ask({ question: 'x'.repeat(2001) })).thenThrows('app/bed-request');
  });
});

describe('answering', () => {
  it('an expert of the theme answers once; the event names the learner, the theme and who answered', () => {
    questions.given([asked]).when(answer()).then([answered]);
  });
  it('a second answer is refused with a clear code, by the same expert or another', () => {
    questions.given([asked, answered]).when(answer()).thenThrows('expert-question-already-answered');
    questions.given([asked, answered]).when(answer({ expertId: 'other', expertName: 'Other' })).thenThrows('expert-question-already-answered');
  });
  it('someone who is not an expert of the theme may not answer, even an expert of another theme', () => {
    questions.given([asked]).when(answer({ expertThemeIds: ['milho'] })).thenThrows('expert-not-assigned');
    questions.given([asked]).when(answer({ expertThemeIds: [] })).thenThrows('expert-not-assigned');
  });
  it('an unknown question is 404; a withdrawn one cannot be answered; an empty answer is refused', () => {
    questions.given([]).when(answer()).thenThrows('404');
    questions.given([asked, withdrawn]).when(answer()).thenThrows('expert-question-withdrawn');
    questions.given([asked]).when(answer({ response: '  ' })).thenThrows('app/bed-request');
    questions.given([asked]).when(answer({ response: 'x'.repeat(4001) })).thenThrows('app/bed-request');
  });
});

describe('claiming', () => {
  const claim: ExpertQuestionCommand = { type: 'ClaimExpertQuestion', data: { questionId: 'q1', expertId: 'expert', expertName: 'Elena Torres', expertThemeIds: ['soja'], now: t1 } };
  const claimed: ExpertQuestionEvent = { type: 'ExpertQuestionClaimed', data: { questionId: 'q1', expertId: 'expert', expertName: 'Elena Torres', themeId: 'soja', claimedAt: t1 } };
  it('an expert takes an open question once; another expert may take it over; answered ones cannot be taken', () => {
    questions.given([asked]).when(claim).then([claimed]);
    questions.given([asked, claimed]).when(claim).thenNothing();
    questions
      .given([asked, claimed])
      .when({ type: 'ClaimExpertQuestion', data: { ...claim.data, expertId: 'other', expertName: 'Other' } })
      .then([{ type: 'ExpertQuestionClaimed', data: { ...claimed.data, expertId: 'other', expertName: 'Other' } }]);
    questions.given([asked, answered]).when(claim).thenThrows('expert-question-already-answered');
    questions.given([asked]).when({ type: 'ClaimExpertQuestion', data: { ...claim.data, expertThemeIds: ['milho'] } }).thenThrows('expert-not-assigned');
  });
  it('a claimed question is still answered by whichever expert of the theme answers first', () => {
    questions.given([asked, claimed]).when(answer({ expertId: 'other', expertName: 'Other' })).then([{ ...answered, data: { ...answered.data, expertId: 'other', expertName: 'Other' } }] as ExpertQuestionEvent[]);
  });
});

describe('withdrawing', () => {
  const withdraw = (userId = 'learner'): ExpertQuestionCommand => ({ type: 'WithdrawExpertQuestion', data: { questionId: 'q1', userId, now: t1 } });
  it('its learner takes back an unanswered question once', () => {
    questions.given([asked]).when(withdraw()).then([withdrawn]);
    questions.given([asked, withdrawn]).when(withdraw()).thenNothing();
  });
  it('an answered question stays; another learner is told it does not exist', () => {
    questions.given([asked, answered]).when(withdraw()).thenThrows('expert-question-already-answered');
    questions.given([asked]).when(withdraw('someone-else')).thenThrows('404');
  });
});

describe('assigning experts', () => {
  const assign = (themeIds: string[], over: { userKnown?: boolean } = {}) =>
    ({ type: 'AssignExpertThemes', data: { userId: 'expert', themeIds, userKnown: over.userKnown ?? true, activeThemeIds: ['soja', 'milho'], by: 'admin', now: t0 } }) as const;
  const assigned = (themeIds: string[]) => ({ type: 'ExpertThemesAssigned' as const, data: { userId: 'expert', themeIds, by: 'admin', assignedAt: t0 } });
  it('records the whole sorted list once', () => {
    experts.given([]).when(assign(['soja', 'milho', 'soja'])).then([assigned(['milho', 'soja'])]);
    experts.given([assigned(['milho', 'soja'])]).when(assign(['soja', 'milho'])).thenNothing();
    experts.given([assigned(['milho', 'soja'])]).when(assign([])).then([assigned([])]);
  });
  it('refuses a theme that is not active unless the expert already holds it, and a user without an account', () => {
    experts.given([]).when(assign(['cafe'])).thenThrows('expert-theme-invalid');
    experts.given([assigned(['cafe'])]).when(assign(['cafe', 'soja'])).then([assigned(['cafe', 'soja'])]);
    experts.given([]).when(assign(['soja'], { userKnown: false })).thenThrows('user-not-found');
  });
});
