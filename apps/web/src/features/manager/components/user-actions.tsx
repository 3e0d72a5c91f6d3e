import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@portal/identity/contracts/user-directory.http';
import type { Locale } from '@portal/kernel';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useDeactivateManagedUser, useDeleteManagedUser, useReactivateManagedUser, useSendInvitation } from '../api/user-admin';
import { userActions, type UserAction } from '../model/user-actions';
import { formatDay } from '../model/user-row';

interface Props {
  user: ManagedUser;
  isSelf: boolean;
  lang: Locale;
  onDeleted: () => void;
}

/**
 * What a manager may do to a user besides editing (issue 14): deactivate or reactivate, delete a
 * pre-registered user, send the invitation again; each after a confirmation, with a toast.
 */
export function UserActions({ user, isSelf, lang, onDeleted }: Props) {
  const { t, i18n } = useTranslation('manager');
  const toMessage = useErrorMessage();
  const [asking, setAsking] = useState<UserAction | null>(null);
  const deactivate = useDeactivateManagedUser();
  const reactivate = useReactivateManagedUser();
  const remove = useDeleteManagedUser();
  const invite = useSendInvitation();
  const pending = deactivate.isPending || reactivate.isPending || remove.isPending || invite.isPending;
  const name = user.name ?? user.email;

  const done = (action: UserAction) => () => {
    notifications.show({ color: 'teal', message: t(`actions.${action}.done`, { name }), 'data-testid': 'users-toast' });
    setAsking(null);
    if (action === 'delete') onDeleted();
  };
  const failed = (error: Error) => {
    notifications.show({ color: 'red', message: toMessage(error), 'data-testid': 'users-toast-error' });
    setAsking(null);
  };
  const run = (action: UserAction) => {
    const handlers = { onSuccess: done(action), onError: failed };
    if (action === 'deactivate') deactivate.mutate(user.userId, handlers);
    else if (action === 'reactivate') reactivate.mutate(user.userId, handlers);
    else if (action === 'delete') remove.mutate(user.userId, handlers);
    else invite.mutate({ id: user.userId, lang }, handlers);
  };
  const actions = userActions(user, isSelf);

  return (
    <Paper withBorder radius="md" p="sm" data-testid="user-actions">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge color={user.active ? 'teal' : 'red'} variant="light" data-testid="user-status">
            {user.active ? t('status.active') : t('status.inactive')}
          </Badge>
          <Badge color={user.hasAccount ? 'gray' : 'yellow'} variant="light" data-testid="user-account">
            {user.hasAccount ? t('status.hasAccount') : user.invitedAt ? t('status.invited') : t('status.preRegistered')}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('drawer.dates', { created: formatDay(user.createdAt, i18n.language), updated: formatDay(user.updatedAt, i18n.language) })}
          </Text>
        </Group>
        {user.hasAccount && (
          <Text size="xs" c="dimmed">
            {t('actions.deleteNotPossible')}
          </Text>
        )}
        {actions.length > 0 && (
          <Group gap="xs">
            {actions.map((action) => (
              <Button
                key={action}
                size="compact-sm"
                variant={action === 'delete' || action === 'deactivate' ? 'light' : 'default'}
                color={action === 'delete' || action === 'deactivate' ? 'red' : undefined}
                onClick={() => setAsking(action)}
                disabled={pending}
                data-testid={`user-action-${action}`}
              >
                {action === 'invite' && user.invitedAt ? t('actions.invite.again') : t(`actions.${action}.button`)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={asking ? t(`actions.${asking}.title`) : ''} closeButtonProps={{ 'aria-label': t('form.cancel') }}>
        {asking && (
          <Stack gap="md">
            <Text>{t(`actions.${asking}.confirm`, { name, email: user.email })}</Text>
            {asking === 'deactivate' && (
              <Alert color="yellow" variant="light">
                {t('actions.deactivate.effect')}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAsking(null)}>
                {t('form.cancel')}
              </Button>
              <Button color={asking === 'delete' || asking === 'deactivate' ? 'red' : undefined} loading={pending} onClick={() => run(asking)} data-testid="user-action-confirm">
                {t(`actions.${asking}.button`)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
