import { Alert, Badge, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useQuizReport } from '../api/reports';

/** A quiz's results per question for one event (GET /reports/quizzes/:id?eventId): answers, correct, pending open answers, average, and how often each alternative was chosen. */
export function QuizReportCard({ quizId, eventId }: { quizId: string; eventId: string }) {
  const { t, i18n } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const report = useQuizReport(quizId, eventId);
  const number = (n: number | null) => (n === null ? '–' : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(n));
  if (report.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {toMessage(report.error)}
      </Alert>
    );
  }
  const r = report.data;
  if (!r) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`quiz-report-${quizId}`} data-answers={r.answers}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {r.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('report.quizSummary', { count: r.answers, average: number(r.averageScore), max: number(r.maxScore) })}
          </Text>
        </Group>
        {r.questions.map((q, i) => (
          <Stack key={q.questionId} gap={4} data-testid="quiz-report-question" data-correct={q.correct} data-answers={q.answers}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600} style={{ flex: 1 }}>
                {i + 1}. {q.description}
              </Text>
              <Badge variant="light" size="sm">
                {t(`quiz.types.${q.type}`)} · {q.language}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {q.type === 'open'
                ? t('report.openLine', { count: q.answers, pending: q.pending, average: number(q.averageScore), max: number(q.maxScore) })
                : t('report.questionLine', { count: q.answers, right: q.correct, average: number(q.averageScore), max: number(q.maxScore) })}
            </Text>
            {q.alternatives.length > 0 && (
              <Table verticalSpacing={2} fz="sm">
                <Table.Tbody>
                  {q.alternatives.map((a) => (
                    <Table.Tr key={a.alternativeId}>
                      <Table.Td w="55%">
                        {a.prefix && `${a.prefix}) `}
                        {a.description}
                        {a.correct && (
                          <Badge ml={6} size="xs" color="teal" variant="light">
                            {t('quiz.correct')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td w="30%">
                        <Progress value={q.answers ? (a.chosen / q.answers) * 100 : 0} color={a.correct ? 'teal' : 'gray'} aria-label={a.description} />
                      </Table.Td>
                      <Table.Td ta="right">{a.chosen}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
