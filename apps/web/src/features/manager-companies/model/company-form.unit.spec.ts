import { describe, expect, it } from 'vitest';
import type { Company } from '@portal/identity/contracts/companies.http';
import { filterCompanies, normaliseDomains, toCreateRequest, toUpdate, valuesOf } from './company-form';

const company: Company = {
  companyId: 'c1',
  name: 'Agropecuária Horizonte Ltda.',
  businessCode: '23.456.789/0001-01',
  phone: '+55 64 3611-2200',
  contactEmail: 'rh@horizonte.demo',
  contactName: 'Luana Barbosa',
  contactPhone: null,
  domains: ['horizonte.demo'],
  invitationOnly: true,
  createdAt: '2026-11-21T12:00:00.000Z',
  updatedAt: '2026-11-21T12:00:00.000Z',
};

describe('the company form', () => {
  it('creates with trimmed fields, empty optional fields as null, domains normalised', () => {
    const values = { ...valuesOf(null), name: ' Coop Nova ', businessCode: '1', contactEmail: '  ', domains: ['@Coop.com.br', 'coop.com.br', 'A.com'] };
    expect(toCreateRequest(values)).toEqual({
      name: 'Coop Nova',
      businessCode: '1',
      phone: null,
      contactEmail: null,
      contactName: null,
      contactPhone: null,
      domains: ['a.com', 'coop.com.br'],
      invitationOnly: false,
    });
  });
  it('an edit sends only the changed fields, and the domains call only when the domains or the flag changed', () => {
    expect(toUpdate(company, valuesOf(company))).toEqual({ body: {}, domains: null });
    expect(toUpdate(company, { ...valuesOf(company), contactName: '', phone: '+55 64 3611-2201' })).toEqual({ body: { contactName: null, phone: '+55 64 3611-2201' }, domains: null });
    expect(toUpdate(company, { ...valuesOf(company), invitationOnly: false }).domains).toEqual({ domains: ['horizonte.demo'], invitationOnly: false });
    expect(toUpdate(company, { ...valuesOf(company), domains: ['HORIZONTE.demo', 'hz.com.br'] }).domains).toEqual({ domains: ['horizonte.demo', 'hz.com.br'], invitationOnly: true });
  });
  it('normalises typed domains', () => {
    expect(normaliseDomains([' @X.com ', 'x.com', ''])).toEqual(['x.com']);
  });
});

describe('the companies search', () => {
  const other: Company = { ...company, companyId: 'c2', name: 'Distribuidora Campo Forte S.A.', businessCode: '34.567', domains: ['campoforte.demo'] };
  it('matches the name without accents, the business code and the domains', () => {
    expect(filterCompanies([company, other], 'agropecuaria').map((c) => c.companyId)).toEqual(['c1']);
    expect(filterCompanies([company, other], '34.5').map((c) => c.companyId)).toEqual(['c2']);
    expect(filterCompanies([company, other], 'CAMPOFORTE').map((c) => c.companyId)).toEqual(['c2']);
    expect(filterCompanies([company, other], ' ').map((c) => c.companyId)).toEqual(['c1', 'c2']);
  });
});
