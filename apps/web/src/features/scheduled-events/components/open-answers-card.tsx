import { useState } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OpenAnswers } from '@portal/events/contracts/http';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useScoreAnswer } from '../api/quizzes';
import { useOpenAnswers } from '../api/reports';

type Answer = OpenAnswers['items'][number];

function ScoreAnswer({ eventId, quizId, answer }: { eventId: string; quizId: string; answer: Answer }) {
  const { t } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const score = useScoreAnswer();
  const [value, setValue] = useState<number | string>(answer.score ?? '');
  const id = `${answer.userId}-${answer.questionId}`;
  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <NumberInput
          label={t('openAnswers.score', { max: answer.maxScore })}
          min={0}
          max={answer.maxScore}
          step={0.5}
          value={value}
          onChange={setValue}
          w={140}
          data-testid={`open-answer-score-${id}`}
        />
        <Button
          variant="light"
          disabled={value === '' || Number(value) === answer.score}
          loading={score.isPending}
          onClick={() => score.mutate({ eventId, quizId, userId: answer.userId, body: { questionId: answer.questionId, score: Number(value) } })}
          data-testid={`open-answer-save-${id}`}
        >
          {t('openAnswers.save')}
        </Button>
      </Group>
      {score.isError && (
        <Alert color="red" variant="light" role="alert">
          {toMessage(score.error)}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The open answers of a quiz in the event (ADR 0062): each attendee's text under the question
 * they answered, the score staff give (0 to the question's score; again to change it), pending
 * ones first. Names come from the report's attendee rows.
 */
export function OpenAnswersCard({ eventId, quizId, title, names }: { eventId: string; quizId: string; title: string; names: ReadonlyMap<string, string> }) {
  const { t } = useTranslation('scheduledEvents');
  const answers = useOpenAnswers(eventId, quizId);
  const items = [...(answers.data?.items ?? [])].sort((a, b) => Number(a.score !== null) - Number(b.score !== null));
  if (items.length === 0) return null;
  const pending = items.filter((a) => a.score === null).length;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`open-answers-${quizId}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('openAnswers.title', { title })}
          </Title>
          <Badge color={pending > 0 ? 'yellow' : 'teal'} variant="light" data-testid="open-answers-pending" data-count={pending}>
            {t('openAnswers.pending', { count: pending })}
          </Badge>
        </Group>
        {items.map((a) => (
          <Paper key={`${a.userId}-${a.questionId}`} withBorder radius="sm" p="sm" data-testid="open-answer" data-user={a.userId} data-scored={a.score !== null}>
            <Stack gap={6}>
              <Text size="xs" c="dimmed">
                {names.get(a.userId) ?? a.email} · {a.question}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="open-answer-text">
                {a.text}
              </Text>
              <ScoreAnswer eventId={eventId} quizId={quizId} answer={a} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
