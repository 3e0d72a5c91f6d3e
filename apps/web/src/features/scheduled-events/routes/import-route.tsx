import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { EventImportRow } from '@portal/events/contracts/imports.http';
import { importEvents } from '../api/imports';
import { ImportScreen } from '../components/import-screen';
import { eventPaths } from '../model/paths';
import { requireEventsUser } from './guards';

/** /scheduled-events/import (001 §2, ADR 0062): events from a CSV or XLSX file; tc_admin of Brazil. */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireEventsUser(request, 'admin');
  return null;
}

export function Component() {
  const { t } = useTranslation('scheduledEvents');
  return (
    <ImportScreen<EventImportRow>
      kind="events"
      run={importEvents}
      actions={['create', 'update', 'unchanged', 'invalid']}
      headers={[t('imports.fields.externalKey'), t('fields.title'), t('fields.date')]}
      rowCells={(row) => [
        <Text size="sm" key="key" data-testid="import-row-key">
          {row.externalKey ?? ''}
        </Text>,
        row.eventId && row.action !== 'invalid' ? (
          <Anchor component={Link} to={eventPaths.form(row.eventId)} size="sm" key="title">
            {String(row.values.title ?? row.externalKey ?? '')}
          </Anchor>
        ) : (
          <Text size="sm" key="title">
            {String(row.values.title ?? '')}
          </Text>
        ),
        <Text size="sm" key="date">
          {String(row.values.date ?? '')} {row.publishes ? `· ${t('imports.publishes')}` : ''}
        </Text>,
      ]}
    />
  );
}
