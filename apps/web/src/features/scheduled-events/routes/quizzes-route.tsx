import { Alert, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { useUserData } from '../../../shared/api/user-data';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { PageShell } from '../../../shared/ui/page-shell';
import { quizzesQueryOptions, useDeleteQuiz, useQuizzes } from '../api/quizzes';
import { EventsNav } from '../components/events-nav';
import { isEventsAdmin } from '../model/access';
import { formatInstant } from '../model/format';
import { eventPaths, NEW_ID } from '../model/paths';
import { maxScoreOf } from '../model/quiz-form';
import { requireEventsUser } from './guards';

/** The quiz list (001 §2 names it; ADR 0061: /scheduled-events/quizzes): staff read it, tc_admin creates, edits and deletes. */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireEventsUser(request, 'staff');
  await queryClient.ensureQueryData(quizzesQueryOptions());
  return null;
}

export function Component() {
  const { t, i18n } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const { data: user } = useUserData();
  const admin = isEventsAdmin(user);
  const quizzes = useQuizzes();
  const remove = useDeleteQuiz();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <PageShell size="lg">
      <EventsNav />
      <Stack gap="md">
        {admin && (
          <Group justify="flex-end">
            <Button component={Link} to={eventPaths.quiz(NEW_ID)} data-testid="quiz-new">
              {t('quizzes.new')}
            </Button>
          </Group>
        )}
        {quizzes.isError && (
          <Alert color="red" variant="light" role="alert">
            {toMessage(quizzes.error)}
          </Alert>
        )}
        {quizzes.data?.items.length === 0 && (
          <Text c="dimmed" ta="center" data-testid="quizzes-empty">
            {t('quizzes.empty')}
          </Text>
        )}
        {(quizzes.data?.items.length ?? 0) > 0 && (
          <Paper withBorder radius="md">
            <Table striped verticalSpacing="xs" data-testid="quizzes-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('quiz.title')}</Table.Th>
                  <Table.Th>{t('quizzes.questions')}</Table.Th>
                  <Table.Th>{t('quizzes.maxScore')}</Table.Th>
                  <Table.Th>{t('quizzes.updated')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {quizzes.data?.items.map((q) => (
                  <Table.Tr key={q.quizId} data-testid={`quiz-row-${q.quizId}`} data-title={q.title}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {q.title}
                      </Text>
                      {q.description && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {q.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{q.questions.length}</Table.Td>
                    <Table.Td>{maxScoreOf(q.questions)}</Table.Td>
                    <Table.Td>{formatInstant(q.updatedAt, zone, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button size="compact-sm" variant="default" component={Link} to={eventPaths.quiz(q.quizId)}>
                          {admin ? t('list.edit') : t('list.view')}
                        </Button>
                        {admin && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            loading={remove.isPending && remove.variables === q.quizId}
                            onClick={() => {
                              if (!window.confirm(t('quizzes.confirmDelete', { title: q.title }))) return;
                              remove.mutate(q.quizId, {
                                onSuccess: () => notifications.show({ color: 'teal', message: t('quizzes.deleted') }),
                                onError: (error) => notifications.show({ color: 'red', message: toMessage(error) }),
                              });
                            }}
                          >
                            {t('quizzes.delete')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
    </PageShell>
  );
}
