import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { useUserData } from '../../../shared/api/user-data';
import { PageShell } from '../../../shared/ui/page-shell';
import { eventQueryOptions, useEvent } from '../api/events';
import { EnrolmentPanel } from '../components/enrolment-panel';
import { EventDetails } from '../components/event-details';
import { MaterialList } from '../components/material-list';
import { StateBadge } from '../components/state-badge';
import { TicketCard } from '../components/ticket-card';
import { isEventsAdmin, isEventsStaff } from '../model/access';
import { canRunPresence } from '../model/event-actions';
import { formatInstant } from '../model/format';
import { attachedOf } from '../model/materials';
import { eventPaths, isEntityId } from '../model/paths';
import { quizWindowState } from '../model/quiz-answers';
import { requireEventsUser } from './guards';

/** /scheduled-events/published/:id (001 §2): what a learner sees: details, materials, enrolment and the waiting list, the personal ticket, the quizzes. */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  if (!isEntityId(params.id)) throw data(null, { status: 404 });
  await requireEventsUser(request, 'attendee');
  await queryClient.ensureQueryData(eventQueryOptions(params.id));
  return null;
}

export function Component() {
  const { t, i18n } = useTranslation('scheduledEvents');
  const { id = '' } = useParams();
  const { data: user } = useUserData();
  const { data: event } = useEvent(id);
  if (!event) return null;
  const me = event.me ?? null;
  const staff = isEventsStaff(user);
  const enrolled = me?.status === 'enrolled';
  const now = new Date();

  return (
    <PageShell size="sm">
      <Stack gap="md">
        <Anchor component={Link} to={staff ? eventPaths.list : eventPaths.myEvents} size="sm">
          ← {staff ? t('nav.events') : t('nav.myEvents')}
        </Anchor>
        <Group gap="xs">
          <StateBadge state={event.state} />
          <Text size="sm" c="dimmed">
            {event.type}
          </Text>
        </Group>
        <Title order={1} size="h2" c="brand" data-testid="published-title">
          {event.title}
        </Title>
        {event.state === 'canceled' && event.cancelReason && <Text c="red">{t('published.canceledBecause', { reason: event.cancelReason })}</Text>}
        <EventDetails event={event} />
        {staff && (
          <Paper withBorder radius="md" p="sm" data-testid="staff-links">
            <Group gap="xs">
              {isEventsAdmin(user) && (
                <Button size="compact-sm" variant="default" component={Link} to={eventPaths.form(event.eventId)}>
                  {t('list.edit')}
                </Button>
              )}
              {canRunPresence(event.state) && (
                <Button size="compact-sm" variant="default" component={Link} to={eventPaths.checkIn(event.eventId)}>
                  {t('list.checkIn')}
                </Button>
              )}
              <Button size="compact-sm" variant="default" component={Link} to={eventPaths.report(event.eventId)}>
                {t('list.report')}
              </Button>
            </Group>
          </Paper>
        )}
        {event.state === 'published' && <EnrolmentPanel event={event} />}
        {enrolled && me.ticket && <TicketCard ticket={me.ticket} name={user.name ?? user.email} />}
        {event.materials.length > 0 && <MaterialList items={attachedOf(event.materials)} />}
        {event.quizzes.length > 0 && (enrolled || staff) && (
          <Paper withBorder radius="md" p="md" data-testid="published-quizzes">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('published.quizzes')}
              </Title>
              {event.quizzes.map((q) => {
                const state = quizWindowState(q, now);
                return (
                  <Group key={q.quizId} justify="space-between" wrap="wrap" gap="xs" data-testid="published-quiz" data-quiz-id={q.quizId} data-window={state}>
                    <Stack gap={0}>
                      <Text fw={600}>{q.title}</Text>
                      <Text size="xs" c="dimmed">
                        {state === 'not-scheduled'
                          ? t('eventQuizzes.notOpen')
                          : t(`published.window.${state}`, { opens: formatInstant(q.opensAt, event.timezone, i18n.language), closes: formatInstant(q.closesAt, event.timezone, i18n.language) })}
                      </Text>
                    </Stack>
                    {enrolled && state === 'open' && (
                      <Button component={Link} to={eventPaths.takeQuiz(event.eventId, q.quizId)} disabled={!me.checkedInAt} data-testid={`take-quiz-${q.quizId}`}>
                        {t('published.answer')}
                      </Button>
                    )}
                  </Group>
                );
              })}
              {enrolled && !me.checkedInAt && (
                <Text size="xs" c="dimmed">
                  {t('published.quizAfterCheckIn')}
                </Text>
              )}
            </Stack>
          </Paper>
        )}
      </Stack>
    </PageShell>
  );
}
