import { LOCALES, type Locale } from '@portal/kernel';
import { REFERENCE_PARENTS, type ReferenceItem, type SaveReferenceItemRequest } from '@portal/identity/contracts/companies.http';
import type { ReferenceList } from '@portal/identity/contracts/shapes';

/** The reference item form: a label per locale, the parent (lists that have one) and "Other". */
export interface ReferenceItemValues {
  labels: Record<Locale, string>;
  parentId: string | null;
  other: boolean;
}

export const referenceValuesOf = (item: ReferenceItem | null): ReferenceItemValues => ({
  labels: { 'pt-BR': item?.labels['pt-BR'] ?? '', es: item?.labels.es ?? '', en: item?.labels.en ?? '' },
  parentId: item?.parentId ?? null,
  other: item?.other ?? false,
});

/** The list whose items a list's items hang under, and whether they must. */
export const parentOf = (list: ReferenceList) => REFERENCE_PARENTS[list] ?? null;

/** The locales whose label is empty (each is required). */
export const missingLabels = (values: ReferenceItemValues): Locale[] => LOCALES.filter((l) => !values.labels[l].trim());

/** POST /manage-users/reference-data/{list} body: an existing item keeps its id. */
export const toSaveRequest = (list: ReferenceList, item: ReferenceItem | null, values: ReferenceItemValues): SaveReferenceItemRequest => ({
  ...(item ? { itemId: item.itemId } : {}),
  labels: { 'pt-BR': values.labels['pt-BR'].trim(), es: values.labels.es.trim(), en: values.labels.en.trim() },
  parentId: parentOf(list) ? values.parentId : null,
  other: values.other,
});

/** Active items first (in the order they were added), retired ones after. */
export const sortItems = (items: readonly ReferenceItem[]): ReferenceItem[] => [...items.filter((i) => !i.retired), ...items.filter((i) => i.retired)];
