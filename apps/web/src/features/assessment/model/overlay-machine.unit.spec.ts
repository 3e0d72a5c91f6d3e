import { describe, expect, it } from 'vitest';
import {
  ANSWER_TOAST_MS,
  CLOSE_DELAY_MS,
  OPEN_DELAY_MS,
  activeQuestion,
  answerToast,
  hasBodyMarker,
  initialOverlayState,
  inputsDisabled,
  isActive,
  isVisible,
  nextUnansweredIndex,
  pendingTimer,
  reduce,
  showsFollowUp,
  submitDisabled,
  submitRequest,
  type OverlayEvent,
  type OverlayQuestion,
  type OverlayState,
  type RecordedAnswer,
} from './overlay-machine';

const q = (questionId: string, extra: Partial<OverlayQuestion> = {}): OverlayQuestion => ({
  questionId,
  allowRetry: false,
  followUpId: null,
  answer: null,
  correctAnswerIds: null,
  postCorrectAnswerIds: null,
  ...extra,
});

const answer = (answerId: string, extra: Partial<RecordedAnswer> = {}): RecordedAnswer => ({ answerId, postAnswerId: null, isCorrect: true, points: 10, ...extra });

/** given questions, when events, then a state */
const run = (questions: OverlayQuestion[], ...events: OverlayEvent[]): OverlayState => events.reduce(reduce, initialOverlayState(questions));

const answered = (questionId: string, extra: Partial<Extract<OverlayEvent, { type: 'answered' }>> = {}): OverlayEvent => ({
  type: 'answered',
  questionId,
  answer: answer('x'),
  result: 'correct',
  points: 10,
  canRetry: false,
  correctAnswerIds: null,
  ...extra,
});

describe('question overlay: opening and closing (000 §4.4, 25 ms / 300 ms)', () => {
  it('starts closed: not active, not visible, no timer, no body marker', () => {
    const state = initialOverlayState([q('a')]);
    expect([isActive(state), isVisible(state), hasBodyMarker(state), pendingTimer(state)]).toEqual([false, false, false, null]);
  });

  it('is active as soon as show becomes true, and visible only after 25 ms', () => {
    const shown = run([q('a')], { type: 'show' });
    expect(isActive(shown)).toBe(true);
    expect(isVisible(shown)).toBe(false);
    expect(pendingTimer(shown)).toEqual({ delay: OPEN_DELAY_MS, event: { type: 'opened' } });
    expect(OPEN_DELAY_MS).toBe(25);
    const visible = reduce(shown, { type: 'opened' });
    expect([isActive(visible), isVisible(visible), pendingTimer(visible)]).toEqual([true, true, null]);
  });

  it('closes by hiding at once, then deactivates after 300 ms', () => {
    const open = run([q('a')], { type: 'show' }, { type: 'opened' });
    const hiding = reduce(open, { type: 'hide' });
    expect([isActive(hiding), isVisible(hiding)]).toEqual([true, false]);
    expect(pendingTimer(hiding)).toEqual({ delay: CLOSE_DELAY_MS, event: { type: 'closed' } });
    expect(CLOSE_DELAY_MS).toBe(300);
    const closed = reduce(hiding, { type: 'closed' });
    expect([isActive(closed), isVisible(closed), pendingTimer(closed)]).toEqual([false, false, null]);
  });

  it('carries the body marker only while visible', () => {
    const states = [{ type: 'show' }, { type: 'opened' }, { type: 'hide' }, { type: 'closed' }].reduce<OverlayState[]>(
      (acc, event) => [...acc, reduce(acc[acc.length - 1]!, event as OverlayEvent)],
      [initialOverlayState([q('a')])],
    );
    expect(states.map(hasBodyMarker)).toEqual([false, false, true, false, false]);
  });

  it('ignores a stale timer: showing again while closing stays active and becomes visible after 25 ms', () => {
    const hiding = run([q('a')], { type: 'show' }, { type: 'opened' }, { type: 'hide' });
    const reopened = reduce(hiding, { type: 'show' });
    expect(reopened.phase).toBe('opening');
    expect(reduce(reopened, { type: 'closed' }).phase).toBe('opening');
    expect(reduce(reopened, { type: 'opened' }).phase).toBe('open');
  });

  it('hiding before the 25 ms elapsed never becomes visible', () => {
    const state = run([q('a')], { type: 'show' }, { type: 'hide' }, { type: 'opened' });
    expect(isVisible(state)).toBe(false);
    expect(reduce(state, { type: 'closed' }).phase).toBe('closed');
  });

  it('show while open and hide while closed change nothing', () => {
    const open = run([q('a')], { type: 'show' }, { type: 'opened' });
    expect(reduce(open, { type: 'show' })).toBe(open);
    const closed = initialOverlayState([q('a')]);
    expect(reduce(closed, { type: 'hide' })).toBe(closed);
  });
});

