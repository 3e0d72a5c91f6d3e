import { useState } from 'react';
import { ActionIcon, Anchor, Box, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Calendar } from '@portal/booking/contracts/http';
import { useCalendar } from '../api/calendar';
import { useStaffLocations } from '../api/staff-locations';
import { bookingsPath } from '../model/manager-paths';
import { monthGrid, occupancy, shiftMonth, tint, weekdayNames } from '../model/calendar-grid';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const thisMonthIn = (timeZone: string): string => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(new Date());
  return `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}`;
};

function DayDetail({ calendar, date }: { calendar: Calendar; date: string }) {
  const { t, i18n } = useTranslation('manager-tc');
  const day = calendar.days.find((d) => d.date === date);
  if (!day) return null;
  const label = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  return (
    <Paper withBorder radius="md" p="md" style={{ borderLeft: `4px solid ${calendar.color}` }} data-testid="calendar-day-detail">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {label}
        </Title>
        <Anchor component={Link} to={bookingsPath(new URLSearchParams({ locationId: calendar.locationId, from: date, to: date }))} size="sm" data-testid="calendar-day-bookings">
          {t('calendar.listDay')}
        </Anchor>
      </Group>
      {day.slots.length === 0 ? (
        <Text c="dimmed">{t('calendar.noSlots')}</Text>
      ) : (
        <Table striped>
          <Table.Tbody>
            {day.slots.map((s) => (
              <Table.Tr key={s.time} data-testid={`calendar-slot-${s.time}`}>
                <Table.Td w={80} fw={700}>
                  {s.time}
                </Table.Td>
                <Table.Td>{t('calendar.seats', { confirmed: s.confirmed, capacity: s.capacity, pendent: s.pendent })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** /manager/tc: a month per location in the location's colour; a day opens its slots. */
export function Component() {
  const { t, i18n } = useTranslation('manager-tc');
  const { data: locations } = useStaffLocations();
  const [params, setParams] = useSearchParams();
  const location = locations.find((l) => l.locationId === params.get('location')) ?? locations.find((l) => l.active) ?? locations[0];
  const monthParam = params.get('month');
  const month = monthParam && MONTH.test(monthParam) ? monthParam : location ? thisMonthIn(location.timezone) : '';
  const calendar = useCalendar(location?.locationId ?? '', month);
  const [openDay, setOpenDay] = useState<string | null>(null);

  if (!location) return <Text c="dimmed">{t('calendar.noLocations')}</Text>;
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    setParams(next, { replace: true });
    setOpenDay(null);
  };
  const data = calendar.data?.locationId === location.locationId ? calendar.data : undefined;
  const rawLabel = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  const monthLabel = rawLabel.charAt(0).toLocaleUpperCase(i18n.language) + rawLabel.slice(1);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <NativeSelect
          label={t('calendar.location')}
          value={location.locationId}
          onChange={(e) => set({ location: e.currentTarget.value })}
          data={locations.map((l) => ({ value: l.locationId, label: l.name }))}
          data-testid="calendar-location"
          miw={280}
          leftSection={<Box w={12} h={12} style={{ borderRadius: 6, background: location.color }} />}
        />
        <Group gap="xs">
          <ActionIcon variant="default" size="lg" aria-label={t('calendar.previous')} onClick={() => set({ month: shiftMonth(month, -1) })} data-testid="calendar-previous">
            ‹
          </ActionIcon>
          <Text fw={600} miw={160} ta="center" data-testid="calendar-month">
            {monthLabel}
          </Text>
          <ActionIcon variant="default" size="lg" aria-label={t('calendar.next')} onClick={() => set({ month: shiftMonth(month, 1) })} data-testid="calendar-next">
            ›
          </ActionIcon>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('calendar.timezone', { zone: location.timezone })}
      </Text>
      <Paper withBorder radius="md" p="sm" aria-busy={calendar.isFetching} data-testid="calendar-grid" style={{ borderTop: `4px solid ${location.color}` }}>
        <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
          {weekdayNames(i18n.language).map((name) => (
            <Text key={name} size="xs" fw={700} ta="center" c="dimmed" tt="uppercase">
              {name}
            </Text>
          ))}
          {monthGrid(month)
            .flat()
            .map((cell, i) => {
              if (!cell) return <Box key={`empty-${i}`} />;
              const day = data?.days.find((d) => d.date === cell.date);
              const open = day?.open ?? false;
              const fill = day ? occupancy(day.confirmed, day.slots.length, location.capacity) : 0;
              return (
                <Box
                  key={cell.date}
                  component="button"
                  type="button"
                  onClick={() => setOpenDay(cell.date)}
                  data-testid={`calendar-day-${cell.date}`}
                  data-confirmed={day?.confirmed ?? 0}
                  data-pendent={day?.pendent ?? 0}
                  aria-pressed={openDay === cell.date}
                  style={{
                    minHeight: 76,
                    padding: 6,
                    textAlign: 'left',
                    cursor: 'pointer',
                    borderRadius: 6,
                    border: openDay === cell.date ? `2px solid ${location.color}` : '1px solid var(--mantine-color-gray-3)',
                    background: open ? tint(location.color, 0.08 + 0.5 * fill) : 'var(--mantine-color-gray-1)',
                    color: 'inherit',
                    font: 'inherit',
                  }}
                >
                  <Text size="sm" fw={700}>
                    {Number(cell.date.slice(8))}
                  </Text>
                  {!open && (day?.confirmed ?? 0) + (day?.pendent ?? 0) === 0 ? (
                    <Text size="xs" c="dimmed">
                      {t('calendar.closed')}
                    </Text>
                  ) : (
                    <>
                      {(day?.confirmed ?? 0) > 0 && <Text size="xs">{t('calendar.confirmed', { count: day?.confirmed ?? 0 })}</Text>}
                      {(day?.pendent ?? 0) > 0 && (
                        <Text size="xs" c="dimmed">
                          {t('calendar.pendent', { count: day?.pendent ?? 0 })}
                        </Text>
                      )}
                    </>
                  )}
                </Box>
              );
            })}
        </SimpleGrid>
      </Paper>
      {data && openDay && <DayDetail calendar={data} date={openDay} />}
    </Stack>
  );
}
