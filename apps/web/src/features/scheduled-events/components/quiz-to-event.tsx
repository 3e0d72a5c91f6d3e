import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useEvents } from '../api/events';
import { attachQuiz, useScheduleQuiz } from '../api/quizzes';
import { todayIso } from '../model/format';
import { quizWindow } from '../model/quiz-form';

/**
 * From the quiz editor (ADR 0061): attach the quiz to an upcoming event and open it for a window
 * (POST /quiz/event, then /quiz/new-quiz-date). The event's form shows and changes the same.
 */
export function QuizToEvent({ quizId }: { quizId: string }) {
  const { t, i18n } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const events = useEvents({ from: todayIso() }, 1);
  const schedule = useScheduleQuiz();
  const [eventId, setEventId] = useState<string | null>(null);
  const [opens, setOpens] = useState('');
  const [closes, setCloses] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const candidates = (events.data?.items ?? []).filter((e) => e.state === 'draft' || e.state === 'published');
  const chosen = candidates.find((e) => e.eventId === eventId);

  const submit = async () => {
    const w = quizWindow(opens, closes);
    if (!chosen) return setIssue(t('quizToEvent.chooseEvent'));
    if (!w.ok) return setIssue(w.issue === 'afterOpens' ? t('quizWindow.afterOpens') : t('quizWindow.required'));
    setIssue(null);
    try {
      if (!chosen.quizzes.some((q) => q.quizId === quizId)) await attachQuiz({ quizId, eventId: chosen.eventId });
      await schedule.mutateAsync({ quizId, eventId: chosen.eventId, opensAt: w.opensAt, closesAt: w.closesAt });
      notifications.show({ color: 'teal', message: t('quizToEvent.done', { title: chosen.title }) });
    } catch (error) {
      setIssue(toMessage(error));
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="quiz-to-event">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('quizToEvent.title')}
        </Title>
        <Select
          label={t('quizToEvent.event')}
          data={candidates.map((e) => ({ value: e.eventId, label: `${e.title} · ${new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${e.date}T00:00:00Z`))}` }))}
          value={eventId}
          onChange={setEventId}
          searchable
          data-testid="quiz-to-event-event"
        />
        <Group grow>
          <TextInput type="datetime-local" label={t('quizWindow.opensAt')} value={opens} onChange={(e) => setOpens(e.currentTarget.value)} data-testid="quiz-to-event-opens" />
          <TextInput type="datetime-local" label={t('quizWindow.closesAt')} value={closes} onChange={(e) => setCloses(e.currentTarget.value)} data-testid="quiz-to-event-closes" />
        </Group>
        {issue && (
          <Text size="sm" c="red" role="alert">
            {issue}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="light" onClick={() => void submit()} loading={schedule.isPending} data-testid="quiz-to-event-save">
            {t('quizToEvent.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
