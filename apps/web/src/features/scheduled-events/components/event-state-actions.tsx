import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ScheduledEvent } from '@portal/events/contracts/http';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useChangeEventState } from '../api/events';
import { canCancel, canFinish, canPublish } from '../model/event-actions';

/** Publish a draft, cancel (with a reason the attendees read), finish after the finish hour (tc_admin, ADR 0060). */
export function EventStateActions({ event }: { event: ScheduledEvent }) {
  const { t } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const change = useChangeEventState();
  const [canceling, setCanceling] = useState(false);
  const [reason, setReason] = useState('');

  const run = (c: Parameters<typeof change.mutate>[0], done: string) =>
    change.mutate(c, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: done });
        setCanceling(false);
      },
      onError: (error) => notifications.show({ color: 'red', message: toMessage(error) }),
    });

  return (
    <Group gap="xs">
      {canPublish(event.state) && (
        <Button color="teal" loading={change.isPending} onClick={() => run({ eventId: event.eventId, change: 'publish' }, t('actions.published'))} data-testid="event-publish">
          {t('actions.publish')}
        </Button>
      )}
      {canFinish(event, new Date()) && (
        <Button variant="default" loading={change.isPending} onClick={() => run({ eventId: event.eventId, change: 'finish' }, t('actions.finished'))} data-testid="event-finish">
          {t('actions.finish')}
        </Button>
      )}
      {canCancel(event.state) && (
        <Button variant="outline" color="red" onClick={() => setCanceling(true)} data-testid="event-cancel">
          {t('actions.cancel')}
        </Button>
      )}
      <Modal opened={canceling} onClose={() => setCanceling(false)} title={t('actions.cancelTitle')} centered>
        <Stack gap="sm">
          <Text size="sm">{event.state === 'published' ? t('actions.cancelPublished', { count: event.counts.enrolled + event.counts.waitlisted }) : t('actions.cancelDraft')}</Text>
          <Textarea label={t('actions.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} autosize minRows={2} data-testid="event-cancel-reason" />
          {change.isError && (
            <Alert color="red" variant="light" role="alert">
              {toMessage(change.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCanceling(false)}>
              {t('actions.keep')}
            </Button>
            <Button
              color="red"
              loading={change.isPending}
              onClick={() => run({ eventId: event.eventId, change: 'cancel', body: reason.trim() ? { reason: reason.trim() } : {} }, t('actions.canceled'))}
              data-testid="event-cancel-confirm"
            >
              {t('actions.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
