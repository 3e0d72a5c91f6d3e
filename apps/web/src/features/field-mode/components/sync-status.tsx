import { useEffect, useRef, useState } from 'react';
import { Affix, Badge, Button, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { ApiError } from '../../../shared/api/api-error';
import { useLearnerOutbox } from '../../../shared/offline/learner-outbox';
import type { OutboxItem, OutboxOutcome, OutboxRoute } from '../../../shared/offline/outbox';
import { useSignedIn } from '../../../shared/session/use-session';

type RouteLabel = OutboxRoute | 'bookmark' | 'feedback';

/** Bookmarks and feedback ride on the entry write: named as the learner knows them. */
const labelOf = (route: OutboxRoute, body: unknown): RouteLabel => {
  const event = (body as { event?: string } | null)?.event;
  if (route === 'entryWrite' && (event === 'bookmark' || event === 'feedback')) return event;
  return route;
};

/**
 * What the learner did offline and where it stands (issue 30, ADR 0094): a badge while something
 * waits or was refused, and a drawer with each action: pending, synced, or refused with the error
 * catalogue's reason (000 §8) and a dismiss. When an action syncs, the screens read again.
 */
export function SyncStatus() {
  const { t, i18n } = useTranslation('field-mode');
  const toMessage = useErrorMessage();
  const signedIn = useSignedIn();
  const outbox = useLearnerOutbox();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const pending = outbox.pending();
  const outcomes = outbox.outcomes();
  const refused = outcomes.filter((o) => o.status === 'refused');

  // an action that synced (here or in another tab) changes what the screens show; the newest
  // outcome, not their count (only the last 50 synced ones are kept)
  const newest = outcomes[0]?.key ?? '';
  const seen = useRef(newest);
  useEffect(() => {
    if (newest !== seen.current) {
      seen.current = newest;
      void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'field-mode' });
    }
  }, [newest, client]);

  if (!signedIn || (pending.length === 0 && refused.length === 0 && !open)) return null;
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const summary = refused.length > 0 ? t('sync.refused', { count: refused.length }) : pending.length > 0 ? t('sync.pending', { count: pending.length }) : t('sync.synced');
  const row = (key: string, label: RouteLabel, at: string, status: 'pending' | OutboxOutcome['status'], reason?: string) => (
    <Group key={key} justify="space-between" wrap="nowrap" align="flex-start" data-testid="sync-item" data-status={status} data-route={label}>
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {t(`sync.route.${label}`)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('sync.at', { time: time(at) })}
        </Text>
        {reason && (
          <Text size="xs" c="red.8" data-testid="sync-reason">
            {reason}
          </Text>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap">
        <Badge size="sm" variant="light" color={status === 'refused' ? 'red' : status === 'synced' ? 'teal' : 'orange'}>
          {t(`sync.status.${status}`)}
        </Badge>
        {status === 'refused' && (
          <Button size="compact-xs" variant="subtle" onClick={() => void outbox.dismiss(key)} data-testid="sync-dismiss">
            {t('sync.dismiss')}
          </Button>
        )}
      </Group>
    </Group>
  );
  const reasonOf = (outcome: OutboxOutcome) => toMessage(new ApiError({ statusCode: outcome.httpStatus ?? 400, code: outcome.code ?? 'app/internal-server-error' }));

  return (
    <>
      <Affix position={{ bottom: 88, right: 16 }} zIndex={250}>
        <UnstyledButton onClick={() => setOpen(true)} data-testid="sync-status" data-pending={pending.length} data-refused={refused.length} aria-haspopup="dialog">
          <Badge size="lg" color={refused.length > 0 ? 'red' : pending.length > 0 ? 'orange' : 'teal'} variant="filled">
            {summary}
          </Badge>
        </UnstyledButton>
      </Affix>
      <Drawer opened={open} onClose={() => setOpen(false)} position="right" title={t('sync.title')} data-testid="sync-drawer">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('sync.intro')}
          </Text>
          {pending.length === 0 && outcomes.length === 0 && <Text size="sm">{t('sync.empty')}</Text>}
          {pending.map((item: OutboxItem) => row(item.key, labelOf(item.route, item.body), item.clientTime, 'pending'))}
          {outcomes.map((o) => row(o.key, labelOf(o.route, { event: o.event }), o.clientTime, o.status, o.status === 'refused' ? reasonOf(o) : undefined))}
        </Stack>
      </Drawer>
    </>
  );
}
