import { AppError } from '@portal/kernel';
import type { ReferenceItem, ReferenceList } from '../../contracts/index.js';
import type { ReferenceListState } from '../../domain/index.js';

/** A reference item as the screen shows it, from the list's state after a write. */
export function referenceItemOf(list: ReferenceList, itemId: string, state: ReferenceListState): ReferenceItem {
  const item = state.items[itemId];
  if (!item) throw new AppError('404');
  return { list, itemId, ...item };
}