describe('question overlay: navigation', () => {
  const three = [q('a'), q('b'), q('c')];

  it('moves forward and wraps from the last question to the first', () => {
    const ids = [1, 2, 3].map((n) => activeQuestion(run(three, ...Array<OverlayEvent>(n).fill({ type: 'next' })))?.questionId);
    expect(ids).toEqual(['b', 'c', 'a']);
  });

  it('moves back and wraps from the first question to the last', () => {
    expect(activeQuestion(run(three, { type: 'prev' }))?.questionId).toBe('c');
    expect(activeQuestion(run(three, { type: 'prev' }, { type: 'prev' }))?.questionId).toBe('b');
  });

  it('goes to a position, wrapped into the list', () => {
    expect(activeQuestion(run(three, { type: 'goto', index: 2 }))?.questionId).toBe('c');
    expect(activeQuestion(run(three, { type: 'goto', index: 4 }))?.questionId).toBe('b');
  });

  it('"next unanswered" goes to the first unanswered question', () => {
    const questions = [q('a', { answer: answer('a1') }), q('b'), q('c')];
    expect(activeQuestion(run(questions, { type: 'goto', index: 2 }, { type: 'nextUnanswered' }))?.questionId).toBe('b');
  });

  it('"next unanswered" goes to the first question when all are answered, and when none is', () => {
    const all = [q('a', { answer: answer('a1') }), q('b', { answer: answer('b1') })];
    expect(activeQuestion(run(all, { type: 'goto', index: 1 }, { type: 'nextUnanswered' }))?.questionId).toBe('a');
    expect(activeQuestion(run([q('a'), q('b')], { type: 'goto', index: 1 }, { type: 'nextUnanswered' }))?.questionId).toBe('a');
    expect(nextUnansweredIndex([])).toBe(-1);
  });

  it('opens on the first unanswered question, or on the one asked for', () => {
    expect(activeQuestion(initialOverlayState([q('a', { answer: answer('a1') }), q('b')]))?.questionId).toBe('b');
    const state = reduce(initialOverlayState([q('a'), q('b')]), { type: 'load', questions: [q('a'), q('b')], startAt: 'b' });
    expect(activeQuestion(state)?.questionId).toBe('b');
  });

  it('keeps the active question when the questions are reloaded', () => {
    const state = run([q('a'), q('b')], { type: 'next' }, { type: 'load', questions: [q('a', { answer: answer('a1') }), q('b')] });
    expect(activeQuestion(state)?.questionId).toBe('b');
  });

  it('has no active question and ignores navigation without questions', () => {
    const empty = initialOverlayState([]);
    expect(activeQuestion(empty)).toBeNull();
    expect(reduce(empty, { type: 'next' })).toBe(empty);
    expect(reduce(empty, { type: 'prev' })).toBe(empty);
  });
});

