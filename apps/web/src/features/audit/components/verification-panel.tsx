import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditVerification } from '@portal/reporting/contracts/audit-http';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useStartVerification, useVerification } from '../api/audit';
import { breakPlace, firstBreak, progressOf } from '../model/audit-model';

const COLORS: Record<AuditVerification['status'], string> = { running: 'blue', passed: 'teal', failed: 'red', interrupted: 'orange', error: 'red' };

/** The whole-log verification (`audit verify --all`) from the screen: start, progress, result. */
export function VerificationPanel() {
  const { t, i18n } = useTranslation('audit');
  const toMessage = useErrorMessage();
  const current = useVerification();
  const start = useStartVerification();
  const run = current.data?.run ?? null;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const running = run?.status === 'running';

  return (
    <Paper withBorder p="md" radius="md" data-testid="audit-verification">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={3}>{t('verify.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('verify.intro')}
            </Text>
          </Stack>
          <Button onClick={() => start.mutate()} loading={start.isPending} disabled={running} data-testid="audit-verify-start">
            {running ? t('verify.running') : t('verify.start')}
          </Button>
        </Group>
        {start.error && (
          <Alert color="red" data-testid="audit-verify-error">
            {toMessage(start.error)}
          </Alert>
        )}
        {run && (
          <Stack gap={6}>
            <Group gap="xs">
              <Badge color={COLORS[run.status]} data-testid="audit-verify-status" data-status={run.status}>
                {t(`verify.status.${run.status}`)}
              </Badge>
              <Text size="sm" c="dimmed">
                {t('verify.startedAt', { at: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(run.startedAt)) })}
              </Text>
            </Group>
            <Progress value={progressOf(run)} animated={running} color={COLORS[run.status]} aria-label={t('verify.title')} data-testid="audit-verify-progress" />
            <Text size="sm" data-testid="audit-verify-counts">
              {t('verify.progress', { checked: number(run.checked), total: number(run.total), rate: number(Math.round(run.eventsPerSecond)) })}
            </Text>
            {run.result && <VerificationResult run={run} />}
            {run.status === 'error' && <Alert color="red">{t('verify.error', { error: run.error ?? '' })}</Alert>}
            {run.status === 'interrupted' && <Alert color="orange">{t('verify.interrupted')}</Alert>}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function VerificationResult({ run }: { run: AuditVerification }) {
  const { t, i18n } = useTranslation('audit');
  const result = run.result!;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  if (result.breaks.length === 0) {
    return (
      <Alert color="teal" title={t('verify.passed')} data-testid="audit-verify-result">
        <Stack gap={2}>
          <Text size="sm">
            {result.checkpoint ? t('verify.upTo', { checkpoint: result.checkpoint, position: result.sealedUpTo ?? '' }) : t('verify.noCheckpoint')}
          </Text>
          <Text size="sm">{t('verify.counted', { events: number(result.events), streams: number(result.streams) })}</Text>
          {result.unsealed > 0 && <Text size="sm">{t('verify.unsealed', { count: result.unsealed })}</Text>}
        </Stack>
      </Alert>
    );
  }
  const first = firstBreak(result.breaks)!;
  const place = breakPlace(first);
  return (
    <Alert color="red" title={t('verify.failed')} data-testid="audit-verify-result">
      <Stack gap={2}>
        <Text size="sm" fw={600} data-testid="audit-verify-first-break">
          {place.kind === 'stream'
            ? t('verify.firstStream', { stream: place.streamId, revision: place.revision })
            : t('verify.firstCheckpoint', { checkpoint: place.checkpoint, position: place.position ?? '?' })}
        </Text>
        <Text size="sm">{first.reason}</Text>
        {result.breaks.length > 1 && <Text size="sm">{t('verify.moreBreaks', { count: result.breaks.length - 1 })}</Text>}
      </Stack>
    </Alert>
  );
}
