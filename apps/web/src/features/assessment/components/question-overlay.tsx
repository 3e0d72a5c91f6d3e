import { Badge, Button, Divider, Drawer, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnswerResult, QuestionState } from '@portal/assessment/contracts/http';
import { asLocale } from '../../../shared/ui/shell/localized';
import { activeQuestion, inputsDisabled, isActive, isAnswered, reduce, showsFollowUp, submitDisabled, type OverlayEvent } from '../model/overlay-machine';
import { percentOf } from '../model/score-format';
import { AnswerResultNotice, QuestionOptions } from './question-view';
import { useQuestionOverlay, type AnswerContext } from './use-question-overlay';

type Overlay = ReturnType<typeof useQuestionOverlay>;

/**
 * The questions of a station, an entry or the adaptive track, one at a time: the options, the
 * follow-up question, the result, navigation (wrapping around) and submit. Used inside the
 * overlay and inline on /learning/questions.
 */
export function QuestionSteps({ overlay, questions, onNavigate }: { overlay: Overlay; questions: readonly QuestionState[]; onNavigate?: (questionId: string) => void }) {
  const { t, i18n } = useTranslation('assessment');
  const locale = asLocale(i18n.language);
  const { state, dispatch, current } = overlay;
  const item = current ? questions.find((q) => q.question.questionId === current.questionId) : undefined;
  if (!current || !item) {
    return (
      <Text c="gray.7" data-testid="questions-empty">
        {t('overlay.empty')}
      </Text>
    );
  }
  const id = current.questionId;
  const total = state.questions.length;
  const answeredCount = state.questions.filter(isAnswered).length;
  const disabled = inputsDisabled(state);
  const followUp = showsFollowUp(state) ? item.followUp : null;
  const shown = state.shown[id];
  const go = (event: OverlayEvent) => {
    dispatch(event);
    // the question the machine moves to, so a page can keep it in its URL
    const target = activeQuestion(reduce(state, event));
    if (onNavigate && target) onNavigate(target.questionId);
  };

  return (
    <Stack gap="md" data-testid="question-steps" data-question-id={id} data-answered={String(isAnswered(current))}>
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" c="gray.7" data-testid="question-position">
            {t('overlay.position', { current: state.index + 1, total })}
          </Text>
          {isAnswered(current) && (
            <Badge variant="light" c="dark.8" color={current.allowRetry ? 'blue' : 'gray'} data-testid="question-answered">
              {current.allowRetry ? t('overlay.canRetry') : t('overlay.answered')}
            </Badge>
          )}
        </Group>
        <Progress value={percentOf(answeredCount, total)} size={3} aria-label={t('overlay.answeredOf', { answered: answeredCount, total })} />
      </Stack>

      <QuestionOptions
        question={item.question}
        locale={locale}
        chosen={state.chosen[id]}
        disabled={disabled}
        onChoose={(answerId) => dispatch({ type: 'choose', answerId })}
        correctAnswerIds={shown?.correctAnswerIds ?? null}
        testId="question"
      />

      {followUp && (
        <>
          <Divider label={t('overlay.followUp')} labelPosition="left" />
          <QuestionOptions
            question={followUp}
            locale={locale}
            chosen={state.followUpChosen[id]}
            disabled={disabled}
            onChoose={(answerId) => dispatch({ type: 'chooseFollowUp', answerId })}
            correctAnswerIds={shown ? current.postCorrectAnswerIds : null}
            testId="follow-up-question"
          />
        </>
      )}

      {shown && <AnswerResultNotice shown={shown} hideResult={item.question.hideResult} />}

      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Button variant="default" onClick={() => go({ type: 'prev' })} disabled={total < 2} data-testid="question-prev">
            {t('overlay.previous')}
          </Button>
          <Button variant="default" onClick={() => go({ type: 'next' })} disabled={total < 2} data-testid="question-next">
            {t('overlay.next')}
          </Button>
          <Button variant="subtle" onClick={() => go({ type: 'nextUnanswered' })} data-testid="question-next-unanswered">
            {t('overlay.nextUnanswered')}
          </Button>
        </Group>
        <Button onClick={overlay.submit} disabled={submitDisabled(state)} loading={state.busy} data-testid="question-submit">
          {t('overlay.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

export interface QuestionOverlayProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  questions: readonly QuestionState[] | undefined;
  context: AnswerContext;
  stationId: string | null;
  entryId: string | null;
  startAt?: string | null;
  onAnswered?: (result: AnswerResult) => void;
}

/**
 * The question overlay of 000 §4.4 in a right-hand drawer (focus trapped, Esc closes, focus
 * returns to the opener). Mounted while active; shown while visible.
 */
export function QuestionOverlay({ opened, onClose, title, questions, context, stationId, entryId, startAt, onAnswered }: QuestionOverlayProps) {
  const { t } = useTranslation('assessment');
  const overlay = useQuestionOverlay({ show: opened, questions, startAt, context, stationId, entryId, onAnswered });
  if (!isActive(overlay.state)) return null;
  return (
    <Drawer
      opened={overlay.visible}
      onClose={onClose}
      position="right"
      size="lg"
      title={title}
      transitionProps={{ duration: 300 }}
      closeButtonProps={{ 'aria-label': t('overlay.close') }}
      data-testid="question-overlay"
    >
      <QuestionSteps overlay={overlay} questions={questions ?? []} />
    </Drawer>
  );
}
