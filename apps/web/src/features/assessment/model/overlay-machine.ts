/**
 * The question overlay of 000 §4.4 as a pure state machine: `reduce(state, event)` plus the
 * selectors the component reads. No timers, clock or I/O here: the component turns
 * `pendingTimer(state)` into a setTimeout and the `submitRequest` into the answer call.
 *
 * - Opens when `show` becomes true: active at once, visible after 25 ms. Closes by hiding,
 *   then deactivating after 300 ms. While visible the page body carries a sidebar-open marker.
 * - Navigation wraps around both ways; "next unanswered" goes to the first unanswered
 *   question, or to the first when all or none are answered.
 * - Submit is disabled when no answer is chosen, when busy, when already answered without
 *   retry, or when a follow-up exists and has no chosen answer; with no active question a
 *   submit is ignored.
 * - With retry, changing the selected answer clears the shown result; without retry, the
 *   inputs are disabled once answered.
 * - The follow-up shows when an answer is chosen and (no answer yet, or a follow-up answer exists).
 */

/** 000 §9: overlay transitions. */
export const OPEN_DELAY_MS = 25;
export const CLOSE_DELAY_MS = 300;
/** The marker class the page body carries while the overlay is visible. */
export const SIDEBAR_OPEN_CLASS = 'sidebar-open';

export type Phase = 'closed' | 'opening' | 'open' | 'closing';

/** The learner's current answer to a question, as the server recorded it. */
export interface RecordedAnswer {
  answerId: string;
  postAnswerId: string | null;
  isCorrect: boolean;
  points: number;
}

/** What the machine needs of a question (built from the contract's QuestionState). */
export interface OverlayQuestion {
  questionId: string;
  allowRetry: boolean;
  /** the follow-up question (postAnswerQuestionId), when it exists */
  followUpId: string | null;
  answer: RecordedAnswer | null;
  /** the correct options, when the server shows them (not hideResult) */
  correctAnswerIds: readonly string[] | null;
  postCorrectAnswerIds: readonly string[] | null;
}

/** The result on screen for a question (after an answer, or the recorded one). */
export interface ShownResult {
  result: 'correct' | 'incorrect';
  points: number;
  correctAnswerIds: readonly string[] | null;
}

export interface OverlayState {
  phase: Phase;
  questions: readonly OverlayQuestion[];
  /** position of the active question; -1 when there is none */
  index: number;
  /** chosen option per question id */
  chosen: Readonly<Record<string, string>>;
  /** chosen follow-up option per (main) question id */
  followUpChosen: Readonly<Record<string, string>>;
  /** result shown per question id */
  shown: Readonly<Record<string, ShownResult>>;
  /** questions the learner acted on in this overlay: a reload keeps their choice and result */
  touched: readonly string[];
  busy: boolean;
}

export type OverlayEvent =
  | { type: 'show' }
  | { type: 'hide' }
  /** the 25 ms timer */
  | { type: 'opened' }
  /** the 300 ms timer */
  | { type: 'closed' }
  /** the questions from the server (first load or refetch); `startAt` picks the active one */
  | { type: 'load'; questions: readonly OverlayQuestion[]; startAt?: string | null }
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'goto'; index: number }
  | { type: 'nextUnanswered' }
  | { type: 'choose'; answerId: string }
  | { type: 'chooseFollowUp'; answerId: string }
  | { type: 'submit' }
  | { type: 'answered'; questionId: string; answer: RecordedAnswer; result: 'correct' | 'incorrect'; points: number; canRetry: boolean; correctAnswerIds: readonly string[] | null }
  | { type: 'failed' };

export const initialOverlayState = (questions: readonly OverlayQuestion[] = []): OverlayState =>
  reduce(
    { phase: 'closed', questions: [], index: -1, chosen: {}, followUpChosen: {}, shown: {}, touched: [], busy: false },
    { type: 'load', questions },
  );

// ---------------------------------------------------------------- selectors

export const isActive = (state: OverlayState): boolean => state.phase !== 'closed';
export const isVisible = (state: OverlayState): boolean => state.phase === 'open';
/** The page body carries SIDEBAR_OPEN_CLASS while this is true. */
export const hasBodyMarker = isVisible;

