import { Fragment, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Code, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AuditSubjectKind } from '@portal/reporting/contracts/audit-shapes';
import type { AuditStreamChain, AuditTimelineEvent } from '@portal/reporting/contracts/audit-http';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { ChevronDownIcon } from '../../../shared/ui/icons';
import { useExportTrail, useTimeline } from '../api/audit';
import { chainsOf, shortId } from '../model/audit-model';
import { ScormAttempt } from './scorm-attempt';
import { summaryText, withErasedWords, useErasedWord } from '../../../shared/ui/erased';

const SEAL_COLORS: Record<AuditStreamChain['seal'], string> = { sealed: 'teal', 'partly-sealed': 'yellow', unsealed: 'yellow', broken: 'red' };
/** What a stream's badge says: verified only as far as a checkpoint sealed it (ADR 0083). */
function sealText(t: TFunction<'audit'>, c: AuditStreamChain): string {
  switch (c.seal) {
    case 'sealed':
      return t('chains.sealed', { checkpoint: c.checkpoint ?? '?' });
    case 'partly-sealed':
      return t('chains.partlySealed', { revision: c.sealedRevision ?? '?', count: c.unsealed });
    case 'unsealed':
      return t('chains.unsealed');
    default:
      return t('chains.broken', { revision: c.brokenAt ?? '?' });
  }
}

