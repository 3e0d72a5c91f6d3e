import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userImportRoutes, type ImportUsersResponse } from '@portal/identity/contracts/user-import.http';
import type { Locale } from '@portal/kernel';
import { callRoute } from '../../../shared/api/client';
import { invalidateManagedUsers, MANAGER_QUERIES } from './keys';

export interface ImportRequest {
  file: File;
  /** the file's company (null: the manager's own) */
  companyId: string | null;
  dryRun: boolean;
  sendInvitations: boolean;
  lang: Locale;
}

/** POST /api/manage-users/import (multipart field "file"): the preview (dryRun) or the import, each row reported. */
export const importUsers = ({ file, companyId, dryRun, sendInvitations, lang }: ImportRequest): Promise<ImportUsersResponse> => {
  const body = new FormData();
  body.append('file', file, file.name);
  return callRoute(userImportRoutes.importUsers, {
    body,
    query: { ...(companyId ? { companyId } : {}), dryRun: dryRun ? 'true' : 'false', sendInvitations: sendInvitations ? 'true' : 'false', lang },
  });
};

/** The preview and the import; after an import the user lists refetch (only this feature's queries). */
export const useImportUsers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: [...MANAGER_QUERIES, 'import'] as const, mutationFn: importUsers }),
    onSuccess: (answer) => (answer.dryRun ? undefined : invalidateManagedUsers(queryClient)),
  });
};
