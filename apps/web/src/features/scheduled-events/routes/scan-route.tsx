import { useEffect, useRef } from 'react';
import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { PageShell } from '../../../shared/ui/page-shell';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useScanCode } from '../api/attendance';
import { eventPaths } from '../model/paths';
import { staffCodeOf } from '../model/scan-codes';
import { requireEventsUser } from './guards';

/**
 * /scheduled-events/scan?code=… (ADR 0061): the page the staff screen's QR code opens on an
 * attendee's phone. Signed out, the sign-in keeps this address as `next` and comes back; then
 * the code is sent once (POST /scheduledEvents/scan) and the answer shown, big, for a phone.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireEventsUser(request, 'attendee');
  return null;
}

export function Component() {
  const { t } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const [params] = useSearchParams();
  const code = staffCodeOf(params);
  const scan = useScanCode();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!code || sent.current === code) return;
    sent.current = code;
    scan.mutate(code);
  }, [code]);

  const result = scan.data;
  return (
    <PageShell size="xs">
      <Paper withBorder radius="md" p="xl" data-testid="scan-page" data-state={!code ? 'invalid' : scan.isPending ? 'sending' : result ? 'done' : scan.isError ? 'error' : 'idle'}>
        <Stack gap="md" align="center" ta="center">
          {!code && (
            <Alert color="red" variant="light" role="alert" w="100%">
              {t('scan.invalid')}
            </Alert>
          )}
          {code && scan.isPending && <Loader aria-label={t('scan.sending')} />}
          {result && (
            <>
              <Title order={1} size="h2" c="teal" data-testid="scan-result" data-action={result.action} data-changed={result.changed}>
                {result.action === 'check-in' ? t('scan.checkedIn') : t('scan.checkedOut')}
              </Title>
              {!result.changed && <Text c="dimmed">{t('scan.already')}</Text>}
              <Button component={Link} to={eventPaths.published(result.eventId)} variant="light" data-testid="scan-event-link">
                {t('scan.toEvent')}
              </Button>
            </>
          )}
          {scan.isError && (
            <>
              <Alert color="red" variant="light" role="alert" w="100%" data-testid="scan-error">
                {toMessage(scan.error)}
              </Alert>
              <Text size="sm" c="dimmed">
                {t('scan.tryAgain')}
              </Text>
              <Button component={Link} to={eventPaths.myEvents} variant="default">
                {t('nav.myEvents')}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </PageShell>
  );
}
