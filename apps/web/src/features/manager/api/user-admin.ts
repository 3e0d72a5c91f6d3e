import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userAdminRoutes, type ManagedUserUpsert, type ManagedUserWriteResponse } from '@portal/identity/contracts/user-admin.http';
import type { Locale } from '@portal/kernel';
import { callRoute } from '../../../shared/api/client';
import { invalidateManagedUsers, MANAGER_QUERIES } from './keys';

/** POST /api/manage-users/upsert: a new pre-registered user (no id) or a user's details and access. */
export const upsertManagedUser = (body: ManagedUserUpsert): Promise<ManagedUserWriteResponse> => callRoute(userAdminRoutes.upsertManagedUser, { body });

/** DELETE /api/manage-users/users/:id: only a pre-registered user (unable-delete-account otherwise). */
export const deleteManagedUser = (id: string): Promise<void> => callRoute(userAdminRoutes.deleteManagedUser, { params: { id } });

export const deactivateManagedUser = (id: string): Promise<ManagedUserWriteResponse> => callRoute(userAdminRoutes.deactivateUser, { params: { id } });

export const reactivateManagedUser = (id: string): Promise<ManagedUserWriteResponse> => callRoute(userAdminRoutes.reactivateUser, { params: { id } });

/** POST /api/manage-users/users/:id/invitation: the invitation mail again, in `lang`. */
export const sendInvitation = ({ id, lang }: { id: string; lang: Locale }): Promise<ManagedUserWriteResponse> =>
  callRoute(userAdminRoutes.sendInvitation, { params: { id }, body: { lang } });

/** A write to a user; the lists and the user on screen refetch after it (only this feature's queries). */
const useUserWrite = <V, R>(name: string, mutationFn: (variables: V) => Promise<R>, gone?: (variables: V) => string) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: [...MANAGER_QUERIES, name] as const, mutationFn }),
    onSuccess: (_answer, variables) => invalidateManagedUsers(queryClient, gone?.(variables)),
  });
};

export const useUpsertManagedUser = () => useUserWrite('upsert', upsertManagedUser);
export const useDeleteManagedUser = () => useUserWrite('delete', deleteManagedUser, (id) => id);
export const useDeactivateManagedUser = () => useUserWrite('deactivate', deactivateManagedUser);
export const useReactivateManagedUser = () => useUserWrite('reactivate', reactivateManagedUser);
export const useSendInvitation = () => useUserWrite('invite', sendInvitation);
