import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link, useParams, type LoaderFunctionArgs } from 'react-router';
import type { ScanActionName } from '@portal/events/contracts/http';
import { queryClient } from '../../../shared/api/query-client';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { PageShell } from '../../../shared/ui/page-shell';
import { attendeesQueryOptions, useAttendees } from '../api/attendance';
import { eventQueryOptions, useEvent } from '../api/events';
import { useUserData } from '../../../shared/api/user-data';
import { AddAttendeeForm } from '../components/add-attendee-form';
import { CameraScanner } from '../components/camera-scanner';
import { isEventsAdmin } from '../model/access';
import { QrImage } from '../components/qr-image';
import { useLiveCode } from '../hooks/use-live-code';
import { useScanQueue } from '../hooks/use-scan-queue';
import { eventWhen, formatInstant } from '../model/format';
import { eventPaths, isEntityId } from '../model/paths';
import { readScannedText } from '../model/scan-codes';
import { requireEventsUser } from './guards';

/**
 * The staff check-in screen (ADR 0061: /scheduled-events/check-in/:id; tc_admin and tc_manager):
 * the rotating QR code for a projector (a new one every 30 s; attendees scan it with their phones),
 * the live count pushed in real time, and a door scanner for personal tickets that keeps working
 * offline and sends the scans when the connection is back.
 */
/** The attendee list (names for the scans, the enrolled count) is read again this often while the screen is open. */
const ENROLLED_REFRESH_MS = 60_000;

export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  if (!isEntityId(params.id)) throw data(null, { status: 404 });
  await requireEventsUser(request, 'staff');
  await Promise.all([queryClient.ensureQueryData(eventQueryOptions(params.id)), queryClient.prefetchQuery(attendeesQueryOptions(params.id))]);
  return null;
}

function RotatingCode({ eventId, action }: { eventId: string; action: ScanActionName }) {
  const { t } = useTranslation('scheduledEvents');
  const toMessage = useErrorMessage();
  const { code, counts } = useLiveCode(eventId, action);
  // who may still arrive: enrolments go on until the start
  const enrolled = useAttendees(eventId, ENROLLED_REFRESH_MS).data?.counts.enrolled ?? 0;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack align="center" gap="sm">
        {code.isError && !code.data && (
          <Alert color="red" variant="light" role="alert" w="100%" data-testid="code-error">
            {toMessage(code.error)}
          </Alert>
        )}
        {code.data && (
          <>
            <QrImage value={code.data.url} size={320} alt={t('checkIn.codeAlt')} testId="rotating-code" />
            <Text size="sm" c="dimmed" ta="center">
              {action === 'check-in' ? t('checkIn.codeHintIn') : t('checkIn.codeHintOut')}
            </Text>
          </>
        )}
        <Group gap="xl" justify="center">
          <Stack gap={0} align="center">
            <Text size="48px" fw={800} lh={1} data-testid="live-checked-in" data-count={counts?.checkedIn ?? ''}>
              {counts?.checkedIn ?? '–'}
            </Text>
            <Text size="sm" c="dimmed">
              {t('checkIn.checkedInOf', { count: enrolled })}
            </Text>
          </Stack>
          <Stack gap={0} align="center">
            <Text size="48px" fw={800} lh={1} c="dimmed" data-testid="live-checked-out" data-count={counts?.checkedOut ?? ''}>
              {counts?.checkedOut ?? '–'}
            </Text>
            <Text size="sm" c="dimmed">
              {t('checkIn.checkedOut')}
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}

