import '../contracts/errors.js'; // registers the codes this decider answers with in the kernel's catalogue
import { AppError } from '@portal/kernel';
import type { Locale } from '@portal/kernel';
import { EXPERT_QUESTION_MAX, EXPERT_RESPONSE_MAX, EXPERT_TITLE_MAX } from '../contracts/http.js';
import { expertQuestionEvents, type ExpertQuestionAsked, type ExpertQuestionEvent } from '../contracts/events.js';

/**
 * Ask the expert (000 §4.1, ADR 0072): one stream per question, engagement.question-<questionId>.
 * A learner asks (theme, sub-theme, phone, title, question); an expert of the theme may claim it
 * (others see it is being answered) and answers it once; the learner may withdraw it while it is
 * unanswered. open -> answered | withdrawn; both are final.
 */
export interface ThemeItem {
  labels: ExpertQuestionAsked['data']['themeLabels'];
  parentId: string | null;
  retired: boolean;
}
/** identity's expertThemes and expertSubThemes lists as the handler read them (ADR 0051) */
export interface ExpertThemeCatalogue {
  themes: ReadonlyMap<string, ThemeItem>;
  subThemes: ReadonlyMap<string, ThemeItem>;
}

export type ExpertQuestionState = { status: 'none' } | AskedQuestionState;
/** A question that was asked (open, answered or withdrawn). */
export interface AskedQuestionState {
  status: 'open' | 'answered' | 'withdrawn';
  questionId: string;
  userId: string;
  /** where and in which language the answer is mailed, and the title it names */
  email: string;
  lang: Locale;
  title: string;
  themeId: string;
  claimedBy: string | null;
  answeredBy: string | null;
}
export const initialExpertQuestionState = (): ExpertQuestionState => ({ status: 'none' });

export type ExpertQuestionCommand =
  | {
      type: 'AskExpertQuestion';
      data: {
        questionId: string;
        userId: string;
        email: string;
        lang: Locale;
        companyId: string | null;
        country: string | null;
        themeId: string;
        subThemeId: string;
        catalogue: ExpertThemeCatalogue;
        /** the number as typed */
        phone: string;
        /** the number in E.164 as the phone library read it, null when it is not a valid number */
        phoneE164: string | null;
        title: string;
        question: string;
        now: string;
      };
    }
  | { type: 'ClaimExpertQuestion'; data: { questionId: string; expertId: string; expertName: string; expertThemeIds: readonly string[]; now: string } }
  | { type: 'AnswerExpertQuestion'; data: { questionId: string; expertId: string; expertName: string; expertThemeIds: readonly string[]; response: string; now: string } }
  | { type: 'WithdrawExpertQuestion'; data: { questionId: string; userId: string; now: string } };

const fieldError = (code: 'expert-theme-invalid' | 'expert-sub-theme-invalid' | 'expert-phone-invalid' | 'app/bed-request', path: string, message: string) =>
  new AppError(code, message, [{ path, message, code }]);

function checkText(path: string, value: string, max: number): string {
  const text = value.trim();
  if (text.length === 0) throw fieldError('app/bed-request', path, 'required');
  if (text.length > max) throw fieldError('app/bed-request', path, `at most ${max} characters`);
  return text;
}

/** Found, open, and for an expert of its theme: the checks every expert command makes, in this order (404, 403, 409). */
function expertMayAct(state: ExpertQuestionState, expertThemeIds: readonly string[]): AskedQuestionState {
  if (state.status === 'none') throw new AppError('404', 'No such question');
  if (!expertThemeIds.includes(state.themeId)) throw new AppError('expert-not-assigned');
  if (state.status === 'withdrawn') throw new AppError('expert-question-withdrawn');
  return state;
}

