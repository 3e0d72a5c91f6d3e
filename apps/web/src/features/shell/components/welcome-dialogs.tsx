import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setUserFlag } from '../../../shared/api/user-store';
import { useBlockingDialog } from '../../../shared/ui/blocking-dialog';
import { shouldWelcome, WELCOME_FLAGS, type WelcomeKind } from '../model/welcome';
import { useShellData } from './use-shell-data';

/**
 * Welcome dialogs (000 §2.10): the journey one in the journey and schedule-events layouts, and
 * the one for the new university look in the training layout. "Got it" stores the flag
 * (POST /api/user-store/flag); until then the dialog comes back on the next visit. When the visit
 * already showed its one blocking dialog (ADR 0082) the welcome is an inline note at the top of
 * the page, with the same "Got it".
 */
export function WelcomeDialog({ kind }: { kind: WelcomeKind }) {
  const { t } = useTranslation('shell');
  const client = useQueryClient();
  const { user } = useShellData();
  const store = useMutation({
    mutationKey: ['shell', 'welcome', kind] as const,
    mutationFn: () => setUserFlag(client, WELCOME_FLAGS[kind], true),
  });
  const wanted = user !== null && shouldWelcome(user.flags, kind) && !store.isSuccess;
  const blocking = useBlockingDialog(`welcome-${kind}`, wanted);
  const opened = wanted && blocking;

  if (wanted && !blocking) {
    // the visit has shown its one blocking dialog (ADR 0082): the welcome is a note on the page instead
    return (
      <Alert variant="light" title={t(`welcome.${kind}.title`)} m="md" data-testid={`welcome-${kind}-inline`}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t(`welcome.${kind}.body`)}</Text>
          <Button size="compact-sm" onClick={() => store.mutate()} loading={store.isPending} data-testid={`welcome-${kind}-ok`}>
            {t('welcome.ok')}
          </Button>
        </Stack>
      </Alert>
    );
  }

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
