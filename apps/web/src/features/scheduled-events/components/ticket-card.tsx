import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QrImage } from './qr-image';

/** The attendee's personal QR ticket (ADR 0060): staff scan it at the door, even without a connection. */
export function TicketCard({ ticket, name }: { ticket: string; name: string }) {
  const { t } = useTranslation('scheduledEvents');
  return (
    <Paper withBorder radius="md" p="md" data-testid="ticket">
      <Stack gap="xs" align="center">
        <Title order={2} size="h4">
          {t('ticket.title')}
        </Title>
        <QrImage value={ticket} size={240} alt={t('ticket.alt', { name })} testId="ticket-qr" />
        <Text size="sm" c="dimmed" ta="center">
          {t('ticket.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}
