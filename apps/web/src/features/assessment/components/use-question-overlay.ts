import { useCallback, useEffect, useReducer, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { AnswerResult, QuestionState } from '@portal/assessment/contracts/http';
import { useSubmitAnswer } from '../api/questions';
import {
  activeQuestion,
  answerToast,
  initialOverlayState,
  isVisible,
  pendingTimer,
  reduce,
  SIDEBAR_OPEN_CLASS,
  submitRequest,
  type OverlayQuestion,
} from '../model/overlay-machine';
import { displayScore, scoreTextKey, secondsToAnswer } from '../model/score-format';

export type AnswerContext = 'station' | 'media' | 'adaptive_learning';

export interface QuestionOverlayOptions {
  /** the overlay's `show`: opening and closing follow 000 §4.4 (25 ms / 300 ms) */
  show: boolean;
  questions: readonly QuestionState[] | undefined;
  /** the question to open on; else the first unanswered (the first when all or none are answered) */
  startAt?: string | null;
  context: AnswerContext;
  stationId: string | null;
  entryId: string | null;
  onAnswered?: (result: AnswerResult) => void;
  /** inline on a page (not an overlay): no body marker */
  inline?: boolean;
}

/** The contract's question state as the machine sees it. */
export const toOverlayQuestion = (state: QuestionState): OverlayQuestion => ({
  questionId: state.question.questionId,
  allowRetry: state.question.allowRetry,
  followUpId: state.followUp ? state.followUp.questionId : null,
  answer: state.answer ? { answerId: state.answer.answerId, postAnswerId: state.answer.postAnswerId, isCorrect: state.answer.isCorrect, points: state.answer.points } : null,
  correctAnswerIds: state.correctAnswerIds,
  postCorrectAnswerIds: state.postCorrectAnswerIds,
});

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * Binds the overlay machine to React: the 25/300 ms timers, the body marker, the time to
 * answer (from when the question shows), the answer call and the 1200 ms toast. The server's
 * answer (isCorrect, points) is what the toast and the result show.
 */
export const useQuestionOverlay = ({ show, questions, startAt = null, context, stationId, entryId, onAnswered, inline = false }: QuestionOverlayOptions) => {
  const { t } = useTranslation('assessment');
  const submit = useSubmitAnswer();
  const [state, dispatch] = useReducer(reduce, undefined, () => initialOverlayState((questions ?? []).map(toOverlayQuestion)));
  const visible = isVisible(state);
  const current = activeQuestion(state);
  const startedAt = useRef(now());

  // the server's questions (first load and every refetch)
  useEffect(() => {
    if (questions) dispatch({ type: 'load', questions: questions.map(toOverlayQuestion) });
  }, [questions]);

  // show -> active now, visible after 25 ms; hide -> hidden now, inactive after 300 ms
  useEffect(() => {
    if (show) {
      dispatch({ type: 'show' });
      if (startAt) dispatch({ type: 'load', questions: (questions ?? []).map(toOverlayQuestion), startAt });
      else dispatch({ type: 'nextUnanswered' });
    } else {
      dispatch({ type: 'hide' });
    }
    // only a change of `show` (or of the question asked for) opens or closes
  }, [show, startAt]);

  useEffect(() => {
    const timer = pendingTimer(state);
    if (!timer) return;
    const id = window.setTimeout(() => dispatch(timer.event), timer.delay);
    return () => window.clearTimeout(id);
  }, [state.phase]);

  useEffect(() => {
    if (!visible || inline) return;
    document.body.classList.add(SIDEBAR_OPEN_CLASS);
    return () => document.body.classList.remove(SIDEBAR_OPEN_CLASS);
  }, [visible, inline]);

  // the time to answer counts from when the question shows
  const currentId = current?.questionId ?? null;
  useEffect(() => {
    if (visible) startedAt.current = now();
  }, [visible, currentId]);

  const { mutateAsync } = submit;
  const send = useCallback(() => {
    const request = submitRequest(state);
    if (!request) return;
    dispatch({ type: 'submit' });
    const seconds = secondsToAnswer(startedAt.current, now());
    mutateAsync({ ...request, secondsToAnswer: seconds, context, stationId, entryId, origin: 'web' }).then(
      (result) => {
        startedAt.current = now();
        dispatch({
          type: 'answered',
          questionId: request.questionId,
          answer: { answerId: result.answer.answerId, postAnswerId: result.answer.postAnswerId, isCorrect: result.answer.isCorrect, points: result.points },
          result: result.result,
          points: result.points,
          canRetry: result.canRetry,
          correctAnswerIds: result.correctAnswerIds,
        });
        const toast = answerToast(result.result, result.points);
        const points = displayScore(toast.points);
        notifications.show({
          title: t(toast.titleKey),
          message: `${t(toast.messageKey)} ${t(scoreTextKey(points), { points })}`,
          color: toast.color,
          autoClose: toast.autoClose,
          'data-testid': 'answer-toast',
          'data-result': result.result,
        });
        onAnswered?.(result);
      },
      (error: unknown) => {
        // 000 §8: an answer save error is reported, not shown
        console.warn('Answer not saved', error);
        dispatch({ type: 'failed' });
      },
    );
  }, [state, mutateAsync, context, stationId, entryId, onAnswered, t]);

  return { state, dispatch, current, visible, submit: send };
};