export function decideExpertQuestion(command: ExpertQuestionCommand, state: ExpertQuestionState): ExpertQuestionEvent[] {
  switch (command.type) {
    case 'AskExpertQuestion': {
      const d = command.data;
      if (state.status !== 'none') return [];
      const theme = d.catalogue.themes.get(d.themeId);
      if (!theme || theme.retired) throw fieldError('expert-theme-invalid', 'themeId', `${d.themeId} is not an active expert theme`);
      const subTheme = d.catalogue.subThemes.get(d.subThemeId);
      if (!subTheme || subTheme.retired || subTheme.parentId !== d.themeId) throw fieldError('expert-sub-theme-invalid', 'subThemeId', `${d.subThemeId} is not an active sub-theme of ${d.themeId}`);
      if (d.phoneE164 === null) throw fieldError('expert-phone-invalid', 'phone', `${d.phone} is not a phone number`);
      const title = checkText('title', d.title, EXPERT_TITLE_MAX);
      const question = checkText('question', d.question, EXPERT_QUESTION_MAX);
      return [
        {
          type: 'ExpertQuestionAsked',
          data: {
            questionId: d.questionId,
            userId: d.userId,
            email: d.email,
            lang: d.lang,
            companyId: d.companyId,
            country: d.country,
            themeId: d.themeId,
            themeLabels: theme.labels,
            subThemeId: d.subThemeId,
            subThemeLabels: subTheme.labels,
            phone: d.phoneE164,
            title,
            question,
            askedAt: d.now,
          },
        },
      ];
    }
    case 'ClaimExpertQuestion': {
      const d = command.data;
      const s = expertMayAct(state, d.expertThemeIds);
      if (s.status === 'answered') throw new AppError('expert-question-already-answered');
      if (s.claimedBy === d.expertId) return [];
      return [{ type: 'ExpertQuestionClaimed', data: { questionId: s.questionId, expertId: d.expertId, expertName: d.expertName, themeId: s.themeId, claimedAt: d.now } }];
    }
    case 'AnswerExpertQuestion': {
      const d = command.data;
      const s = expertMayAct(state, d.expertThemeIds);
      if (s.status === 'answered') throw new AppError('expert-question-already-answered');
      const response = checkText('response', d.response, EXPERT_RESPONSE_MAX);
      return [
        {
          type: 'ExpertQuestionAnswered',
          data: { questionId: s.questionId, userId: s.userId, themeId: s.themeId, expertId: d.expertId, expertName: d.expertName, response, answeredAt: d.now },
        },
      ];
    }
    case 'WithdrawExpertQuestion': {
      const d = command.data;
      // another learner's question is as unknown as a missing one
      if (state.status === 'none' || state.userId !== d.userId) throw new AppError('404', 'No such question');
      if (state.status === 'answered') throw new AppError('expert-question-already-answered');
      if (state.status === 'withdrawn') return [];
      return [{ type: 'ExpertQuestionWithdrawn', data: { questionId: state.questionId, userId: d.userId, withdrawnAt: d.now } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveExpertQuestion(state: ExpertQuestionState, event: ExpertQuestionEvent): ExpertQuestionState {
  switch (event.type) {
    case 'ExpertQuestionAsked':
      return {
        status: 'open',
        questionId: event.data.questionId,
        userId: event.data.userId,
        email: event.data.email,
        lang: event.data.lang,
        title: event.data.title,
        themeId: event.data.themeId,
        claimedBy: null,
        answeredBy: null,
      };
    case 'ExpertQuestionClaimed':
      return state.status === 'none' ? state : { ...state, claimedBy: event.data.expertId };
    case 'ExpertQuestionAnswered':
      return state.status === 'none' ? state : { ...state, status: 'answered', answeredBy: event.data.expertId };
    case 'ExpertQuestionWithdrawn':
      return state.status === 'none' ? state : { ...state, status: 'withdrawn' };
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The decider as StreamWriter and handleCommand run it (ADR 0009). */
export const expertQuestionDecider = { decide: decideExpertQuestion, evolve: evolveExpertQuestion, initial: initialExpertQuestionState, events: expertQuestionEvents };