export const activeQuestion = (state: OverlayState): OverlayQuestion | null => state.questions[state.index] ?? null;

export const isAnswered = (question: OverlayQuestion): boolean => question.answer !== null;

/** Without retry, the inputs are disabled after an answer (and while an answer is being sent). */
export const inputsDisabled = (state: OverlayState, question: OverlayQuestion | null = activeQuestion(state)): boolean =>
  question === null || state.busy || (isAnswered(question) && !question.allowRetry);

/** The follow-up shows when an answer is chosen and (no answer yet, or a follow-up answer exists). */
export const showsFollowUp = (state: OverlayState, question: OverlayQuestion | null = activeQuestion(state)): boolean => {
  if (!question || question.followUpId === null) return false;
  if (!state.chosen[question.questionId]) return false;
  return question.answer === null || question.answer.postAnswerId !== null;
};

export const submitDisabled = (state: OverlayState): boolean => {
  const question = activeQuestion(state);
  if (!question) return true;
  if (!state.chosen[question.questionId]) return true;
  if (state.busy) return true;
  if (isAnswered(question) && !question.allowRetry) return true;
  if (question.followUpId !== null && !state.followUpChosen[question.questionId]) return true;
  return false;
};

/** What to send for the active question, or null when a submit is ignored or disabled. */
export interface SubmitRequest {
  questionId: string;
  answerId: string;
  postQuestionId: string | null;
  postAnswerId: string | null;
}

export const submitRequest = (state: OverlayState): SubmitRequest | null => {
  const question = activeQuestion(state);
  if (!question || submitDisabled(state)) return null;
  const answerId = state.chosen[question.questionId]!;
  const followUp = question.followUpId !== null ? (state.followUpChosen[question.questionId] ?? null) : null;
  return { questionId: question.questionId, answerId, postQuestionId: followUp ? question.followUpId : null, postAnswerId: followUp };
};

/** The first unanswered question, or the first when all or none are answered (-1 when empty). */
export const nextUnansweredIndex = (questions: readonly OverlayQuestion[]): number => {
  if (questions.length === 0) return -1;
  const first = questions.findIndex((q) => !isAnswered(q));
  return first < 0 ? 0 : first;
};

export const wrapIndex = (index: number, length: number): number => (length === 0 ? -1 : ((index % length) + length) % length);

/** The timer the component must start for this state, if any. */
export const pendingTimer = (state: OverlayState): { delay: number; event: OverlayEvent } | null => {
  switch (state.phase) {
    case 'opening':
      return { delay: OPEN_DELAY_MS, event: { type: 'opened' } };
    case 'closing':
      return { delay: CLOSE_DELAY_MS, event: { type: 'closed' } };
    case 'open':
    case 'closed':
      return null;
    default: {
      const never: never = state.phase;
      return never;
    }
  }
};

// ---------------------------------------------------------------- transitions

const shownFromAnswer = (question: OverlayQuestion): ShownResult | null =>
  question.answer ? { result: question.answer.isCorrect ? 'correct' : 'incorrect', points: question.answer.points, correctAnswerIds: question.correctAnswerIds } : null;

const withoutKey = <V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> => {
  const { [key]: _dropped, ...rest } = record;
  return rest;
};

const touch = (touched: readonly string[], questionId: string): readonly string[] => (touched.includes(questionId) ? touched : [...touched, questionId]);

const load = (state: OverlayState, questions: readonly OverlayQuestion[], startAt: string | null | undefined): OverlayState => {
  const chosen: Record<string, string> = {};
  const followUpChosen: Record<string, string> = {};
  const shown: Record<string, ShownResult> = {};
  for (const question of questions) {
    const id = question.questionId;
    if (state.touched.includes(id)) {
      // the learner's own choice and result in this overlay win over the reloaded data
      if (state.chosen[id]) chosen[id] = state.chosen[id];
      if (state.followUpChosen[id]) followUpChosen[id] = state.followUpChosen[id];
      if (state.shown[id]) shown[id] = state.shown[id];
      continue;
    }
    if (question.answer) {
      chosen[id] = question.answer.answerId;
      if (question.answer.postAnswerId) followUpChosen[id] = question.answer.postAnswerId;
      const result = shownFromAnswer(question);
      if (result) shown[id] = result;
    }
  }
  const current = activeQuestion(state)?.questionId;
  const wanted = startAt ?? current;
  const found = wanted ? questions.findIndex((q) => q.questionId === wanted) : -1;
  const index = found >= 0 ? found : nextUnansweredIndex(questions);
  return { ...state, questions, index, chosen, followUpChosen, shown };
};

