import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Location } from '@portal/booking/contracts/http';
import { addressOf, zoneName } from '../model/format';

/** Step 1: the country's training centers; each card in the center's colour. */
export function LocationStep({ locations, onChoose }: { locations: Location[]; onChoose: (locationId: string) => void }) {
  const { t, i18n } = useTranslation('booking');
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('steps.location')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {locations.map((l) => (
          <Paper key={l.locationId} withBorder radius="md" p="lg" style={{ borderTop: `4px solid ${l.color}` }} data-testid="booking-location-card">
            <Stack gap="xs" h="100%">
              <Text fw={700} size="lg">
                {l.name}
              </Text>
              <Text size="sm">{addressOf(l)}</Text>
              <Group gap="xs">
                <Badge variant="light" color="gray">
                  {t('location.capacity', { count: l.capacity })}
                </Badge>
                <Badge variant="light" color="gray">
                  {t('location.slot', { minutes: l.schedule.slotMinutes })}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {t('location.timezone', { zone: zoneName(l.timezone, i18n.language) })}
              </Text>
              <Box mt="auto" pt="sm">
                <Button onClick={() => onChoose(l.locationId)} data-testid={`booking-location-${l.locationId}`} aria-label={`${t('location.choose')}: ${l.name}`}>
                  {t('location.choose')}
                </Button>
              </Box>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A chosen step, shown compactly with a way back. */
export function ChosenStep({ label, value, onChange, testId }: { label: string; value: string; onChange: () => void; testId: string }) {
  const { t } = useTranslation('booking');
  return (
    <Paper withBorder radius="md" px="lg" py="sm">
      <Group justify="space-between" wrap="nowrap">
        {/* the text shrinks and wraps, the button keeps its width: a long name never pushes it past the edge (issue 26) */}
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Stack>
        <Button variant="subtle" size="compact-sm" onClick={onChange} style={{ flexShrink: 0 }}>
          {t('location.change')}
        </Button>
      </Group>
    </Paper>
  );
}
