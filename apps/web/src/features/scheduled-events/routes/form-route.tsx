import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { PageShell } from '../../../shared/ui/page-shell';
import { eventQueryOptions, useEvent } from '../api/events';
import { quizzesQueryOptions } from '../api/quizzes';
import { EventForm } from '../components/event-form';
import { EventQuizzes } from '../components/event-quizzes';
import { EventsNav } from '../components/events-nav';
import { EventStateActions } from '../components/event-state-actions';
import { StateBadge } from '../components/state-badge';
import { canEdit, canRunPresence } from '../model/event-actions';
import { eventPaths, editId } from '../model/paths';
import { requireEventsUser } from './guards';

/** /scheduled-events/form/:id (001 §2): add ("new") or edit an event, its materials and quizzes, publish or cancel it; tc_admin of Brazil. */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  const target = editId(params.id);
  if (!target) throw data(null, { status: 404 });
  await requireEventsUser(request, 'admin');
  await Promise.all([target.kind === 'edit' ? queryClient.ensureQueryData(eventQueryOptions(target.id)) : null, queryClient.prefetchQuery(quizzesQueryOptions())]);
  return null;
}

function Editing({ eventId }: { eventId: string }) {
  const { t } = useTranslation('scheduledEvents');
  const navigate = useNavigate();
  const { data: event } = useEvent(eventId);
  if (!event) return null;
  const editable = canEdit(event.state);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <StateBadge state={event.state} />
          {event.cancelReason && (
            <Text size="sm" c="dimmed">
              {event.cancelReason}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Button variant="subtle" component={Link} to={eventPaths.published(event.eventId)} data-testid="event-view">
            {t('list.view')}
          </Button>
          {canRunPresence(event.state) && (
            <Button variant="subtle" component={Link} to={eventPaths.checkIn(event.eventId)}>
              {t('list.checkIn')}
            </Button>
          )}
          <Button variant="subtle" component={Link} to={eventPaths.report(event.eventId)}>
            {t('list.report')}
          </Button>
          <EventStateActions event={event} />
        </Group>
      </Group>
      {editable ? (
        <EventForm key={event.eventId} event={event} onSaved={(saved) => saved.eventId !== event.eventId && void navigate(eventPaths.form(saved.eventId))} />
      ) : (
        <Text c="dimmed" data-testid="event-readonly">
          {t('form.readOnly', { state: t(`states.${event.state}`) })}
        </Text>
      )}
      <EventQuizzes event={event} editable={event.state !== 'canceled'} />
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation('scheduledEvents');
  const navigate = useNavigate();
  const target = editId(useParams().id);
  return (
    <PageShell size="md">
      <EventsNav title={target?.kind === 'new' ? t('form.newTitle') : t('form.editTitle')} />
      <Anchor component={Link} to={eventPaths.list} size="sm" mb="sm" display="inline-block">
        ← {t('form.back')}
      </Anchor>
      {target?.kind === 'edit' ? (
        <Editing eventId={target.id} />
      ) : (
        <EventForm event={null} onSaved={(saved) => void navigate(eventPaths.form(saved.eventId), { replace: true })} />
      )}
    </PageShell>
  );
}
