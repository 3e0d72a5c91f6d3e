import { useState } from 'react';
import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../../shared/session/use-session';
import type { EntryQuestionsSlotProps, StationQuestionsSlotProps } from '../../../shared/ui/content-slots';
import { useEntryQuestions, useStationQuestions } from '../api/questions';
import { percentOf } from '../model/score-format';
import { QuestionOverlay } from './question-overlay';
import { questionsLock } from './questions-progress';
import { Notice } from './notice';

/**
 * A station's questions on its page: progress (answered, correct, percent), the lock feedback
 * of 000 §4.3 (mandatoryAnswerAll, minCorrectAnswers) and the button that opens the overlay.
 */
export function StationQuestions({ stationId, onAnswered }: StationQuestionsSlotProps) {
  const { t } = useTranslation('assessment');
  const signedIn = useSignedIn();
  const { data } = useStationQuestions(stationId, signedIn);
  const [opened, setOpened] = useState(false);
  if (!data || data.questions.length === 0) return null;
  const progress = data.progress;
  const answered = progress?.answered ?? data.questions.filter((q) => q.answer !== null).length;
  const total = progress?.total ?? data.questions.length;
  const lock = questionsLock(progress);
  const complete = answered >= total;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="station-questions-title" data-testid="station-questions-panel" data-answered={answered} data-total={total} data-correct={progress?.correct ?? ''}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="station-questions-title">
            {t('station.title')}
          </Title>
          <Button onClick={() => setOpened(true)} data-testid="open-station-questions" variant={complete ? 'light' : 'filled'}>
            {complete ? t('station.review') : t('station.answer')}
          </Button>
        </Group>
        <Progress value={percentOf(answered, total)} size={3} color={complete ? 'green' : 'orange'} aria-label={t('station.progress', { answered, total, percent: percentOf(answered, total) })} />
        <Group gap="md">
          <Text size="sm" data-testid="station-questions-progress">
            {t('station.progress', { answered, total, percent: percentOf(answered, total) })}
          </Text>
          {progress && (
            <Text size="sm" c="gray.7">
              {t('station.correct', { count: progress.correct })}
            </Text>
          )}
          {progress?.requirementsMet && progress.isComplete && (
            <Badge color="green" variant="light" c="dark.8" data-testid="station-questions-complete">
              {t('station.complete')}
            </Badge>
          )}
        </Group>
        {lock && (
          <Notice tone="yellow" data-testid="station-questions-lock" data-lock={lock.key}>
            {lock.key === 'lockState.minCorrectAnswersMessage' ? t(lock.key, { count: lock.minAnswers }) : t(lock.key)}
          </Notice>
        )}
      </Stack>
      <QuestionOverlay
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('station.overlayTitle')}
        questions={data.questions}
        context="station"
        stationId={stationId}
        entryId={null}
        onAnswered={onAnswered ? () => onAnswered() : undefined}
      />
    </Paper>
  );
}

/** An entry's (media) questions: a button under the player that opens the overlay. */
export function EntryQuestions({ stationId, entryId, onAnswered }: EntryQuestionsSlotProps) {
  const { t } = useTranslation('assessment');
  const signedIn = useSignedIn();
  const { data } = useEntryQuestions(entryId, signedIn);
  const [opened, setOpened] = useState(false);
  if (!data || data.questions.length === 0) return null;
  const answered = data.questions.filter((q) => q.answer !== null).length;
  const total = data.questions.length;
  return (
    <>
      <Group gap="sm" data-testid="entry-questions" data-answered={answered} data-total={total}>
        <Button variant="light" onClick={() => setOpened(true)} data-testid="open-entry-questions">
          {t('entry.open')}
        </Button>
        <Text size="sm" c="gray.7">
          {t('entry.progress', { answered, total })}
        </Text>
      </Group>
      <QuestionOverlay
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('entry.overlayTitle')}
        questions={data.questions}
        context="media"
        stationId={stationId}
        entryId={entryId}
        onAnswered={onAnswered ? () => onAnswered() : undefined}
      />
    </>
  );
}
