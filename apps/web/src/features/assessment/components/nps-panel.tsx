import { useEffect, useRef, useState } from 'react';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../../shared/session/use-session';
import { asLocale } from '../../../shared/ui/shell/localized';
import type { NpsPanelProps } from '../../../shared/ui/shell/slots';
import { useAnswerNps, useNps } from '../api/nps';
import { secondsToAnswer } from '../model/score-format';
import { QuestionOptions } from './question-view';

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * The NPS panel (000 §4.8): AV1, then AV2, one answer sent at a time. After an answer the
 * state is reloaded, the next question shows and a success toast says so; failures are silent.
 */
export function NpsPanel({ onClose }: NpsPanelProps) {
  const { t, i18n } = useTranslation('assessment');
  const locale = asLocale(i18n.language);
  const signedIn = useSignedIn();
  const { data, isPending } = useNps(signedIn);
  const answer = useAnswerNps();
  // a choice belongs to its question: the next one starts with none from its first render on,
  // with no effect to reset it afterwards
  const [choice, setChoice] = useState<{ questionId: string; answerId: string } | null>(null);
  const startedAt = useRef(now());
  const next = data?.questions.find((q) => q.question.questionId === data.nextQuestionId) ?? null;
  const nextId = next?.question.questionId ?? null;
  const chosen = choice && choice.questionId === nextId ? choice.answerId : null;

  useEffect(() => {
    startedAt.current = now();
  }, [nextId]);

  if (!signedIn) return null;
  if (isPending) return <Loader size="sm" aria-label={t('nps.loading')} />;
  if (!data || data.completed || !next) {
    return (
      <Stack gap="sm" data-testid="nps-done">
        <Text>{t('nps.thanks')}</Text>
        <Button variant="default" onClick={onClose} data-testid="nps-close">
          {t('nps.close')}
        </Button>
      </Stack>
    );
  }

  const send = () => {
    if (!chosen || answer.isPending) return;
    answer.mutate(
      { questionId: next.question.questionId, answerId: chosen, secondsToAnswer: secondsToAnswer(startedAt.current, now()) },
      { onSuccess: () => notifications.show({ message: t('nps.answered'), color: 'green', 'data-testid': 'nps-toast' }) },
    );
  };

  return (
    <Stack gap="md" data-testid="nps-panel" data-question-id={next.question.questionId}>
      <Text size="sm" c="gray.7">
        {t('nps.intro')}
      </Text>
      <QuestionOptions question={next.question} locale={locale} chosen={chosen ?? undefined} disabled={answer.isPending} onChoose={(answerId) => setChoice({ questionId: next.question.questionId, answerId })} correctAnswerIds={null} testId="nps-question" />
      <Button onClick={send} disabled={!chosen || answer.isPending} loading={answer.isPending} data-testid="nps-submit">
        {t('nps.submit')}
      </Button>
    </Stack>
  );
}
