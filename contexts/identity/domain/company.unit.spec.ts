import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import type { CompanyEvent, UserEvent } from '../contracts/events.js';
import { companyDecider, type CompanyCommand } from './company.js';
import { DOMAIN_JOIN_ACTOR } from './domain-joining.js';
import { userDecider } from './user.js';

const company = deciderSpec(companyDecider);
const user = deciderSpec(userDecider);
const t0 = '2026-11-21T10:00:00.000Z';
const t1 = '2026-11-21T10:05:00.000Z';
const admin = 'admin-1';
const fields = { name: 'Coop', businessCode: '12.345', phone: null, contactEmail: null, contactName: null, contactPhone: null };
const registered: CompanyEvent = {
  type: 'CompanyRegistered',
  data: { ...fields, companyId: 'c1', domains: ['coop.com.br'], invitationOnly: false, by: admin, registeredAt: t0 },
};
type Register = Extract<CompanyCommand, { type: 'RegisterCompany' }>['data'];
const register = (over: Partial<Register> = {}): CompanyCommand => ({
  type: 'RegisterCompany',
  data: { ...fields, companyId: 'c1', domains: ['@Coop.com.br', 'coop.com.br'], invitationOnly: false, domainsOfOthers: [], by: admin, now: t0, ...over },
});

describe('registering a company', () => {
  it('records its fields, its normalised domains, the flag and who registered it, once', () => {
    company.given([]).when(register()).then([registered]);
    company.given([registered]).when(register()).thenThrows('company-invalid');
  });
  it('refuses an empty name or business code', () => {
    company.given([]).when(register({ name: ' ' })).thenThrows('company-invalid');
    company.given([]).when(register({ businessCode: '' })).thenThrows('company-invalid');
  });
  it('refuses a domain another company holds', () => {
    company.given([]).when(register({ domainsOfOthers: ['coop.com.br'] })).thenThrows('company-domain-already-in-use');
  });
});

describe('changing a company', () => {
  it('records only the fields that changed, with who changed them', () => {
    company
      .given([registered])
      .when({ type: 'UpdateCompany', data: { name: 'Coop', phone: ' +55 11 4000-0000 ', contactName: '', by: 'admin-2', now: t1 } })
      .then([{ type: 'CompanyUpdated', data: { companyId: 'c1', phone: '+55 11 4000-0000', by: 'admin-2', updatedAt: t1 } }]);
  });
  it('does nothing when nothing changes', () => {
    company.given([registered]).when({ type: 'UpdateCompany', data: { name: ' Coop ', by: admin, now: t1 } }).thenNothing();
  });
  it('refuses an unknown company and an emptied name', () => {
    company.given([]).when({ type: 'UpdateCompany', data: { name: 'X', by: admin, now: t1 } }).thenThrows('company-invalid');
    company.given([registered]).when({ type: 'UpdateCompany', data: { name: '  ', by: admin, now: t1 } }).thenThrows('company-invalid');
  });
});

describe('company domains', () => {
  const change = (domains: string[], invitationOnly: boolean, domainsOfOthers: string[] = []) =>
    ({ type: 'ChangeCompanyDomains', data: { domains, invitationOnly, domainsOfOthers, by: admin, now: t1 } }) as const;
  it('sets the whole domain list and the invitation-only flag', () => {
    company
      .given([registered])
      .when(change(['coop.com.br', 'COOP.agr.br'], true))
      .then([{ type: 'CompanyDomainsChanged', data: { companyId: 'c1', domains: ['coop.agr.br', 'coop.com.br'], invitationOnly: true, by: admin, changedAt: t1 } }]);
  });
  it('a domain belongs to one company only', () => {
    company.given([registered]).when(change(['coop.com.br', 'other.com'], false, ['other.com'])).thenThrows('company-domain-already-in-use');
  });
  it('does nothing when neither the list nor the flag changes', () => {
    company.given([registered]).when(change(['coop.com.br'], false)).thenNothing();
  });
});

describe('invitation-only registration', () => {
  const invitationOnly: CompanyEvent = { type: 'CompanyDomainsChanged', data: { companyId: 'c1', domains: ['coop.com.br'], invitationOnly: true, by: admin, changedAt: t1 } };
  const admit = (email: string, preRegistered: boolean) => ({ type: 'AdmitRegistration', data: { email, preRegistered } }) as const;
  it('refuses an address of its domain that no manager pre-registered', () => {
    company.given([registered, invitationOnly]).when(admit('joao@Coop.com.br', false)).thenThrows('app/invalid-whitelist-email');
  });
  it('admits a pre-registered address', () => {
    company.given([registered, invitationOnly]).when(admit('joao@coop.com.br', true)).thenNothing();
  });
  it('admits anyone when the company is open, and addresses of other domains', () => {
    company.given([registered]).when(admit('joao@coop.com.br', false)).thenNothing();
    company.given([registered, invitationOnly]).when(admit('joao@elsewhere.com', false)).thenNothing();
  });
});

describe('domain joining', () => {
  const account: UserEvent = {
    type: 'UserRegistered',
    data: { userId: 'u1', email: 'ana@coop.com.br', passwordHash: 'h', country: 'BR', ref: null, lang: 'pt-BR', consentAt: t0, registeredAt: t0 },
  };
  const granted: UserEvent = {
    type: 'AccessGranted',
    data: { userId: 'u1', roles: ['learner'], permissions: [], aclTags: ['dist:soja'], companyId: null, allowedStations: { soja: true }, grantedAt: t0 },
  };
  const verified: UserEvent = { type: 'EmailVerified', data: { userId: 'u1', email: 'ana@coop.com.br', verifiedAt: t1 } };
  const join = (companyId = 'c1', domains = ['coop.com.br']) => ({ type: 'JoinCompanyByDomain', data: { company: { companyId, domains }, now: t1 } }) as const;
  it('a verified address of a company domain joins the company, keeping the rest of the access', () => {
    user
      .given([account, granted, verified])
      .when(join())
      .then([
        { type: 'AccessChanged', data: { userId: 'u1', roles: ['learner'], permissions: [], aclTags: ['dist:soja'], companyId: 'c1', allowedStations: { soja: true }, by: DOMAIN_JOIN_ACTOR, changedAt: t1 } },
      ]);
  });
  it('an unverified address joins nothing', () => {
    user.given([account, granted]).when(join()).thenNothing();
  });
  it('a user with a company keeps it', () => {
    user.given([account, { ...granted, data: { ...granted.data, companyId: 'c0' } } as UserEvent, verified]).when(join()).thenNothing();
  });
  it('an address outside the domains, or no company, joins nothing', () => {
    user.given([account, granted, verified]).when(join('c1', ['other.com'])).thenNothing();
    user.given([account, granted, verified]).when({ type: 'JoinCompanyByDomain', data: { company: null, now: t1 } }).thenNothing();
  });
});
