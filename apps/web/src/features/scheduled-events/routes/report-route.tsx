import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { data, Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { LOCALES, type Locale } from '@portal/kernel';
import { queryClient } from '../../../shared/api/query-client';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { PageShell } from '../../../shared/ui/page-shell';
import { downloadEventReport, eventReportQueryOptions, REPORT_FORMATS, useEventReport, type ReportFormat } from '../api/reports';
import { AttendeeBadge, StateBadge } from '../components/state-badge';
import { OpenAnswersCard } from '../components/open-answers-card';
import { QuizReportCard } from '../components/quiz-report-card';
import { eventWhen, formatInstant } from '../model/format';
import { eventPaths, isEntityId } from '../model/paths';
import { requireEventsUser } from './guards';

/**
 * /scheduled-events/reports/:id (001 §2): counts, every attendee's enrolment, check-in,
 * check-out, minutes present and quiz score, each quiz's results per question, the open answers
 * to read and score, and the exports the API makes, CSV and XLSX (tc_admin and tc_manager).
 */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  if (!isEntityId(params.id)) throw data(null, { status: 404 });
  await requireEventsUser(request, 'staff');
  await queryClient.ensureQueryData(eventReportQueryOptions(params.id));
  return null;
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId} data-value={value}>
        {value}
      </Text>
    </Paper>
  );
}

export function Component() {
  const { t, i18n } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const { id = '' } = useParams();
  const report = useEventReport(id);
  const [exporting, setExporting] = useState<ReportFormat | null>(null);
  if (!report.data) return null;
  const { event, attendees } = report.data;
  const at = (iso: string | null) => formatInstant(iso, event.timezone, i18n.language);

  const exportAs = async (format: ReportFormat) => {
    setExporting(format);
    try {
      const lang = (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'pt-BR';
      const name = await downloadEventReport(event, format, lang);
      notifications.show({ color: 'teal', message: t('report.exported', { name }) });
    } catch (error) {
      notifications.show({ color: 'red', message: toMessage(error) });
    } finally {
      setExporting(null);
    }
  };

  return (
    <PageShell size="xl">
      <Stack gap="md">
        <Anchor component={Link} to={eventPaths.list} size="sm">
          ← {t('nav.events')}
        </Anchor>
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={1} size="h2" c="brand" data-testid="report-title">
              {t('report.title', { title: event.title })}
            </Title>
            <Group gap="xs">
              <StateBadge state={event.state} />
              <Text size="sm" c="dimmed">
                {eventWhen(event, i18n.language)}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs">
            {REPORT_FORMATS.map((format) => (
              <Button key={format} variant="light" loading={exporting === format} onClick={() => void exportAs(format)} data-testid={`report-export-${format}`}>
                {t(`report.export.${format}`)}
              </Button>
            ))}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          <Figure label={t('report.vacancies')} value={event.vacancies} testId="report-vacancies" />
          <Figure label={t('report.enrolled')} value={event.counts.enrolled} testId="report-enrolled" />
          <Figure label={t('report.waitlisted')} value={event.counts.waitlisted} testId="report-waitlisted" />
          <Figure label={t('report.checkedIn')} value={event.counts.checkedIn} testId="report-checked-in" />
          <Figure label={t('report.checkedOut')} value={event.counts.checkedOut} testId="report-checked-out" />
        </SimpleGrid>
        {report.isError && (
          <Alert color="red" variant="light" role="alert">
            {toMessage(report.error)}
          </Alert>
        )}
        <Paper withBorder radius="md">
          <ScrollArea>
            <Table striped verticalSpacing="xs" miw={980} data-testid="report-attendees">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report.attendee')}</Table.Th>
                  <Table.Th>{t('report.status')}</Table.Th>
                  <Table.Th>{t('report.enrolledAt')}</Table.Th>
                  <Table.Th>{t('report.checkedInAt')}</Table.Th>
                  <Table.Th>{t('report.checkedOutAt')}</Table.Th>
                  <Table.Th>{t('report.minutes')}</Table.Th>
                  <Table.Th>{t('report.quizScore')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {attendees.map((a) => (
                  <Table.Tr key={a.userId} data-testid={`report-row-${a.userId}`} data-email={a.email} data-checked-in={a.checkedInAt ? 'yes' : 'no'} data-score={a.quizScore ?? ''}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {a.name ?? a.email}
                      </Text>
                      {a.name && (
                        <Text size="xs" c="dimmed">
                          {a.email}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <AttendeeBadge status={a.status} position={a.position} />
                    </Table.Td>
                    <Table.Td>{at(a.enrolledAt ?? a.waitlistedAt)}</Table.Td>
                    <Table.Td>{at(a.checkedInAt)}</Table.Td>
                    <Table.Td>{at(a.checkedOutAt)}</Table.Td>
                    <Table.Td>{a.minutesPresent ?? ''}</Table.Td>
                    <Table.Td>{a.quizScore === null ? '' : a.quizMaxScore === null ? a.quizScore : t('report.scoreOf', { score: a.quizScore, max: a.quizMaxScore })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {attendees.length === 0 && (
            <Text c="dimmed" ta="center" p="md" data-testid="report-empty">
              {t('report.noAttendees')}
            </Text>
          )}
        </Paper>
        {event.quizzes.map((q) => (
          <Stack key={q.quizId} gap="md">
            <QuizReportCard quizId={q.quizId} eventId={event.eventId} />
            <OpenAnswersCard eventId={event.eventId} quizId={q.quizId} title={q.title} names={new Map(attendees.map((a) => [a.userId, a.name ?? a.email]))} />
          </Stack>
        ))}
      </Stack>
    </PageShell>
  );
}
