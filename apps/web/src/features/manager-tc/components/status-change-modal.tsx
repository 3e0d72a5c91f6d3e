import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { statusChangeSchema, type BookingRow } from '@portal/booking/contracts/http';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useChangeStatus } from '../api/bookings';

const REASON_MIN = 3;

/** Staff confirm or cancel a booking; a reason is required and goes to the visitor. */
export function StatusChangeModal({ booking, onClose }: { booking: BookingRow | null; onClose: () => void }) {
  const { t } = useTranslation('manager-tc');
  const toMessage = useErrorMessage();
  const change = useChangeStatus();
  const [status, setStatus] = useState<'confirmed' | 'canceled'>('canceled');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const tooShort = reason.trim().length < REASON_MIN;

  const close = () => {
    change.reset();
    setReason('');
    setTouched(false);
    onClose();
  };

  const save = () => {
    setTouched(true);
    const body = statusChangeSchema.safeParse({ status, reason });
    if (!booking || !body.success) return;
    change.mutate(
      { bookingId: booking.bookingId, body: body.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('bookings.saved') });
          close();
        },
      },
    );
  };

  return (
    <Modal opened={booking !== null} onClose={close} title={t('bookings.statusTitle')} closeButtonProps={{ 'aria-label': t('bookings.close') }}>
      {booking && (
        <Stack gap="md">
          <Text size="sm">
            {booking.visitorName} · {booking.locationName} · {booking.date} {booking.time}
          </Text>
          {change.isError && (
            <Alert color="red" variant="light" role="alert" data-testid="status-error">
              {toMessage(change.error)}
            </Alert>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('bookings.newStatus')}
            </Text>
            <SegmentedControl
              value={status}
              onChange={(v) => setStatus(v === 'confirmed' ? 'confirmed' : 'canceled')}
              data={[
                { value: 'confirmed', label: t('status.confirmed') },
                { value: 'canceled', label: t('status.canceled') },
              ]}
              data-testid="status-choice"
            />
          </Stack>
          <Textarea
            label={t('bookings.reasonLabel')}
            description={t('bookings.reasonHint')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && tooShort ? t('bookings.reasonTooShort', { length: REASON_MIN }) : null}
            data-testid="status-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('bookings.close')}
            </Button>
            <Button onClick={save} loading={change.isPending} data-testid="status-save">
              {t('bookings.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