/** One subject's trail: heading, export buttons, filters, each stream's chain, then the events in log order. */
export function SubjectTimeline({ kind, id }: { kind: AuditSubjectKind; id: string }) {
  const { t, i18n } = useTranslation('audit');
  const erased = useErasedWord();
  const toMessage = useErrorMessage();
  const [stream, setStream] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const timeline = useTimeline(kind, id, { stream: stream ?? undefined, type: type ?? undefined });
  const exportTrail = useExportTrail(kind, id);
  const [open, setOpen] = useState<string | null>(null);

  if (timeline.isPending) return <Loader />;
  if (timeline.isError) return <Alert color="red">{toMessage(timeline.error)}</Alert>;
  const pages = timeline.data.pages;
  const first = pages[0]!;
  const facets = first.facets;
  const events = pages.flatMap((p) => p.events);
  const chains = [...chainsOf(pages).values()];
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
  const download = (format: 'csv' | 'json') =>
    exportTrail.mutate(format, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('export.done'), 'data-testid': 'audit-export-done' }),
      onError: (error) => notifications.show({ color: 'red', message: toMessage(error) }),
    });

  return (
    <Stack gap="md" data-testid="audit-timeline">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t(`kinds.${kind}`)}
          </Text>
          <Title order={2} data-testid="audit-subject-label">
            {first.subject.label}
          </Title>
          {first.subject.detail && <Text c="dimmed">{first.subject.detail}</Text>}
          {facets && <Text size="sm">{t('timeline.events', { count: facets.total })}</Text>}
        </Stack>
        <Group gap="xs">
          <Button variant="light" onClick={() => download('csv')} loading={exportTrail.isPending && exportTrail.variables === 'csv'} data-testid="audit-export-csv">
            {t('export.csv')}
          </Button>
          <Button variant="light" onClick={() => download('json')} loading={exportTrail.isPending && exportTrail.variables === 'json'} data-testid="audit-export-json">
            {t('export.json')}
          </Button>
        </Group>
      </Group>

      {first.answer && (
        <Paper withBorder p="sm" radius="md" data-testid="audit-answer">
          <Stack gap={4}>
            <Text fw={600}>{t('answer.title')}</Text>
            {first.answer.items.map((item, i) => (
              <Text key={i} data-testid="audit-answer-item">
                <b>{item.followUp ? t('answer.followUp') : t('answer.question')}:</b> {item.question} · <b>{t('answer.option')}:</b> {item.option ?? '?'} ·{' '}
                {item.isCorrect === null ? t('answer.none') : item.isCorrect ? t('answer.right') : t('answer.wrong')}
                {item.points !== null && ` · ${t('answer.points')}: ${item.points}`}
              </Text>
            ))}
            <Text size="sm">
              {t('answer.result')}: {first.answer.isCorrect === null ? t('answer.none') : first.answer.isCorrect ? t('answer.right') : t('answer.wrong')}
              {first.answer.points !== null && ` · ${t('answer.points')}: ${first.answer.points}`}
              {first.answer.questionRevision !== null && ` · ${t('answer.revision')}: ${first.answer.questionRevision}`}
            </Text>
            <Text size="sm">
              {t('answer.when')}: {when(first.answer.answeredAt)} · {t('answer.from')}: {first.answer.ip ?? '—'} · {first.answer.userAgent ?? '—'}
            </Text>
            {first.answer.attempts.length > 1 && (
              <Text size="sm" data-testid="audit-answer-attempts">
                {t('answer.attempts')}: {first.answer.attempts.map((a) => `#${a.attempt} ${a.isCorrect === null ? '' : a.isCorrect ? '✓' : '✗'} ${when(a.answeredAt)}`).join(' · ')}
              </Text>
            )}
          </Stack>
        </Paper>
      )}

      <Paper withBorder p="sm" radius="md">
        <Stack gap={6}>
          <Text fw={600}>{t('chains.title')}</Text>
          <Group gap={6} data-testid="audit-chains">
            {chains.map((c) => (
              <Tooltip key={c.streamId} label={c.seal === 'broken' ? (c.reason ?? '') : [t('chains.checked', { count: c.checked }), c.sealedAt && t('chains.sealedAt', { when: when(c.sealedAt) })].filter(Boolean).join(' · ')}>
                <Badge color={SEAL_COLORS[c.seal]} variant="light" tt="none" data-testid="audit-chain" data-stream={c.streamId} data-verified={String(c.verified)} data-seal={c.seal}>
                  {c.streamId} · {sealText(t, c)}
                </Badge>
              </Tooltip>
            ))}
          </Group>
          <Text size="sm" c={first.lastWholeLog?.status === 'failed' ? 'red' : 'dimmed'} data-testid="audit-last-whole-log">
            {!first.lastWholeLog
              ? t('chains.neverRun')
              : first.lastWholeLog.status === 'passed'
                ? t('chains.lastRun', { when: when(first.lastWholeLog.finishedAt), events: first.lastWholeLog.events })
                : t('chains.lastRunFailed', { when: when(first.lastWholeLog.finishedAt), place: first.lastWholeLog.firstBreak ?? '?' })}
          </Text>
        </Stack>
      </Paper>

      {facets && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('timeline.filterStream')}
            placeholder={t('timeline.all')}
            clearable
            searchable
            value={stream}
            onChange={setStream}
            data={facets.streams.map((s) => ({ value: s.streamId, label: `${s.streamId} (${s.events})` }))}
            data-testid="audit-filter-stream"
          />
          <Select
            label={t('timeline.filterType')}
            placeholder={t('timeline.all')}
            clearable
            searchable
            value={type}
            onChange={setType}
            data={facets.types.map((f) => ({ value: f.type, label: `${f.type} (${f.events})` }))}
            data-testid="audit-filter-type"
          />
        </SimpleGrid>
      )}

      {events.length === 0 ? (
        <Text c="dimmed">{t('timeline.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="audit-events">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>{t('timeline.columns.when')}</Table.Th>
                <Table.Th>{t('timeline.columns.event')}</Table.Th>
                <Table.Th>{t('timeline.columns.stream')}</Table.Th>
                <Table.Th>{t('timeline.columns.who')}</Table.Th>
                <Table.Th>{t('timeline.columns.summary')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((e) => (
                <Fragment key={e.eventId}>
                  <Table.Tr data-testid="audit-event" data-type={e.type}>
                    <Table.Td>
                      <ActionIcon variant="subtle" aria-label={t('timeline.toggle')} aria-expanded={open === e.eventId} onClick={() => setOpen(open === e.eventId ? null : e.eventId)} data-testid="audit-event-toggle">
                        <ChevronDownIcon size={16} />
                      </ActionIcon>
                    </Table.Td>
                    <Table.Td>{when(e.recordedAt)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {e.type}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{e.streamId}</Text>
                      <Text size="xs" c="dimmed">
                        {t('timeline.revision', { revision: e.revision })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{shortId(e.actor)}</Text>
                      {e.by && e.by !== e.actor && (
                        <Text size="xs" c="dimmed">
                          {t('timeline.details.by')}: {shortId(e.by)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{summaryText(e.summary, erased)}</Text>
                    </Table.Td>
                  </Table.Tr>
                  {e.scorm && (
                    <Table.Tr>
                      <Table.Td />
                      <Table.Td colSpan={5}>
                        <ScormAttempt attempt={e.scorm} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {open === e.eventId && (
                    <Table.Tr>
                      <Table.Td colSpan={6}>
                        <EventDetails event={e} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {timeline.hasNextPage && (
        <Button variant="default" onClick={() => void timeline.fetchNextPage()} loading={timeline.isFetchingNextPage} data-testid="audit-more">
          {t('timeline.more')}
        </Button>
      )}
    </Stack>
  );
}

function EventDetails({ event: e }: { event: AuditTimelineEvent }) {
  const { t } = useTranslation('audit');
  const erased = useErasedWord();
  const none = t('timeline.details.none');
  const rows: [string, string][] = [
    [t('timeline.details.eventId'), e.eventId],
    [t('timeline.details.position'), e.position],
    [t('timeline.details.actor'), e.actor],
    [t('timeline.details.by'), e.by ?? none],
    [t('timeline.details.origin'), e.origin],
    [t('timeline.details.ip'), e.ip ?? none],
    [t('timeline.details.userAgent'), e.userAgent ?? none],
    [t('timeline.details.correlation'), e.correlationId],
    [t('timeline.details.causation'), e.causationId ?? none],
    [t('timeline.details.clientTime'), e.clientTime ?? none],
    [t('timeline.details.hash'), e.hash],
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="audit-event-details">
      <Table withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" style={{ wordBreak: 'break-all' }}>
                  {value}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {t('timeline.details.data')}
        </Text>
        <Code block data-testid="audit-event-data">
          {JSON.stringify(withErasedWords(e.data, erased), null, 2)}
        </Code>
      </Stack>
    </SimpleGrid>
  );
}
