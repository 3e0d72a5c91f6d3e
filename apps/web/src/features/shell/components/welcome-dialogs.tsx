import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setUserFlag } from '../../../shared/api/user-store';
import { shouldWelcome, WELCOME_FLAGS, type WelcomeKind } from '../model/welcome';
import { useShellData } from './use-shell-data';

/**
 * Welcome dialogs (000 §2.10): the journey one in the journey and schedule-events layouts, and
 * the one for the new university look in the training layout. "Got it" stores the flag
 * (POST /api/user-store/flag); until then the dialog comes back on the next visit.
 */
export function WelcomeDialog({ kind }: { kind: WelcomeKind }) {
  const { t } = useTranslation('shell');
  const client = useQueryClient();
  const { user } = useShellData();
  const store = useMutation({
    mutationKey: ['shell', 'welcome', kind] as const,
    mutationFn: () => setUserFlag(client, WELCOME_FLAGS[kind], true),
  });
  const opened = user !== null && shouldWelcome(user.flags, kind) && !store.isSuccess;

  return (
    <Modal opened={opened} onClose={() => store.mutate()} title={t(`welcome.${kind}.title`)} centered size="lg">
      <Stack gap="md" data-testid={`welcome-${kind}`}>
        <Text>{t(`welcome.${kind}.body`)}</Text>
        <Group justify="flex-end">
          <Button onClick={() => store.mutate()} loading={store.isPending} data-testid={`welcome-${kind}-ok`}>
            {t('welcome.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