export const reduce = (state: OverlayState, event: OverlayEvent): OverlayState => {
  switch (event.type) {
    case 'show':
      return state.phase === 'closed' || state.phase === 'closing' ? { ...state, phase: 'opening' } : state;
    case 'hide':
      return state.phase === 'opening' || state.phase === 'open' ? { ...state, phase: 'closing' } : state;
    case 'opened':
      return state.phase === 'opening' ? { ...state, phase: 'open' } : state;
    case 'closed':
      return state.phase === 'closing' ? { ...state, phase: 'closed' } : state;
    case 'load':
      return load(state, event.questions, event.startAt);
    case 'next':
      return state.questions.length === 0 ? state : { ...state, index: wrapIndex(state.index + 1, state.questions.length) };
    case 'prev':
      return state.questions.length === 0 ? state : { ...state, index: wrapIndex(state.index - 1, state.questions.length) };
    case 'goto':
      return state.questions.length === 0 ? state : { ...state, index: wrapIndex(event.index, state.questions.length) };
    case 'nextUnanswered':
      return { ...state, index: nextUnansweredIndex(state.questions) };
    case 'choose': {
      const question = activeQuestion(state);
      if (!question || inputsDisabled(state, question)) return state;
      const id = question.questionId;
      if (state.chosen[id] === event.answerId) return state;
      // with retry, another choice clears the result on screen
      const shown = question.allowRetry ? withoutKey(state.shown, id) : state.shown;
      return { ...state, chosen: { ...state.chosen, [id]: event.answerId }, shown, touched: touch(state.touched, id) };
    }
    case 'chooseFollowUp': {
      const question = activeQuestion(state);
      if (!question || question.followUpId === null || inputsDisabled(state, question) || !showsFollowUp(state, question)) return state;
      const id = question.questionId;
      if (state.followUpChosen[id] === event.answerId) return state;
      const shown = question.allowRetry ? withoutKey(state.shown, id) : state.shown;
      return { ...state, followUpChosen: { ...state.followUpChosen, [id]: event.answerId }, shown, touched: touch(state.touched, id) };
    }
    case 'submit':
      return submitRequest(state) === null ? state : { ...state, busy: true };
    case 'answered': {
      const questions = state.questions.map((q) => (q.questionId === event.questionId ? { ...q, answer: event.answer, allowRetry: event.canRetry } : q));
      return {
        ...state,
        busy: false,
        questions,
        shown: { ...state.shown, [event.questionId]: { result: event.result, points: event.points, correctAnswerIds: event.correctAnswerIds } },
        touched: touch(state.touched, event.questionId),
      };
    }
    case 'failed':
      return state.busy ? { ...state, busy: false } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
};

// ---------------------------------------------------------------- the toast after an answer

/** 000 §4.4 / §9: the answer toast lasts 1200 ms. */
export const ANSWER_TOAST_MS = 1200;

export interface AnswerToast {
  /** "Congratulations" or "Ooops" */
  titleKey: 'toast.correctTitle' | 'toast.incorrectTitle';
  /** the correct-answer or the incorrect-answer message, with the points */
  messageKey: 'toast.correctMessage' | 'toast.incorrectMessage';
  points: number;
  color: 'green' | 'red';
  autoClose: number;
}

export const answerToast = (result: 'correct' | 'incorrect', points: number): AnswerToast =>
  result === 'correct'
    ? { titleKey: 'toast.correctTitle', messageKey: 'toast.correctMessage', points, color: 'green', autoClose: ANSWER_TOAST_MS }
    : { titleKey: 'toast.incorrectTitle', messageKey: 'toast.incorrectMessage', points, color: 'red', autoClose: ANSWER_TOAST_MS };
