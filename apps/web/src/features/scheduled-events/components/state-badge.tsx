import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AttendeeStatus, ScheduledEventState } from '@portal/events/contracts/http';

const STATE_COLORS: Record<ScheduledEventState, string> = { draft: 'gray', published: 'teal', canceled: 'red', finished: 'blue' };
const STATUS_COLORS: Record<AttendeeStatus, string> = { enrolled: 'teal', waitlisted: 'yellow', withdrawn: 'gray' };

export function StateBadge({ state }: { state: ScheduledEventState }) {
  const { t } = useTranslation('scheduledEvents');
  return (
    <Badge color={STATE_COLORS[state]} variant="light" data-testid="event-state" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}

/** An attendee's place: enrolled, in line (with the place), withdrawn. */
export function AttendeeBadge({ status, position }: { status: AttendeeStatus; position: number | null }) {
  const { t } = useTranslation('scheduledEvents');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="attendee-status" data-status={status}>
      {status === 'waitlisted' && position !== null ? t('attendance.waitlistedAt', { position }) : t(`attendance.${status}`)}
    </Badge>
  );
}
