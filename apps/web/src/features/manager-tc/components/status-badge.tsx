import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BookingStatusName } from '@portal/booking/contracts/http';

const COLOR: Record<BookingStatusName, string> = { pendent: 'yellow', confirmed: 'teal', canceled: 'gray', expired: 'gray' };

export function StatusBadge({ status }: { status: BookingStatusName }) {
  const { t } = useTranslation('manager-tc');
  return (
    <Badge color={COLOR[status]} variant="light" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
