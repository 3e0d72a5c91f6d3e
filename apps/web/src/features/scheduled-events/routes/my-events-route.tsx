import { Alert, Anchor, Card, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { PageShell } from '../../../shared/ui/page-shell';
import { myEventsQueryOptions, useMyEvents } from '../api/events';
import { EnrolmentPanel } from '../components/enrolment-panel';
import { EventsNav } from '../components/events-nav';
import { eventWhen } from '../model/format';
import { eventPaths } from '../model/paths';
import { requireEventsUser } from './guards';

const WHEN = ['upcoming', 'past'] as const;
type When = (typeof WHEN)[number];
const whenFrom = (params: URLSearchParams): When => (params.get('when') === 'past' ? 'past' : 'upcoming');

/**
 * "My events" (001 §2 names the screen; ADR 0061 places it at /scheduled-events/my-events):
 * published events of my country and crops with my place in each; enrol right here. Phone first.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireEventsUser(request, 'attendee');
  await queryClient.ensureQueryData(myEventsQueryOptions(whenFrom(new URL(request.url).searchParams)));
  return null;
}

export function Component() {
  const { t, i18n } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const [params, setParams] = useSearchParams();
  const when = whenFrom(params);
  const list = useMyEvents(when);

  return (
    <PageShell size="md">
      <EventsNav title={t('mine.title')} />
      <Stack gap="md">
        <SegmentedControl
          value={when}
          onChange={(value) => setParams(value === 'past' ? { when: 'past' } : {}, { replace: true })}
          data={WHEN.map((w) => ({ value: w, label: t(`mine.${w}`) }))}
          data-testid="my-events-when"
        />
        {list.isError && (
          <Alert color="red" variant="light" role="alert">
            {toMessage(list.error)}
          </Alert>
        )}
        {list.data && list.data.items.length === 0 && (
          <Text c="dimmed" ta="center" py="xl" data-testid="my-events-empty">
            {when === 'upcoming' ? t('mine.emptyUpcoming') : t('mine.emptyPast')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {list.data?.items.map((event) => (
            <Card key={event.eventId} withBorder radius="md" padding="md" data-testid={`my-event-${event.eventId}`} data-title={event.title}>
              <Stack gap="xs">
                <Anchor component={Link} to={eventPaths.published(event.eventId)} fw={700} size="lg" data-testid={`my-event-link-${event.eventId}`}>
                  {event.title}
                </Anchor>
                <Text size="sm">{eventWhen(event, i18n.language)}</Text>
                {event.venue && (
                  <Text size="sm" c="dimmed">
                    {event.venue}
                  </Text>
                )}
                <Group gap={4}>
                  {event.quizzes.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('mine.quizzes', { count: event.quizzes.length })}
                    </Text>
                  )}
                  {event.materials.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('mine.materials', { count: event.materials.length })}
                    </Text>
                  )}
                </Group>
                {event.state === 'published' && <EnrolmentPanel event={event} compact />}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </PageShell>
  );
}
