import { useEffect, useState } from 'react';
import { Anchor, Button, Group, NativeSelect, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { SCHEDULED_EVENT_STATES } from '@portal/events/contracts/http';
import { queryClient } from '../../../shared/api/query-client';
import { useUserData } from '../../../shared/api/user-data';
import { ListPageFrame } from '../../../shared/ui/list-page-frame';
import { PageShell } from '../../../shared/ui/page-shell';
import { eventsQueryOptions, useEvents } from '../api/events';
import { EventsNav } from '../components/events-nav';
import { StateBadge } from '../components/state-badge';
import { isEventsAdmin } from '../model/access';
import { canEdit, canRunPresence } from '../model/event-actions';
import { activeFilterCount, filtersFrom, filtersToParams, pageCount, pageFrom, withFilters, type EventFilters } from '../model/event-filters';
import { formatEventDate } from '../model/format';
import { eventPaths, NEW_ID } from '../model/paths';
import { requireEventsUser } from './guards';

/** /scheduled-events (001 §2): the staff list, filtered by state, date range, region, culture and BU, paged; tc_admin and tc_manager. */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireEventsUser(request, 'staff');
  const params = new URL(request.url).searchParams;
  await queryClient.ensureQueryData(eventsQueryOptions(filtersFrom(params), pageFrom(params)));
  return null;
}

export function Component() {
  const { t, i18n } = useTranslation('scheduledEvents');
  const { data: user } = useUserData();
  const admin = isEventsAdmin(user);
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = pageFrom(params);
  const list = useEvents(filters, page);
  const [search, setSearch] = useState(filters.q ?? '');
  const [debounced] = useDebouncedValue(search, 300);

  const update = (changes: EventFilters) => setParams(filtersToParams(withFilters(filters, changes)), { replace: true });
  useEffect(() => {
    if ((debounced.trim() || undefined) !== filters.q) update({ q: debounced.trim() });
    // only the debounced text drives this
  }, [debounced]);

  const text = (name: 'region' | 'culture' | 'bu') => (
    <TextInput
      key={`${name}-${filters[name] ?? ''}`}
      label={t(`filters.${name}`)}
      defaultValue={filters[name] ?? ''}
      onBlur={(e) => update({ [name]: e.currentTarget.value })}
      onKeyDown={(e) => e.key === 'Enter' && update({ [name]: e.currentTarget.value })}
      w={150}
      data-testid={`events-filter-${name}`}
    />
  );

  return (
    <PageShell size="xl">
      <EventsNav />
      <ListPageFrame
        testId="events"
        list={list}
        totalText={(count) => t('list.total', { count })}
        columns={[t('fields.title'), t('fields.date'), t('list.state'), t('fields.region'), t('fields.bu'), t('list.seats'), t('list.actions')]}
        minWidth={860}
        emptyText={t('list.empty')}
        footer={
          list.data &&
          list.data.total > 0 && (
            <Group justify="center">
              <Pagination
                total={pageCount(list.data.total)}
                value={page}
                onChange={(next) => setParams(filtersToParams(filters, next))}
                getControlProps={(control) => ({ 'aria-label': t(`list.page.${control}`) })}
                data-testid="events-pages"
              />
            </Group>
          )
        }
        filters={
          <>
            <NativeSelect
              label={t('filters.state')}
              value={filters.state ?? ''}
              onChange={(e) => update({ state: e.currentTarget.value })}
              data={[{ value: '', label: t('filters.allStates') }, ...SCHEDULED_EVENT_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))]}
              data-testid="events-filter-state"
            />
            <TextInput type="date" label={t('filters.from')} value={filters.from ?? ''} onChange={(e) => update({ from: e.currentTarget.value })} data-testid="events-filter-from" />
            <TextInput type="date" label={t('filters.to')} value={filters.to ?? ''} onChange={(e) => update({ to: e.currentTarget.value })} data-testid="events-filter-to" />
            {text('region')}
            {text('culture')}
            {text('bu')}
            <TextInput label={t('filters.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} miw={200} data-testid="events-filter-q" />
            {activeFilterCount(filters) > 0 && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                mb={8}
                onClick={() => {
                  setSearch('');
                  setParams(new URLSearchParams(), { replace: true });
                }}
                data-testid="events-filter-clear"
              >
                {t('filters.clear')}
              </Anchor>
            )}
            {admin && (
              <Group ml="auto" gap="xs">
                <Button variant="default" component={Link} to={eventPaths.import} data-testid="events-import">
                  {t('imports.events.link')}
                </Button>
                <Button variant="default" component={Link} to={eventPaths.importUsers} data-testid="events-import-users">
                  {t('imports.attendees.link')}
                </Button>
                <Button component={Link} to={eventPaths.form(NEW_ID)} data-testid="events-new">
                  {t('list.new')}
                </Button>
              </Group>
            )}
          </>
        }
      >
          {list.data?.items.map((e) => (
            <Table.Tr key={e.eventId} data-testid={`event-row-${e.eventId}`} data-title={e.title}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {e.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {e.type}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatEventDate(e.date, i18n.language, 'medium')}</Text>
                <Text size="xs" c="dimmed">
                  {e.startHour}–{e.finishHour}
                </Text>
              </Table.Td>
              <Table.Td>
                <StateBadge state={e.state} />
              </Table.Td>
              <Table.Td>{e.region}</Table.Td>
              <Table.Td>{e.bu}</Table.Td>
              <Table.Td>
                <Text size="sm">{t('list.seatsTaken', { enrolled: e.counts.enrolled, vacancies: e.vacancies })}</Text>
                {e.counts.waitlisted > 0 && (
                  <Text size="xs" c="dimmed">
                    {t('list.waitlisted', { count: e.counts.waitlisted })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {admin && canEdit(e.state) && (
                    <Button size="compact-sm" variant="default" component={Link} to={eventPaths.form(e.eventId)} data-testid={`event-edit-${e.eventId}`}>
                      {t('list.edit')}
                    </Button>
                  )}
                  <Button size="compact-sm" variant="subtle" component={Link} to={eventPaths.published(e.eventId)}>
                    {t('list.view')}
                  </Button>
                  {canRunPresence(e.state) && (
                    <Button size="compact-sm" variant="subtle" component={Link} to={eventPaths.checkIn(e.eventId)} data-testid={`event-checkin-${e.eventId}`}>
                      {t('list.checkIn')}
                    </Button>
                  )}
                  <Button size="compact-sm" variant="subtle" component={Link} to={eventPaths.report(e.eventId)} data-testid={`event-report-${e.eventId}`}>
                    {t('list.report')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
      </ListPageFrame>
    </PageShell>
  );
}
