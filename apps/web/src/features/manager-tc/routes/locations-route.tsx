import { useState } from 'react';
import { Alert, Badge, Box, Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Location } from '@portal/booking/contracts/http';
import { useUserData } from '../../../shared/api/user-data';
import { hasRole } from '../../../shared/session/access';
import { useStaffLocations } from '../api/staff-locations';
import { LocationForm } from '../components/location-form';

/** /manager/tc/locations: every training center; tc_admin creates and edits, tc_manager reads. */
export function Component() {
  const { t } = useTranslation('manager-tc');
  const { data: user } = useUserData();
  const { data: locations } = useStaffLocations();
  const canEdit = hasRole(user, 'tc_admin');
  const [editing, setEditing] = useState<Location | 'new' | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        {canEdit ? (
          <Button onClick={() => setEditing('new')} data-testid="location-add">
            {t('locations.add')}
          </Button>
        ) : (
          <Alert variant="light" color="gray" py="xs">
            {t('locations.readOnly')}
          </Alert>
        )}
      </Group>
      {locations.length === 0 && <Text c="dimmed">{t('locations.empty')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {locations.map((l) => (
          <Paper key={l.locationId} withBorder radius="md" p="md" style={{ borderLeft: `6px solid ${l.color}` }} data-testid={`location-${l.locationId}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{l.name}</Text>
                <Badge color={l.active ? 'teal' : 'gray'} variant="light">
                  {l.active ? t('locations.active') : t('locations.inactive')}
                </Badge>
              </Group>
              <Text size="sm">
                {[...l.addressLines, l.number].filter(Boolean).join(', ')} · {l.city}
                {l.state ? ` - ${l.state}` : ''} · {l.country}
              </Text>
              <Text size="sm" c="dimmed">
                {t('locations.capacity', { count: l.capacity })} · {t('locations.slot', { minutes: l.schedule.slotMinutes, days: l.schedule.horizonDays })}
              </Text>
              <Group gap={6}>
                <Box w={14} h={14} style={{ borderRadius: 7, background: l.color }} />
                <Text size="xs" c="dimmed">
                  {l.timezone}
                </Text>
              </Group>
              {canEdit && (
                <div>
                  <Button size="compact-sm" variant="default" onClick={() => setEditing(l)} data-testid={`location-edit-${l.locationId}`}>
                    {t('locations.edit')}
                  </Button>
                </div>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="xl"
        title={editing === 'new' ? t('locations.formTitleNew') : t('locations.formTitleEdit')}
        closeButtonProps={{ 'aria-label': t('locations.close') }}
      >
        {editing !== null && <LocationForm location={editing === 'new' ? null : editing} onSaved={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