function DoorScanner({ eventId, action }: { eventId: string; action: ScanActionName }) {
  const { t } = useTranslation('scheduledEvents');
  const { t: te } = useTranslation('errors');
  const attendees = useAttendees(eventId, ENROLLED_REFRESH_MS);
  const { queue, recent, online, add, flush } = useScanQueue();
  const [camera, setCamera] = useState(false);
  const [typed, setTyped] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const names = new Map((attendees.data?.items ?? []).map((a) => [a.userId, a.name ?? a.email]));
  const waiting = queue.filter((q) => q.eventId === eventId).length;

  const read = (text: string) => {
    const scanned = readScannedText(text);
    if (scanned.kind !== 'ticket') setNotice(t('checkIn.notATicket'));
    else if (scanned.eventId !== eventId) setNotice(t('checkIn.otherEvent'));
    else if (add(eventId, scanned.ticket, action)) setNotice(null);
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="door-scanner">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('checkIn.doorTitle')}
          </Title>
          <Group gap="xs">
            {!online && (
              <Badge color="orange" variant="light" data-testid="scanner-offline">
                {t('checkIn.offline')}
              </Badge>
            )}
            {waiting > 0 && (
              <Badge color="yellow" variant="light" data-testid="scans-waiting" data-count={waiting}>
                {t('checkIn.waiting', { count: waiting })}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('checkIn.doorHint')}
        </Text>
        <Group gap="xs">
          <Button variant={camera ? 'default' : 'filled'} onClick={() => setCamera((on) => !on)} data-testid="camera-toggle">
            {camera ? t('checkIn.cameraOff') : t('checkIn.cameraOn')}
          </Button>
          {waiting > 0 && online && (
            <Button variant="subtle" onClick={() => void flush()}>
              {t('checkIn.sendNow')}
            </Button>
          )}
        </Group>
        {camera && <CameraScanner onRead={read} />}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim()) read(typed);
            setTyped('');
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput label={t('checkIn.typeTicket')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} style={{ flex: 1 }} data-testid="ticket-input" />
            <Button type="submit" variant="light" data-testid="ticket-submit">
              {t('checkIn.sendTicket')}
            </Button>
          </Group>
        </form>
        {notice && (
          <Alert color="orange" variant="light" role="status">
            {notice}
          </Alert>
        )}
        {recent.length > 0 && (
          <Table verticalSpacing={4} data-testid="scan-results">
            <Table.Tbody>
              {recent.map((o) => (
                <Table.Tr key={o.scan.id} data-testid="scan-result-row" data-ok={o.ok}>
                  <Table.Td>{o.ok ? (names.get(o.userId) ?? o.userId) : t('checkIn.unknownTicket')}</Table.Td>
                  <Table.Td>
                    {o.ok ? (
                      <Text size="sm" c={o.changed ? 'teal' : 'dimmed'}>
                        {o.changed ? (o.scan.action === 'check-in' ? t('checkIn.didCheckIn') : t('checkIn.didCheckOut')) : t('checkIn.alreadyDone')}
                      </Text>
                    ) : (
                      <Text size="sm" c="red">
                        {te(o.code as 'ticket-invalid', { defaultValue: o.message })}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

export function Component() {
  const { t, i18n } = useTranslation('scheduledEvents');
  const { id = '' } = useParams();
  const { data: event } = useEvent(id);
  const { data: user } = useUserData();
  const [action, setAction] = useState<ScanActionName>('check-in');
  if (!event) return null;
  return (
    <PageShell size="lg">
      <Stack gap="md">
        <Anchor component={Link} to={eventPaths.published(event.eventId)} size="sm">
          ← {event.title}
        </Anchor>
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Title order={1} size="h2" c="brand" data-testid="check-in-title">
              {t('checkIn.title', { title: event.title })}
            </Title>
            <Text size="sm" c="dimmed">
              {eventWhen(event, i18n.language)} · {t('checkIn.opens', { at: formatInstant(new Date(new Date(event.startsAt).getTime() - 3_600_000).toISOString(), event.timezone, i18n.language, 'time') })}
            </Text>
          </Stack>
          <SegmentedControl
            value={action}
            onChange={(v) => setAction(v as ScanActionName)}
            data={[
              { value: 'check-in', label: t('checkIn.checkIn') },
              { value: 'check-out', label: t('checkIn.checkOut') },
            ]}
            data-testid="check-in-action"
          />
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <RotatingCode eventId={event.eventId} action={action} />
          <DoorScanner eventId={event.eventId} action={action} />
        </SimpleGrid>
        {isEventsAdmin(user) && event.state === 'published' && <AddAttendeeForm eventId={event.eventId} />}
      </Stack>
    </PageShell>
  );
}
