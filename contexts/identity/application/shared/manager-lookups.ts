import type { Locale } from '@portal/kernel';
import type { CatalogueModel } from '@portal/learning/contracts';
import type { ReferenceOption } from '../../contracts/index.js';
import { byTag } from '../../domain/index.js';

/** The label of an item in the reader's locale. */
export const labelIn = (labels: Record<Locale, string>, lang: Locale): string => labels[lang];

/** A reference item as an option in the reader's locale. */
export const referenceOptionOf = (item: { itemId: string; labels: Record<Locale, string>; parentId: string | null; other: boolean }, lang: Locale): ReferenceOption => ({
  value: item.itemId,
  label: labelIn(item.labels, lang),
  parentId: item.parentId,
  other: item.other,
});

/** The ACL tags the catalogue's active stations use, with `<prefix>:all` for each prefix (dist:all first). */
export function catalogueTags(model: CatalogueModel): string[] {
  const tags = new Set<string>();
  for (const station of model.stations.values()) {
    if (!station.isActive) continue;
    for (const tag of station.aclTags) {
      tags.add(tag);
      tags.add(`${tag.split(':')[0]}:all`);
    }
  }
  return [...tags].sort(byTag);
}
