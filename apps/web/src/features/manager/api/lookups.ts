import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyRoutes, type AclOptions } from '@portal/identity/contracts/companies.http';
import type { Locale } from '@portal/kernel';
import { callRoute } from '../../../shared/api/client';
import { MANAGER_LOOKUPS } from './keys';

/**
 * The option lists of the filters and the drawer (001 §7 lookups), labelled in the screen's
 * language. They change rarely (reference data is edited on its own screen): five minutes fresh.
 */
const LOOKUP_STALE = 5 * 60_000;

/** GET /api/manage-users/reference-options: every reference list's active options at once. */
export const referenceOptionsQueryOptions = (lang: Locale) =>
  queryOptions({
    queryKey: [...MANAGER_LOOKUPS, 'reference-options', lang] as const,
    queryFn: ({ signal }) => callRoute(companyRoutes.referenceOptions, { query: { lang }, signal }),
    staleTime: LOOKUP_STALE,
  });

export const useReferenceOptions = (lang: Locale) => useQuery(referenceOptionsQueryOptions(lang));

/** GET /api/manage-users/acl-options: the roles, permissions and ACL tags the caller may grant. */
export const aclOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...MANAGER_LOOKUPS, 'acl-options'] as const,
    queryFn: ({ signal }): Promise<AclOptions> => callRoute(companyRoutes.aclOptions, { signal }),
    staleTime: LOOKUP_STALE,
  });

export const useAclOptions = () => useQuery(aclOptionsQueryOptions());

/** GET /api/adminApi/manager-reports-lookups/acl-tags-options: the catalogue's ACL tags with their labels (dist:all first). */
export const aclTagOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...MANAGER_LOOKUPS, 'acl-tags-options'] as const,
    queryFn: ({ signal }) => callRoute(companyRoutes.aclTagsOptions, { signal }),
    staleTime: LOOKUP_STALE,
  });

export const useAclTagOptions = () => useQuery(aclTagOptionsQueryOptions());

/** GET /api/manage-users/crops: the crops a manager may allow (allowed crops, preferred crop). */
export const cropOptionsQueryOptions = (lang: Locale) =>
  queryOptions({
    queryKey: [...MANAGER_LOOKUPS, 'crops', lang] as const,
    queryFn: ({ signal }) => callRoute(companyRoutes.crops, { query: { lang }, signal }),
    staleTime: LOOKUP_STALE,
  });

export const useCropOptions = (lang: Locale) => useQuery(cropOptionsQueryOptions(lang));

/** GET /api/manage-users/company-list: the companies in scope (every one with manage_all_companies), by name. */
export const companyListQueryOptions = (text: string) =>
  queryOptions({
    queryKey: [...MANAGER_LOOKUPS, 'company-list', text] as const,
    queryFn: ({ signal }) => callRoute(companyRoutes.companyList, { query: text ? { text } : {}, signal }),
    staleTime: 60_000,
  });

export const useCompanyList = (text: string, enabled = true) => useQuery({ ...companyListQueryOptions(text), enabled });
