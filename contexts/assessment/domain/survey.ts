import { AppError } from '@portal/kernel';
import { surveyEvents, type SurveyAnswered } from '../contracts/events.js';
import { fieldError } from './errors.js';
import { roundSeconds, type QuestionFacts } from './question-facts.js';

/**
 * One respondent's answers to one public survey (stream assessment.survey-<surveyId>-<actor>):
 * each question once (unless it allows retry), with an option of that question.
 */
export interface SurveyState {
  answered: ReadonlySet<string>;
}
export const initialSurveyState = (): SurveyState => ({ answered: new Set() });

export type SurveyCommand = {
  type: 'AnswerSurvey';
  data: {
    survey: { surveyId: string; country: string; surveyPath: string; version: string };
    actor: string;
    question: QuestionFacts;
    answerId: string;
    secondsToAnswer: number;
    context: string;
    now: string;
  };
};

export function decideSurvey(command: SurveyCommand, state: SurveyState): SurveyAnswered[] {
  switch (command.type) {
    case 'AnswerSurvey': {
      const d = command.data;
      if (!d.question.options.some((o) => o.id === d.answerId)) throw fieldError('answerId', `not an option of question ${d.question.questionId}`);
      if (state.answered.has(d.question.questionId) && !d.question.allowRetry) throw new AppError('answer-already-recorded');
      return [
        {
          type: 'SurveyAnswered',
          data: {
            surveyId: d.survey.surveyId,
            country: d.survey.country,
            surveyPath: d.survey.surveyPath,
            surveyVersion: d.survey.version,
            actor: d.actor,
            questionId: d.question.questionId,
            answerId: d.answerId,
            secondsToAnswer: roundSeconds(d.secondsToAnswer),
            context: d.context,
            answeredAt: d.now,
          },
        },
      ];
    }
    default: {
      const exhaustive: never = command.type;
      throw new Error(`unknown command ${String(exhaustive)}`);
    }
  }
}

export function evolveSurvey(state: SurveyState, event: SurveyAnswered): SurveyState {
  switch (event.type) {
    case 'SurveyAnswered':
      return { answered: new Set([...state.answered, event.data.questionId]) };
    default: {
      const exhaustive: never = event.type;
      throw new Error(`unknown event ${String(exhaustive)}`);
    }
  }
}

export const surveyDecider = { decide: decideSurvey, evolve: evolveSurvey, initial: initialSurveyState, events: surveyEvents };
