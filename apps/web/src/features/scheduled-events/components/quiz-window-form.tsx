import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useScheduleQuiz } from '../api/quizzes';
import { quizWindow, toLocalInput } from '../model/quiz-form';

interface Props {
  eventId: string;
  quizId: string;
  opensAt: string | null;
  closesAt: string | null;
}

/** `new-quiz-date` (001 §7): opens an event's quiz for a window, in the reader's time; a new window replaces the old one. */
export function QuizWindowForm({ eventId, quizId, opensAt, closesAt }: Props) {
  const { t } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const schedule = useScheduleQuiz();
  const [opens, setOpens] = useState(toLocalInput(opensAt));
  const [closes, setCloses] = useState(toLocalInput(closesAt));
  const [issue, setIssue] = useState<{ field: 'opensAt' | 'closesAt'; text: string } | null>(null);

  const submit = () => {
    const w = quizWindow(opens, closes);
    if (!w.ok) {
      setIssue({ field: w.field, text: w.issue === 'afterOpens' ? t('quizWindow.afterOpens') : t('quizWindow.required') });
      return;
    }
    setIssue(null);
    schedule.mutate(
      { eventId, quizId, opensAt: w.opensAt, closesAt: w.closesAt },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('quizWindow.saved') }),
        onError: (error) => notifications.show({ color: 'red', message: toMessage(error) }),
      },
    );
  };

  return (
    <Group align="flex-end" gap="xs" wrap="wrap" data-testid={`quiz-window-${quizId}`}>
      <TextInput type="datetime-local" label={t('quizWindow.opensAt')} value={opens} onChange={(e) => setOpens(e.currentTarget.value)} error={issue?.field === 'opensAt' && issue.text} data-testid="quiz-window-opens" />
      <TextInput type="datetime-local" label={t('quizWindow.closesAt')} value={closes} onChange={(e) => setCloses(e.currentTarget.value)} error={issue?.field === 'closesAt' && issue.text} data-testid="quiz-window-closes" />
      <Button variant="light" onClick={submit} loading={schedule.isPending} data-testid="quiz-window-save">
        {opensAt ? t('quizWindow.change') : t('quizWindow.open')}
      </Button>
    </Group>
  );
}
