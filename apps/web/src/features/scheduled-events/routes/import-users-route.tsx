import { useState } from 'react';
import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import type { AttendeeImportRow } from '@portal/events/contracts/imports.http';
import { useEvents } from '../api/events';
import { importAttendees } from '../api/imports';
import { ImportScreen } from '../components/import-screen';
import { requireEventsUser } from './guards';

/**
 * /scheduled-events/import-users (001 §2 "Import users into events", ADR 0062): people by e-mail
 * into events (each row names its event by key or id, or all go into the event chosen here);
 * tc_admin of Brazil.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireEventsUser(request, 'admin');
  return null;
}

export function Component() {
  const { t } = useTranslation('scheduledEvents');
  const [eventId, setEventId] = useState<string | null>(null);
  const published = useEvents({ state: 'published' }, 1);
  const choices = (published.data?.items ?? []).map((e) => ({ value: e.eventId, label: `${e.title} (${e.date})` }));
  return (
    <ImportScreen<AttendeeImportRow>
      kind="attendees"
      run={importAttendees}
      options={{
        node: (
          <Select
            label={t('imports.attendees.event')}
            description={t('imports.attendees.eventHint')}
            data={choices}
            value={eventId}
            onChange={setEventId}
            clearable
            searchable
            data-testid="import-event"
          />
        ),
        request: { eventId },
      }}
      actions={['enrol', 'waitlist', 'unchanged', 'invalid']}
      headers={[t('imports.fields.event'), t('imports.fields.email')]}
      rowCells={(row) => [
        <Text size="sm" key="event">
          {row.eventTitle ?? row.event ?? ''}
        </Text>,
        <Text size="sm" key="email">
          {row.email ?? ''}
          {row.position ? ` · ${t('imports.position', { position: row.position })}` : ''}
        </Text>,
      ]}
    />
  );
}
