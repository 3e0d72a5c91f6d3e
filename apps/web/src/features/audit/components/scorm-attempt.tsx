import { Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditScormAttempt } from '@portal/reporting/contracts/audit-http';
import { scormWord } from '../model/audit-model';

/**
 * A learner's SCORM commit in words (issue 27): the course, SCO, status and score, then each
 * interaction (its description or id, the learner's response, right or wrong, the correct
 * response, time taken, when) and each objective (id, status, score).
 */
export function ScormAttempt({ attempt }: { attempt: AuditScormAttempt }) {
  const { t } = useTranslation('audit');
  const result = (value: string | null) => scormWord(t, 'results', value);
  const status = (value: string | null) => scormWord(t, 'statuses', value);
  const heading = [attempt.place ?? attempt.entryId, attempt.scoId && `${t('scorm.sco')}: ${attempt.scoId}`, `${t('scorm.status')}: ${status(attempt.lessonStatus)}`, attempt.score !== null && `${t('scorm.score')}: ${attempt.score}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="audit-scorm" data-entry={attempt.entryId} data-sco={attempt.scoId ?? ''}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('scorm.title')}: {heading}
        </Text>
        {attempt.interactions.length === 0 && attempt.objectives.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('scorm.noRecords')}
          </Text>
        )}
        {attempt.interactions.length > 0 && (
          <Table withTableBorder verticalSpacing={2} fz="xs" aria-label={t('scorm.interactions')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('scorm.columns.question')}</Table.Th>
                <Table.Th>{t('scorm.columns.response')}</Table.Th>
                <Table.Th>{t('scorm.columns.result')}</Table.Th>
                <Table.Th>{t('scorm.columns.correct')}</Table.Th>
                <Table.Th>{t('scorm.columns.latency')}</Table.Th>
                <Table.Th>{t('scorm.columns.time')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attempt.interactions.map((i) => (
                <Table.Tr key={i.index} data-testid="audit-scorm-interaction" data-id={i.id} data-result={i.result ?? ''}>
                  <Table.Td>{i.description ? `${i.description} (${i.id})` : i.id}</Table.Td>
                  <Table.Td>{i.learnerResponse ?? '—'}</Table.Td>
                  <Table.Td>{result(i.result)}</Table.Td>
                  <Table.Td>{i.correctResponses.length > 0 ? i.correctResponses.join(' · ') : '—'}</Table.Td>
                  <Table.Td>{i.latency ?? '—'}</Table.Td>
                  <Table.Td>{i.timestamp ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {attempt.objectives.length > 0 && (
          <Table withTableBorder verticalSpacing={2} fz="xs" aria-label={t('scorm.objectives')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('scorm.columns.objective')}</Table.Th>
                <Table.Th>{t('scorm.columns.objectiveStatus')}</Table.Th>
                <Table.Th>{t('scorm.columns.objectiveScore')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attempt.objectives.map((o) => (
                <Table.Tr key={o.index} data-testid="audit-scorm-objective" data-id={o.id}>
                  <Table.Td>{o.description ? `${o.description} (${o.id})` : o.id}</Table.Td>
                  <Table.Td>{[o.status, o.completion].filter((s) => s !== null && s !== 'unknown').map(status).join(' · ') || status(null)}</Table.Td>
                  <Table.Td>{o.score ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
