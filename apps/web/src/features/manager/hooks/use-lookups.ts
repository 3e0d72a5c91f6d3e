import { useTranslation } from 'react-i18next';
import type { ReferenceList } from '@portal/identity/contracts/shapes';
import type { ReferenceOption } from '@portal/identity/contracts/companies.http';
import { isLocale, type Locale } from '@portal/kernel';
import { useAclOptions, useAclTagOptions, useCompanyList, useCropOptions, useReferenceOptions } from '../api/lookups';

/** The screen's language for the lookups' labels (re-renders when the language changes). */
export const useLookupLang = (): Locale => {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'pt-BR';
};

export interface SelectOption {
  value: string;
  label: string;
}

/** A value's label in a list, or the value itself (a retired option a user still holds). */
export const labelIn = (options: readonly SelectOption[], value: string | null | undefined): string => (value ? (options.find((o) => o.value === value)?.label ?? value) : '');

/** The options of the list plus a value the list no longer has, so a select still shows what the user holds. */
export const withHeld = (options: readonly SelectOption[], value: string | null | undefined): SelectOption[] =>
  value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : [...options];

/**
 * Every option list of the filters and the drawer (001 §7 lookups) in the screen's language:
 * reference lists, crops and the companies in the manager's scope (their own, or every one
 * with manage_all_companies).
 */
export function useManagerLookups() {
  const lang = useLookupLang();
  const reference = useReferenceOptions(lang);
  const crops = useCropOptions(lang);
  const companies = useCompanyList('');
  const list = (name: ReferenceList): ReferenceOption[] => reference.data?.[name] ?? [];
  return {
    lang,
    list,
    crops: (crops.data ?? []).map((c) => ({ value: c.value, label: c.label })),
    companies: (companies.data ?? []).map((c) => ({ value: c.companyId, label: c.name })),
    loading: reference.isPending || crops.isPending,
    error: reference.error ?? crops.error ?? companies.error,
  };
}

/** What the caller may grant (acl-options) and the catalogue's ACL tags with labels. */
export function useGrantable() {
  const acl = useAclOptions();
  const tags = useAclTagOptions();
  return { acl: acl.data, tagOptions: tags.data ?? [], loading: acl.isPending, error: acl.error ?? tags.error };
}