describe('question overlay: submit rules', () => {
  it('is disabled when no answer is chosen', () => {
    const state = initialOverlayState([q('a')]);
    expect(submitDisabled(state)).toBe(true);
    expect(submitDisabled(reduce(state, { type: 'choose', answerId: 'a1' }))).toBe(false);
  });

  it('is disabled while busy (one answer at a time)', () => {
    const busy = run([q('a')], { type: 'choose', answerId: 'a1' }, { type: 'submit' });
    expect(busy.busy).toBe(true);
    expect(submitDisabled(busy)).toBe(true);
    expect(reduce(busy, { type: 'submit' })).toBe(busy);
    expect(submitDisabled(reduce(busy, { type: 'failed' }))).toBe(false);
  });

  it('is disabled when already answered without retry', () => {
    expect(submitDisabled(initialOverlayState([q('a', { answer: answer('a1') })]))).toBe(true);
    const after = run([q('a')], { type: 'choose', answerId: 'a1' }, { type: 'submit' }, answered('a', { canRetry: false }));
    expect(submitDisabled(after)).toBe(true);
  });

  it('stays enabled after an answer when the question allows a retry', () => {
    const after = run([q('a', { allowRetry: true })], { type: 'choose', answerId: 'a1' }, { type: 'submit' }, answered('a', { canRetry: true }));
    expect(submitDisabled(after)).toBe(false);
  });

  it('is disabled when a follow-up exists and has no chosen answer', () => {
    const state = run([q('a', { followUpId: 'f' })], { type: 'choose', answerId: 'a1' });
    expect(submitDisabled(state)).toBe(true);
    expect(submitDisabled(reduce(state, { type: 'chooseFollowUp', answerId: 'f1' }))).toBe(false);
  });

  it('ignores a submit with no active question', () => {
    const empty = initialOverlayState([]);
    expect(submitRequest(empty)).toBeNull();
    expect(reduce(empty, { type: 'submit' })).toBe(empty);
  });

  it('sends the chosen answer and, when chosen, the follow-up and its answer', () => {
    expect(submitRequest(run([q('a')], { type: 'choose', answerId: 'a1' }))).toEqual({ questionId: 'a', answerId: 'a1', postQuestionId: null, postAnswerId: null });
    const withFollowUp = run([q('a', { followUpId: 'f' })], { type: 'choose', answerId: 'a1' }, { type: 'chooseFollowUp', answerId: 'f2' });
    expect(submitRequest(withFollowUp)).toEqual({ questionId: 'a', answerId: 'a1', postQuestionId: 'f', postAnswerId: 'f2' });
  });

  it('records the server answer and result, and is no longer busy', () => {
    const state = run([q('a'), q('b')], { type: 'choose', answerId: 'a2' }, { type: 'submit' }, answered('a', { result: 'incorrect', points: 0, answer: answer('a2', { isCorrect: false, points: 0 }), correctAnswerIds: ['a1'] }));
    expect(state.busy).toBe(false);
    expect(state.questions[0]?.answer?.answerId).toBe('a2');
    expect(state.shown['a']).toEqual({ result: 'incorrect', points: 0, correctAnswerIds: ['a1'] });
  });
});

