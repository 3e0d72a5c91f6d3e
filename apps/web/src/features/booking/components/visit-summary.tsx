import { Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicBooking } from '@portal/booking/contracts/http';
import { addressOf, formatDate, zoneName } from '../model/format';

const STATUS_COLOR = { pendent: 'yellow', confirmed: 'teal', canceled: 'gray', expired: 'gray' } as const;

/** The visit an e-mailed link is about: where, when (in the center's zone), who, and its status. */
export function VisitSummary({ booking }: { booking: PublicBooking }) {
  const { t, i18n } = useTranslation('booking');
  const l = booking.location;
  return (
    <Paper withBorder radius="md" p="lg">
      <Table variant="vertical" layout="fixed" withRowBorders={false}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={140}>{t('summary.where')}</Table.Th>
            <Table.Td>
              <Stack gap={0}>
                <Text fw={600}>{l.name}</Text>
                <Text size="sm" c="dimmed">
                  {addressOf(l)}
                </Text>
              </Stack>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('summary.when')}</Table.Th>
            <Table.Td>
              <Text data-testid="visit-when">
                {formatDate(booking.date, i18n.language)}, {booking.time}
              </Text>
              <Text size="sm" c="dimmed">
                {zoneName(l.timezone, i18n.language, new Date(booking.startsAt))}
              </Text>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('summary.visitor')}</Table.Th>
            <Table.Td>{booking.visitorName}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('summary.status')}</Table.Th>
            <Table.Td>
              <Badge color={STATUS_COLOR[booking.status]} variant="light" data-testid="visit-status" data-status={booking.status}>
                {t(`status.${booking.status}`)}
              </Badge>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
