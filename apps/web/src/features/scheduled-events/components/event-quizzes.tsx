import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ScheduledEvent } from '@portal/events/contracts/http';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useAttachQuiz, useQuizzes } from '../api/quizzes';
import { formatInstant } from '../model/format';
import { QuizWindowForm } from './quiz-window-form';

/** The event's quizzes (001 §7 POST /quiz/event, /quiz/new-quiz-date): attach one from the quiz list, open each for a window. */
export function EventQuizzes({ event, editable }: { event: ScheduledEvent; editable: boolean }) {
  const { t, i18n } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const quizzes = useQuizzes();
  const attach = useAttachQuiz();
  const [chosen, setChosen] = useState<string | null>(null);
  const attached = new Set(event.quizzes.map((q) => q.quizId));
  const options = (quizzes.data?.items ?? []).filter((q) => !attached.has(q.quizId)).map((q) => ({ value: q.quizId, label: q.title }));

  return (
    <Paper withBorder radius="md" p="md" data-testid="event-quizzes">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('eventQuizzes.title')}
        </Title>
        {event.quizzes.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('eventQuizzes.none')}
          </Text>
        )}
        {event.quizzes.map((q) => (
          <Stack key={q.quizId} gap={4} data-testid="event-quiz" data-quiz-id={q.quizId}>
            <Group justify="space-between">
              <Text fw={600}>{q.title}</Text>
              <Text size="xs" c="dimmed">
                {q.opensAt && q.closesAt
                  ? t('eventQuizzes.window', { opens: formatInstant(q.opensAt, event.timezone, i18n.language), closes: formatInstant(q.closesAt, event.timezone, i18n.language) })
                  : t('eventQuizzes.notOpen')}
                {' · '}
                {t('eventQuizzes.answers', { count: q.answers })}
              </Text>
            </Group>
            {editable && <QuizWindowForm eventId={event.eventId} quizId={q.quizId} opensAt={q.opensAt} closesAt={q.closesAt} />}
          </Stack>
        ))}
        {editable && (
          <Group align="flex-end" gap="xs">
            <Select label={t('eventQuizzes.attach')} data={options} value={chosen} onChange={setChosen} searchable placeholder={t('eventQuizzes.choose')} nothingFoundMessage={t('eventQuizzes.noneLeft')} data-testid="event-quiz-choose" />
            <Button
              variant="light"
              disabled={!chosen}
              loading={attach.isPending}
              onClick={() =>
                chosen &&
                attach.mutate(
                  { quizId: chosen, eventId: event.eventId },
                  {
                    onSuccess: () => {
                      setChosen(null);
                      notifications.show({ color: 'teal', message: t('eventQuizzes.attached') });
                    },
                    onError: (error) => notifications.show({ color: 'red', message: toMessage(error) }),
                  },
                )
              }
              data-testid="event-quiz-attach"
            >
              {t('eventQuizzes.attachButton')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
