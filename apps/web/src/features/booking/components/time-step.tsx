import { Alert, Button, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Location } from '@portal/booking/contracts/http';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useAvailability } from '../api/availability';
import { zoneName } from '../model/format';

/** Step 3: the day's slots in the center's time zone, with the seats still free. */
export function TimeStep({ location, date, onChoose }: { location: Location; date: string; onChoose: (time: string) => void }) {
  const { t, i18n } = useTranslation('booking');
  const toMessage = useErrorMessage();
  const availability = useAvailability(location.locationId, date, date);
  const slots = availability.data?.days.find((d) => d.date === date)?.slots ?? [];

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('time.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('time.hint', { zone: zoneName(location.timezone, i18n.language) })}
      </Text>
      {availability.isError && (
        <Alert color="red" variant="light" role="alert">
          {toMessage(availability.error)}
        </Alert>
      )}
      {availability.isPending ? (
        <Skeleton h={48} />
      ) : slots.length === 0 ? (
        <Text c="dimmed">{t('time.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm">
          {slots.map((s) => (
            <Button
              key={s.time}
              variant="default"
              h="auto"
              py="xs"
              disabled={s.free === 0}
              onClick={() => onChoose(s.time)}
              data-testid={`booking-slot-${s.time}`}
              data-free={s.free}
            >
              <Stack gap={0} align="center">
                <Text fw={700}>{s.time}</Text>
                <Text size="xs" c={s.free === 0 ? 'red' : 'dimmed'}>
                  {s.free === 0 ? t('time.full') : t('time.free', { count: s.free })}
                </Text>
              </Stack>
            </Button>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
