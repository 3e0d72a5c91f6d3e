import { Alert, Drawer, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useManagedUser } from '../api/users';
import { useGrantable, type useManagerLookups } from '../hooks/use-lookups';
import { UserActions } from './user-actions';
import { UserForm } from './user-form';

/** What the drawer shows; `openedAt` makes each opening a fresh form (first tab, the user's values). */
export type DrawerTarget = ({ mode: 'create' } | { mode: 'edit'; userId: string }) & { openedAt: number };

interface Props {
  target: DrawerTarget | null;
  onClose: () => void;
  /** the signed-in manager's id (their own access is read only) */
  meId: string;
  allCompanies: boolean;
  lookups: ReturnType<typeof useManagerLookups>;
  /** a new user's company and country: the list's company filter, else the manager's */
  defaults: { companyId: string | null; country: string | null };
}

/** The create/edit drawer (issue 14): the user's actions above the form's tabs; a save closes it. */
export function UserDrawer({ target, onClose, meId, allCompanies, lookups, defaults }: Props) {
  const { t } = useTranslation('manager');
  const toMessage = useErrorMessage();
  const editing = target?.mode === 'edit' ? target.userId : null;
  const user = useManagedUser(editing);
  const grantable = useGrantable();
  const loading = (editing !== null && user.isPending) || lookups.loading || grantable.loading;
  const failure = (editing !== null ? user.error : null) ?? lookups.error;

  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={target?.mode === 'create' ? t('drawer.createTitle') : (user.data?.name ?? user.data?.email ?? t('drawer.editTitle'))}
      closeButtonProps={{ 'aria-label': t('form.cancel') }}
      data-testid="user-drawer"
    >
      {failure ? (
        <Alert color="red" variant="light" role="alert" data-testid="user-drawer-error">
          {toMessage(failure)}
        </Alert>
      ) : loading ? (
        <Stack gap="sm" data-testid="user-drawer-loading">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={36} />
          ))}
        </Stack>
      ) : (
        <Stack gap="md">
          {user.data && <UserActions user={user.data} isSelf={user.data.userId === meId} lang={lookups.lang} onDeleted={onClose} />}
          <UserForm
            // a fresh form for each opening
            key={`${target?.mode === 'edit' ? target.userId : 'create'}:${target?.openedAt ?? 0}`}
            user={target?.mode === 'edit' ? (user.data ?? null) : null}
            lookups={lookups}
            grantable={grantable}
            allCompanies={allCompanies}
            isSelf={user.data?.userId === meId}
            defaults={defaults}
            onSaved={onClose}
            onCancel={onClose}
          />
        </Stack>
      )}
    </Drawer>
  );
}
