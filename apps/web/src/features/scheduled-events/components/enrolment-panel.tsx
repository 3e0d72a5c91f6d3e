import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ScheduledEvent } from '@portal/events/contracts/http';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { asLocale } from '../../../shared/ui/shell/localized';
import { useEnrol, useWithdraw } from '../api/attendance';
import { learnerAction, seatsLeft } from '../model/event-actions';
import { formatInstant } from '../model/format';
import { AttendeeBadge } from './state-badge';

/**
 * A learner's place in the event (ADR 0060): seats left, enrol (or join the waiting list when
 * full), the place in line, withdraw until the start, and whether they were checked in or out.
 */
export function EnrolmentPanel({ event, compact = false }: { event: ScheduledEvent; compact?: boolean }) {
  const { t, i18n } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const enrol = useEnrol();
  const withdraw = useWithdraw();
  const me = event.me ?? null;
  const action = learnerAction(event, me, new Date());
  const busy = enrol.isPending || withdraw.isPending;
  const error = enrol.error ?? withdraw.error;

  const doEnrol = () =>
    enrol.mutate(
      { eventId: event.eventId, lang: asLocale(i18n.language) },
      {
        onSuccess: (r) =>
          notifications.show({
            color: 'teal',
            message: r.attendance.status === 'waitlisted' ? t('enrolment.waitlistedNotice', { position: r.attendance.position ?? 0 }) : t('enrolment.enrolledNotice', { title: event.title }),
          }),
      },
    );
  const doWithdraw = () => {
    if (!window.confirm(action === 'leave-waitlist' ? t('enrolment.confirmLeave') : t('enrolment.confirmWithdraw'))) return;
    withdraw.mutate({ eventId: event.eventId }, { onSuccess: () => notifications.show({ color: 'teal', message: t('enrolment.withdrawnNotice') }) });
  };

  const body = (
    <Stack gap="xs" data-testid={`enrolment-${event.eventId}`} data-status={me?.status ?? 'none'}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" data-testid="event-seats">
          {seatsLeft(event) > 0 ? t('enrolment.seatsLeft', { count: seatsLeft(event) }) : t('enrolment.full')}
        </Text>
        {me && me.status !== 'withdrawn' && <AttendeeBadge status={me.status} position={me.position} />}
      </Group>
      {me?.status === 'waitlisted' && me.position !== null && (
        <Text size="sm" data-testid="waitlist-position" data-position={me.position}>
          {t('enrolment.position', { position: me.position })}
        </Text>
      )}
      {me?.checkedInAt && (
        <Text size="sm" c="teal" data-testid="my-checked-in">
          {t('enrolment.checkedIn', { at: formatInstant(me.checkedInAt, event.timezone, i18n.language, 'time') })}
          {me.checkedOutAt && ` · ${t('enrolment.checkedOut', { at: formatInstant(me.checkedOutAt, event.timezone, i18n.language, 'time') })}`}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {toMessage(error)}
        </Alert>
      )}
      {(action === 'enrol' || action === 'join-waitlist') && (
        <Button fullWidth size={compact ? 'sm' : 'md'} loading={busy} onClick={doEnrol} data-testid={`enrol-${event.eventId}`}>
          {action === 'enrol' ? t('enrolment.enrol') : t('enrolment.joinWaitlist')}
        </Button>
      )}
      {(action === 'withdraw' || action === 'leave-waitlist') && (
        <Button fullWidth variant="default" size={compact ? 'sm' : 'md'} loading={busy} onClick={doWithdraw} data-testid={`withdraw-${event.eventId}`}>
          {action === 'withdraw' ? t('enrolment.withdraw') : t('enrolment.leaveWaitlist')}
        </Button>
      )}
      {action === 'closed' && (
        <Text size="sm" c="dimmed">
          {t('enrolment.closed')}
        </Text>
      )}
    </Stack>
  );
  if (compact) return body;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('enrolment.title')}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
