import { describe, expect, it } from 'vitest';
import type { ReferenceItem } from '@portal/identity/contracts/companies.http';
import { canAdministerCompanies, canSeeCompanies } from './access';
import { missingLabels, parentOf, referenceValuesOf, sortItems, toSaveRequest } from './reference-form';

const item = (itemId: string, retired = false): ReferenceItem => ({
  list: 'expertSubThemes',
  itemId,
  labels: { 'pt-BR': 'Ferrugem', es: 'Roya', en: 'Rust' },
  parentId: 'soja',
  other: false,
  retired,
  updatedAt: '2026-11-21T12:00:00.000Z',
});

describe('the reference item form', () => {
  it('keeps the id of an edited item, trims labels and sends a parent only for lists that have one', () => {
    expect(toSaveRequest('expertSubThemes', item('s1'), { ...referenceValuesOf(item('s1')), labels: { 'pt-BR': ' Ferrugem ', es: 'Roya', en: 'Rust' } })).toEqual({
      itemId: 's1',
      labels: { 'pt-BR': 'Ferrugem', es: 'Roya', en: 'Rust' },
      parentId: 'soja',
      other: false,
    });
    expect(toSaveRequest('regions', null, { labels: { 'pt-BR': 'Sul', es: 'Sur', en: 'South' }, parentId: 'x', other: false })).toEqual({
      labels: { 'pt-BR': 'Sul', es: 'Sur', en: 'South' },
      parentId: null,
      other: false,
    });
  });
  it('asks for a label in each locale', () => {
    expect(missingLabels({ labels: { 'pt-BR': 'Sul', es: ' ', en: '' }, parentId: null, other: false })).toEqual(['es', 'en']);
  });
  it('knows which lists hang under another', () => {
    expect(parentOf('expertSubThemes')).toEqual({ list: 'expertThemes', required: true });
    expect(parentOf('groupResponsibles')).toEqual({ list: 'groups', required: false });
    expect(parentOf('regions')).toBeNull();
  });
  it('lists retired items after the active ones', () => {
    expect(sortItems([item('a', true), item('b'), item('c')]).map((i) => i.itemId)).toEqual(['b', 'c', 'a']);
  });
});

describe('who sees the screens', () => {
  const user = (roles: string[], permissions: string[], companyId: string | null) => ({ roles, permissions, companyId, country: 'BR', allowedStations: 'all' as const }) as Parameters<typeof canSeeCompanies>[0];
  it('administrators of all companies administer; company staff with a company see their own', () => {
    expect(canAdministerCompanies(user(['company_admin'], ['manage_all_companies'], 'c1'))).toBe(true);
    expect(canAdministerCompanies(user(['company_manager'], ['manage_companies_users'], 'c1'))).toBe(false);
    expect(canSeeCompanies(user(['company_manager'], [], 'c1'))).toBe(true);
    expect(canSeeCompanies(user(['company_manager'], [], null))).toBe(false);
    expect(canSeeCompanies(user(['learner'], [], 'c1'))).toBe(false);
  });
});
