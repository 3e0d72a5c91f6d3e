import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { instantPlusDays, DELETION_GRACE_DAYS, type ConsentState, type MyPrivacyRequest } from '@portal/identity/contracts/privacy';
import { queryClient } from '../../../shared/api/query-client';
import { currentLocale, loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { paths } from '../../../shared/routing/paths';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { downloadExport, myPrivacyQueryOptions, useMyPrivacy, useRequestDeletion, useRequestExport, useSetConsent } from '../api/privacy';
import { formatDate } from '../model/format';
import { PRIVACY_PROCESSING } from '../model/privacy-paths';

/**
 * /account/privacy (issue 31, ADR 0092): the learner's rights in one place: download my data,
 * correct it (the profile), my consents with their text version, delete my account (7 days of
 * grace, signing in cancels), my requests, and what is processed and shared. Any signed-in user.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await Promise.all([requireSession(new URL(request.url), 'session'), loadNamespaces('privacy')]);
  await queryClient.ensureQueryData(myPrivacyQueryOptions());
  return null;
}

export function Component() {
  const { t } = useTranslation('privacy');
  const locale = currentLocale();
  const { data } = useMyPrivacy();
  const lastExport = data.requests.find((r) => r.kind === 'export');
  return (
    <PageShell size="md">
      <Stack gap="lg">
        <Title order={1} c="brand" data-testid="privacy-title">
          {t('title')}
        </Title>
        <Text>{t('intro')}</Text>
        <ExportPanel last={lastExport} locale={locale} />
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t('correct.title')}
            </Title>
            <Text>{t('correct.text')}</Text>
            <Anchor component={Link} to={paths.profile} data-testid="privacy-correct">
              {t('correct.link')}
            </Anchor>
          </Stack>
        </Paper>
        <ConsentsPanel consents={data.consents} locale={locale} />
        <DeletionPanel locale={locale} />
        <HistoryPanel requests={data.requests} locale={locale} />
        <Anchor component={Link} to={PRIVACY_PROCESSING} data-testid="privacy-processing-link">
          {t('processing.link')}
        </Anchor>
      </Stack>
    </PageShell>
  );
}

function ExportPanel({ last, locale }: { last: MyPrivacyRequest | undefined; locale: string }) {
  const { t } = useTranslation('privacy');
  const errorMessage = useErrorMessage();
  const request = useRequestExport();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const expired = last?.status === 'honoured' && last.expiresAt !== null && last.expiresAt <= new Date().toISOString();
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('export.title')}
        </Title>
        <Text>{t('export.text')}</Text>
        {last?.status === 'pending' && <Alert data-testid="privacy-export-pending">{t('export.pending', { date: formatDate(last.dueAt, locale) })}</Alert>}
        {last?.status === 'honoured' && !expired && (
          <Group>
            <Text data-testid="privacy-export-ready">{t('export.ready', { date: formatDate(last.expiresAt, locale) })}</Text>
            <Button variant="light" onClick={() => downloadExport(last.requestId).catch((e: unknown) => setDownloadError(errorMessage(e)))} data-testid="privacy-export-download">
              {t('export.download')}
            </Button>
          </Group>
        )}
        {expired && <Text c="dimmed">{t('export.expired', { date: formatDate(last.expiresAt, locale) })}</Text>}
        {(request.error || downloadError) && <Alert color="red">{downloadError ?? errorMessage(request.error)}</Alert>}
        {last?.status !== 'pending' && (
          <Group>
            <Button onClick={() => request.mutate()} loading={request.isPending} data-testid="privacy-export-request">
              {t('export.button')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function ConsentsPanel({ consents, locale }: { consents: ConsentState[]; locale: string }) {
  const { t } = useTranslation('privacy');
  const errorMessage = useErrorMessage();
  const setConsent = useSetConsent();
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('consents.title')}
        </Title>
        {consents.map((c) => (
          <Stack key={c.consent} gap={4}>
            <Switch
              checked={c.given}
              label={t(`consents.${c.consent}.label`)}
              disabled={setConsent.isPending}
              onChange={(event) => setConsent.mutate({ consent: c.consent, given: event.currentTarget.checked, textVersion: c.textVersion })}
              data-testid={`privacy-consent-${c.consent}`}
            />
            <Text size="sm">{t(`consents.${c.consent}.text`)}</Text>
            <Text size="xs" c="dimmed" data-testid={`privacy-consent-${c.consent}-version`}>
              {t('consents.version', { version: c.textVersion })}
              {c.at ? ` · ${formatDate(c.at, locale)}` : ''}
            </Text>
            {c.consent === 'registration' && !c.given && <Alert color="yellow">{t('consents.registration.withdrawn')}</Alert>}
          </Stack>
        ))}
        {setConsent.error && <Alert color="red">{errorMessage(setConsent.error)}</Alert>}
      </Stack>
    </Paper>
  );
}

function DeletionPanel({ locale }: { locale: string }) {
  const { t } = useTranslation('privacy');
  const errorMessage = useErrorMessage();
  const [confirming, setConfirming] = useState(false);
  const deletion = useRequestDeletion();
  const eraseOn = formatDate(instantPlusDays(new Date().toISOString(), DELETION_GRACE_DAYS), locale);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('delete.title')}
        </Title>
        <Text>{t('delete.text')}</Text>
        {deletion.data ? (
          <Alert color="orange" data-testid="privacy-delete-scheduled">
            <Stack gap="xs">
              <Text>{t('delete.scheduled', { date: formatDate(deletion.data.eraseAfter, locale) })}</Text>
              <Group>
                <Button component={Link} to={paths.logoff} variant="default" data-testid="privacy-delete-signout">
                  {t('delete.signOut')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group>
            <Button color="red" variant="outline" onClick={() => setConfirming(true)} data-testid="privacy-delete">
              {t('delete.button')}
            </Button>
          </Group>
        )}
        {deletion.error && <Alert color="red">{errorMessage(deletion.error)}</Alert>}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('delete.confirmTitle')}>
        <Stack>
          <Text>{t('delete.confirmText', { date: eraseOn })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('delete.cancel')}
            </Button>
            <Button
              color="red"
              loading={deletion.isPending}
              onClick={() => deletion.mutate(undefined, { onSettled: () => setConfirming(false) })}
              data-testid="privacy-delete-confirm"
            >
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function HistoryPanel({ requests, locale }: { requests: MyPrivacyRequest[]; locale: string }) {
  const { t } = useTranslation('privacy');
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('history.title')}
        </Title>
        {requests.length === 0 && <Text c="dimmed">{t('history.empty')}</Text>}
        {requests.map((r) => (
          <Group key={r.requestId} gap="sm" data-testid={`privacy-request-${r.kind}`} data-status={r.status}>
            <Text fw={600}>{t(`kinds.${r.kind}`)}</Text>
            <Badge variant="light">{t(`status.${r.status}`)}</Badge>
            <Text size="sm">{t('history.requested', { date: formatDate(r.requestedAt, locale) })}</Text>
            {r.status === 'pending' && <Text size="sm">{t('history.due', { date: formatDate(r.dueAt, locale) })}</Text>}
            {r.honouredAt && <Text size="sm">{t('history.honoured', { date: formatDate(r.honouredAt, locale) })}</Text>}
            {r.canceledReason && (
              <Text size="sm" data-testid="privacy-request-canceled-reason">
                {t(`canceledReason.${r.canceledReason}`)} ({formatDate(r.canceledAt, locale)})
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
