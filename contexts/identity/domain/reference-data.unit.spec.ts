import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import type { ReferenceEvent } from '../contracts/events.js';
import { referenceListDecider, type ReferenceCommand } from './reference-data.js';

const lists = deciderSpec(referenceListDecider);
const t0 = '2026-11-21T10:00:00.000Z';
const t1 = '2026-11-21T10:05:00.000Z';
const labels = { 'pt-BR': 'Soja', es: 'Soja', en: 'Soybean' };
type Save = Extract<ReferenceCommand, { type: 'SaveReferenceItem' }>['data'];
const save = (over: Partial<Save> = {}): ReferenceCommand => ({
  type: 'SaveReferenceItem',
  data: { list: 'expertThemes', itemId: 'soja', labels, parentId: null, other: false, parentIds: null, by: 'admin', now: t0, ...over },
});
const saved: ReferenceEvent = { type: 'ReferenceItemSaved', data: { list: 'expertThemes', itemId: 'soja', labels, parentId: null, other: false, by: 'admin', savedAt: t0 } };

describe('reference items', () => {
  it('saves an item with a label in each locale and who saved it', () => {
    lists.given([]).when(save({ labels: { 'pt-BR': ' Soja ', es: 'Soja', en: 'Soybean' } })).then([saved]);
  });
  it('refuses an empty label', () => {
    lists.given([]).when(save({ labels: { ...labels, es: ' ' } })).thenThrows('reference-item-invalid');
  });
  it('changes labels; saving the same item again does nothing', () => {
    lists
      .given([saved])
      .when(save({ labels: { ...labels, en: 'Soy' }, now: t1 }))
      .then([{ type: 'ReferenceItemSaved', data: { ...saved.data, labels: { ...labels, en: 'Soy' }, savedAt: t1 } } as ReferenceEvent]);
    lists.given([saved]).when(save({ now: t1 })).thenNothing();
  });
  it('an "other" item asks for free text', () => {
    lists
      .given([])
      .when(save({ list: 'userTypes', itemId: 'Outro', labels: { 'pt-BR': 'Outro', es: 'Otro', en: 'Other' }, other: true }))
      .then([{ type: 'ReferenceItemSaved', data: { list: 'userTypes', itemId: 'Outro', labels: { 'pt-BR': 'Outro', es: 'Otro', en: 'Other' }, parentId: null, other: true, by: 'admin', savedAt: t0 } }]);
  });
});

describe('parents', () => {
  it('a sub-theme needs one of the active themes as parent', () => {
    const sub = { list: 'expertSubThemes' as const, itemId: 'ferrugem', labels: { 'pt-BR': 'Ferrugem', es: 'Roya', en: 'Rust' } };
    lists.given([]).when(save({ ...sub, parentId: null, parentIds: ['soja'] })).thenThrows('reference-item-invalid');
    lists.given([]).when(save({ ...sub, parentId: 'milho', parentIds: ['soja'] })).thenThrows('reference-item-invalid');
    lists
      .given([])
      .when(save({ ...sub, parentId: 'soja', parentIds: ['soja'] }))
      .then([{ type: 'ReferenceItemSaved', data: { ...sub, parentId: 'soja', other: false, by: 'admin', savedAt: t0 } }]);
  });
  it('a group responsible may name a group; other lists have no parent', () => {
    lists.given([]).when(save({ list: 'groupResponsibles', itemId: 'r1', parentId: null, parentIds: ['g1'] })).then([
      { type: 'ReferenceItemSaved', data: { list: 'groupResponsibles', itemId: 'r1', labels, parentId: null, other: false, by: 'admin', savedAt: t0 } },
    ]);
    lists.given([]).when(save({ list: 'regions', itemId: 'sul', parentId: 'g1', parentIds: null })).thenThrows('reference-item-invalid');
  });
});

describe('retiring', () => {
  const retire = { type: 'RetireReferenceItem', data: { list: 'expertThemes', itemId: 'soja', by: 'admin', now: t1 } } as const;
  it('retires a known item once', () => {
    lists.given([saved]).when(retire).then([{ type: 'ReferenceItemRetired', data: { list: 'expertThemes', itemId: 'soja', by: 'admin', retiredAt: t1 } }]);
    lists.given([saved, { type: 'ReferenceItemRetired', data: { list: 'expertThemes', itemId: 'soja', by: 'admin', retiredAt: t1 } }]).when(retire).thenNothing();
  });
  it('answers 404 for an unknown item', () => {
    lists.given([]).when(retire).thenThrows('404');
  });
  it('saving a retired item brings it back', () => {
    lists.given([saved, { type: 'ReferenceItemRetired', data: { list: 'expertThemes', itemId: 'soja', by: 'admin', retiredAt: t1 } }]).when(save({ now: t1 })).then([{ ...saved, data: { ...saved.data, savedAt: t1 } } as ReferenceEvent]);
  });
});
