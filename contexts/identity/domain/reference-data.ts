import '../contracts/errors.js'; // registers the codes this decider answers with in the kernel's catalogue
import { AppError } from '@portal/kernel';
import { referenceEvents, type ReferenceEvent, type ReferenceList } from '../contracts/events.js';
import { REFERENCE_PARENTS } from '../contracts/companies.http.js';

/**
 * Reference data (ADR 0051): one stream per list (identity.reference-<list>). An item has a label
 * per locale; a sub-theme names its theme, a group responsible may name its group; an "other" item
 * asks the user for free text. Retired items leave the options; users keep the value they hold.
 */
export interface ReferenceLabels {
  'pt-BR': string;
  es: string;
  en: string;
}
export interface ReferenceItemState {
  labels: ReferenceLabels;
  parentId: string | null;
  other: boolean;
  retired: boolean;
  updatedAt: string;
}
export interface ReferenceListState {
  items: Record<string, ReferenceItemState>;
}
export const initialReferenceListState = (): ReferenceListState => ({ items: {} });


export type ReferenceCommand =
  | {
      type: 'SaveReferenceItem';
      data: {
        list: ReferenceList;
        itemId: string;
        labels: ReferenceLabels;
        parentId: string | null;
        other: boolean;
        /** the active item ids of the parent list (REFERENCE_PARENTS), read by the caller; null for a list without parents */
        parentIds: readonly string[] | null;
        by: string;
        now: string;
      };
    }
  | { type: 'RetireReferenceItem'; data: { list: ReferenceList; itemId: string; by: string; now: string } };

const invalid = (path: string, message: string) => new AppError('reference-item-invalid', message, [{ path, message, code: 'reference-item-invalid' }]);

function checkParent(list: ReferenceList, parentId: string | null, parentIds: readonly string[] | null): void {
  const parent = REFERENCE_PARENTS[list];
  if (!parent) {
    if (parentId !== null) throw invalid('parentId', `items of ${list} have no parent`);
    return;
  }
  if (parentId === null) {
    if (parent.required) throw invalid('parentId', `an item of ${list} needs its ${parent.list} item`);
    return;
  }
  if (!(parentIds ?? []).includes(parentId)) throw invalid('parentId', `${parentId} is not an item of ${parent.list}`);
}

export function decideReferenceList(command: ReferenceCommand, state: ReferenceListState): ReferenceEvent[] {
  switch (command.type) {
    case 'SaveReferenceItem': {
      const { list, itemId, parentId, other, parentIds, by, now } = command.data;
      const labels: ReferenceLabels = { 'pt-BR': command.data.labels['pt-BR'].trim(), es: command.data.labels.es.trim(), en: command.data.labels.en.trim() };
      const empty = (Object.keys(labels) as (keyof ReferenceLabels)[]).filter((l) => !labels[l]);
      if (empty.length > 0) throw new AppError('reference-item-invalid', 'Every locale needs a label', empty.map((l) => ({ path: `labels.${l}`, message: 'notEmpty' })));
      checkParent(list, parentId, parentIds);
      const current = state.items[itemId];
      if (current && !current.retired && current.other === other && current.parentId === parentId && JSON.stringify(current.labels) === JSON.stringify(labels)) return [];
      return [{ type: 'ReferenceItemSaved', data: { list, itemId, labels, parentId, other, by, savedAt: now } }];
    }
    case 'RetireReferenceItem': {
      const { list, itemId, by, now } = command.data;
      const current = state.items[itemId];
      if (!current) throw new AppError('404', `No item ${itemId} in ${list}`);
      if (current.retired) return [];
      return [{ type: 'ReferenceItemRetired', data: { list, itemId, by, retiredAt: now } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveReferenceList(state: ReferenceListState, event: ReferenceEvent): ReferenceListState {
  switch (event.type) {
    case 'ReferenceItemSaved': {
      const { itemId, labels, parentId, other, savedAt } = event.data;
      return { items: { ...state.items, [itemId]: { labels, parentId, other, retired: false, updatedAt: savedAt } } };
    }
    case 'ReferenceItemRetired': {
      const item = state.items[event.data.itemId];
      return item ? { items: { ...state.items, [event.data.itemId]: { ...item, retired: true, updatedAt: event.data.retiredAt } } } : state;
    }
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The ids of a list's items still offered. */
export const activeItemIds = (state: ReferenceListState): string[] => Object.entries(state.items).filter(([, item]) => !item.retired).map(([id]) => id);

/** A reference list's decider (one stream per list). */
export const referenceListDecider = { decide: decideReferenceList, evolve: evolveReferenceList, initial: initialReferenceListState, events: referenceEvents };
