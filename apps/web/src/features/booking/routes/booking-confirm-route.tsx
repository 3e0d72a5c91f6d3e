import { useEffect, useRef } from 'react';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useConfirmBooking } from '../api/booking-link';
import { BookingLayout } from '../components/booking-layout';
import { BOOKING_HOME } from '../components/booking-paths';
import { VisitSummary } from '../components/visit-summary';

/**
 * /public/booking/confirm?token=...: opening the e-mailed link confirms the visit; reopened after
 * that it says the visit is confirmed (alreadyConfirmed); an expired or forged link answers
 * invalid-action, a full slot booking-unavailable.
 */
export async function loader(): Promise<null> {
  await loadNamespaces('booking');
  return null;
}

export function Component() {
  const { t } = useTranslation('booking');
  const toMessage = useErrorMessage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmBooking();
  const sent = useRef(false);

  useEffect(() => {
    // one request per page, also under StrictMode's double effects
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  return (
    <BookingLayout>
      <Stack gap="lg">
        <Title order={1} c="brand">
          {t('confirm.title')}
        </Title>
        {!token ? (
          <Alert color="red" variant="light" role="alert" data-testid="confirm-error">
            {t('confirm.missing')}
          </Alert>
        ) : confirm.isSuccess ? (
          <Stack gap="md" data-testid="confirm-done" data-already={confirm.data.alreadyConfirmed ? 'true' : 'false'}>
            <Alert color="teal" variant="light" title={t('confirm.done')}>
              {confirm.data.alreadyConfirmed ? t('confirm.alreadyBody') : t('confirm.doneBody')}
            </Alert>
            <VisitSummary booking={confirm.data} />
          </Stack>
        ) : confirm.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('confirm.failed')} data-testid="confirm-error" data-code={(confirm.error as { code?: string }).code ?? ''}>
            {toMessage(confirm.error)}
          </Alert>
        ) : (
          <Center py="xl">
            <Stack align="center" gap="sm">
              <Loader />
              <Text>{t('confirm.working')}</Text>
            </Stack>
          </Center>
        )}
        <div>
          <Button component={Link} to={BOOKING_HOME} variant="light">
            {t('bookAgain')}
          </Button>
        </div>
      </Stack>
    </BookingLayout>
  );
}