describe('question overlay: retry and disabled inputs', () => {
  it('with retry, changing the selected answer clears the shown result', () => {
    const after = run([q('a', { allowRetry: true })], { type: 'choose', answerId: 'a1' }, { type: 'submit' }, answered('a', { canRetry: true, answer: answer('a1') }));
    expect(after.shown['a']).toBeDefined();
    expect(reduce(after, { type: 'choose', answerId: 'a1' }).shown['a']).toBeDefined();
    const changed = reduce(after, { type: 'choose', answerId: 'a2' });
    expect(changed.shown['a']).toBeUndefined();
    expect(changed.chosen['a']).toBe('a2');
  });

  it('with retry, a recorded answer shows its result until the learner picks another option', () => {
    const state = initialOverlayState([q('a', { allowRetry: true, answer: answer('a1', { isCorrect: false, points: 0 }) })]);
    expect(state.chosen['a']).toBe('a1');
    expect(state.shown['a']?.result).toBe('incorrect');
    expect(reduce(state, { type: 'choose', answerId: 'a3' }).shown['a']).toBeUndefined();
  });

  it('without retry, inputs are disabled after an answer and choices are ignored', () => {
    const after = run([q('a')], { type: 'choose', answerId: 'a1' }, { type: 'submit' }, answered('a', { canRetry: false, answer: answer('a1') }));
    expect(inputsDisabled(after)).toBe(true);
    const ignored = reduce(after, { type: 'choose', answerId: 'a2' });
    expect(ignored).toBe(after);
    expect(ignored.chosen['a']).toBe('a1');
    expect(ignored.shown['a']).toBeDefined();
  });

  it('inputs are enabled before an answer and disabled while busy', () => {
    const state = initialOverlayState([q('a')]);
    expect(inputsDisabled(state)).toBe(false);
    const busy = run([q('a')], { type: 'choose', answerId: 'a1' }, { type: 'submit' });
    expect(inputsDisabled(busy)).toBe(true);
    expect(reduce(busy, { type: 'choose', answerId: 'a2' })).toBe(busy);
  });

  it('a reload keeps what the learner did in the overlay', () => {
    const changed = run([q('a', { allowRetry: true, answer: answer('a1') })], { type: 'choose', answerId: 'a2' });
    const reloaded = reduce(changed, { type: 'load', questions: [q('a', { allowRetry: true, answer: answer('a1') })] });
    expect(reloaded.chosen['a']).toBe('a2');
    expect(reloaded.shown['a']).toBeUndefined();
  });
});

describe('question overlay: follow-up display', () => {
  it('is hidden until an answer is chosen', () => {
    const state = initialOverlayState([q('a', { followUpId: 'f' })]);
    expect(showsFollowUp(state)).toBe(false);
    expect(showsFollowUp(reduce(state, { type: 'choose', answerId: 'a1' }))).toBe(true);
  });

  it('shows when an answer is chosen and no answer is recorded yet', () => {
    expect(showsFollowUp(run([q('a', { followUpId: 'f' })], { type: 'choose', answerId: 'a1' }))).toBe(true);
  });

  it('shows for a recorded answer only when it has a follow-up answer', () => {
    const withPost = initialOverlayState([q('a', { followUpId: 'f', answer: answer('a1', { postAnswerId: 'f1' }) })]);
    expect(showsFollowUp(withPost)).toBe(true);
    expect(withPost.followUpChosen['a']).toBe('f1');
    const withoutPost = initialOverlayState([q('a', { followUpId: 'f', allowRetry: true, answer: answer('a1') })]);
    expect(showsFollowUp(withoutPost)).toBe(false);
  });

  it('never shows for a question without a follow-up, and ignores follow-up choices then', () => {
    const state = run([q('a')], { type: 'choose', answerId: 'a1' });
    expect(showsFollowUp(state)).toBe(false);
    expect(reduce(state, { type: 'chooseFollowUp', answerId: 'x' })).toBe(state);
  });

  it('ignores a follow-up choice before the main answer is chosen', () => {
    const state = initialOverlayState([q('a', { followUpId: 'f' })]);
    expect(reduce(state, { type: 'chooseFollowUp', answerId: 'f1' })).toBe(state);
  });
});

describe('answer toast (1200 ms)', () => {
  it('correct: "Congratulations" with the correct-answer message and the points', () => {
    expect(answerToast('correct', 10)).toEqual({ titleKey: 'toast.correctTitle', messageKey: 'toast.correctMessage', points: 10, color: 'green', autoClose: 1200 });
  });

  it('incorrect: "Ooops" with the incorrect-answer message and the points', () => {
    expect(answerToast('incorrect', 0)).toEqual({ titleKey: 'toast.incorrectTitle', messageKey: 'toast.incorrectMessage', points: 0, color: 'red', autoClose: ANSWER_TOAST_MS });
    expect(ANSWER_TOAST_MS).toBe(1200);
  });
});
