import { useEffect, useState } from 'react';
import { Anchor, Button, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BOOKING_STATUSES, type BookingRow } from '@portal/booking/contracts/http';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { ListPageFrame } from '../../../shared/ui/list-page-frame';
import { useBookings } from '../api/bookings';
import { downloadBookingsCsv } from '../api/export-csv';
import { useStaffLocations } from '../api/staff-locations';
import { StatusBadge } from '../components/status-badge';
import { StatusChangeModal } from '../components/status-change-modal';
import { filtersFrom, filtersToParams, type BookingFilters } from '../model/booking-filters';

const PAGE = 50;

/** /manager/tc/bookings: the filtered list, status changes with a reason, and the same list as CSV. */
export function Component() {
  const { t } = useTranslation('manager-tc');
  const toMessage = useErrorMessage();
  const { data: locations } = useStaffLocations();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const [search, setSearch] = useState(filters.q ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const [limit, setLimit] = useState(PAGE);
  const [changing, setChanging] = useState<BookingRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useBookings(filters, limit);

  const update = (changes: Partial<BookingFilters>) => {
    setParams(filtersToParams({ ...filters, ...changes }), { replace: true });
    setLimit(PAGE);
  };
  useEffect(() => {
    if ((debounced.trim() || undefined) !== filters.q) update({ q: debounced.trim() || undefined });
    // only the debounced text drives this
  }, [debounced]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadBookingsCsv(filters);
      notifications.show({ color: 'teal', message: t('bookings.exported') });
    } catch (error) {
      notifications.show({ color: 'red', message: toMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListPageFrame
      testId="bookings"
      list={list}
      totalText={(count) => t('bookings.total', { count })}
      columns={[t('bookings.date'), t('bookings.time'), t('bookings.location'), t('bookings.visitor'), t('bookings.contact'), t('bookings.status'), t('bookings.reason'), t('bookings.actions')]}
      minWidth={900}
      emptyText={t('bookings.empty')}
      footer={
        <>
          {list.data && list.data.items.length < list.data.total && (
            <Button variant="subtle" onClick={() => setLimit(limit + PAGE)} loading={list.isFetching}>
              {t('bookings.more')}
            </Button>
          )}
          <StatusChangeModal booking={changing} onClose={() => setChanging(null)} />
        </>
      }
      filters={
        <>
          <NativeSelect
            label={t('bookings.location')}
            value={filters.locationId ?? ''}
            onChange={(e) => update({ locationId: e.currentTarget.value || undefined })}
            data={[{ value: '', label: t('bookings.allLocations') }, ...locations.map((l) => ({ value: l.locationId, label: l.name }))]}
            data-testid="bookings-filter-location"
          />
          <NativeSelect
            label={t('bookings.status')}
            value={filters.status ?? ''}
            onChange={(e) => update({ status: (e.currentTarget.value || undefined) as BookingFilters['status'] })}
            data={[{ value: '', label: t('bookings.allStatuses') }, ...BOOKING_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
            data-testid="bookings-filter-status"
          />
          <TextInput type="date" label={t('bookings.from')} value={filters.from ?? ''} onChange={(e) => update({ from: e.currentTarget.value || undefined })} data-testid="bookings-filter-from" />
          <TextInput type="date" label={t('bookings.to')} value={filters.to ?? ''} onChange={(e) => update({ to: e.currentTarget.value || undefined })} data-testid="bookings-filter-to" />
          <TextInput label={t('bookings.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} miw={220} data-testid="bookings-filter-q" />
          <Anchor
            component="button"
            type="button"
            size="sm"
            mb={8}
            onClick={() => {
              setSearch('');
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            {t('bookings.clear')}
          </Anchor>
          <Button ml="auto" variant="light" onClick={() => void exportCsv()} loading={exporting} data-testid="bookings-export">
            {t('bookings.export')}
          </Button>
        </>
      }
    >
      {list.data?.items.map((b) => (
        <Table.Tr key={b.bookingId} data-testid={`booking-row-${b.bookingId}`} data-email={b.visitorEmail}>
          <Table.Td>{b.date}</Table.Td>
          <Table.Td>{b.time}</Table.Td>
          <Table.Td>{b.locationName}</Table.Td>
          <Table.Td>
            <Text size="sm" fw={600}>
              {b.visitorName}
            </Text>
            {b.visitorCompany && (
              <Text size="xs" c="dimmed">
                {b.visitorCompany}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Text size="sm">{b.visitorEmail}</Text>
            {b.visitorPhone && (
              <Text size="xs" c="dimmed">
                {b.visitorPhone}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <StatusBadge status={b.status} />
            {b.statusBy && (
              <Text size="xs" c="dimmed">
                {t(`bookings.by.${b.statusBy}`)}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Text size="sm">{b.statusReason ?? ''}</Text>
          </Table.Td>
          <Table.Td>
            {(b.status === 'pendent' || b.status === 'confirmed') && (
              <Button size="compact-sm" variant="default" onClick={() => setChanging(b)} data-testid={`booking-change-${b.bookingId}`}>
                {t('bookings.change')}
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListPageFrame>
  );
}
