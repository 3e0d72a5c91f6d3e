import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useBookingLink, useCancelBooking } from '../api/booking-link';
import { BookingLayout } from '../components/booking-layout';
import { BOOKING_HOME } from '../components/booking-paths';
import { VisitSummary } from '../components/visit-summary';

/**
 * /public/booking/cancel?token=...: shows the visit and cancels it on an explicit click (a mail
 * scanner opening the link cancels nothing). Pendent and confirmed visits can be canceled (001 §4).
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
  const link = useBookingLink(token);
  const cancel = useCancelBooking();
  const booking = cancel.data ?? link.data;
  const cancelable = booking && booking.action === 'cancel' && (booking.status === 'pendent' || booking.status === 'confirmed');

  return (
    <BookingLayout>
      <Stack gap="lg">
        <Title order={1} c="brand">
          {t('cancel.title')}
        </Title>
        {!token ? (
          <Alert color="red" variant="light" role="alert" data-testid="cancel-error">
            {t('confirm.missing')}
          </Alert>
        ) : link.isPending ? (
          <Skeleton h={160} />
        ) : link.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('cancel.failed')} data-testid="cancel-error">
            {toMessage(link.error)}
          </Alert>
        ) : booking ? (
          <Stack gap="md">
            {cancel.isSuccess && (
              <Alert color="teal" variant="light" title={t('cancel.done')} data-testid="cancel-done">
                {t('cancel.doneBody')}
              </Alert>
            )}
            {cancel.isError && (
              <Alert color="red" variant="light" role="alert" title={t('cancel.failed')} data-testid="cancel-error">
                {toMessage(cancel.error)}
              </Alert>
            )}
            <VisitSummary booking={booking} />
            {!cancel.isSuccess &&
              (cancelable ? (
                <Stack gap="sm">
                  <Text fw={600}>{t('cancel.question')}</Text>
                  <Group>
                    <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate(token)} data-testid="cancel-submit">
                      {t('cancel.submit')}
                    </Button>
                  </Group>
                </Stack>
              ) : (
                <Text c="dimmed" data-testid="cancel-not-possible">
                  {t('cancel.notCancelable')}
                </Text>
              ))}
          </Stack>
        ) : null}
        <div>
          <Button component={Link} to={BOOKING_HOME} variant="light">
            {t('bookAgain')}
          </Button>
        </div>
      </Stack>
    </BookingLayout>
  );
}
