import '../contracts/errors.js'; // registers the codes this decider answers with in the kernel's catalogue
import { AppError } from '@portal/kernel';
import { companyEvents, type CompanyEvent } from '../contracts/events.js';

/**
 * A company (001 §3), one stream per company: its fields, its e-mail domains (a user who verifies
 * an address of one joins it) and whether it is invitation-only (only pre-registered addresses of
 * its domains may register). ADR 0051.
 */
export interface CompanyFields {
  name: string;
  businessCode: string;
  phone: string | null;
  contactEmail: string | null;
  contactName: string | null;
  contactPhone: string | null;
}

export type RegisteredCompany = CompanyFields & { status: 'registered'; companyId: string; domains: string[]; invitationOnly: boolean; registeredAt: string; updatedAt: string };
export type CompanyState = { status: 'none' } | RegisteredCompany;
export const initialCompanyState = (): CompanyState => ({ status: 'none' });

export type CompanyCommand =
  | {
      type: 'RegisterCompany';
      data: CompanyFields & {
        companyId: string;
        domains: readonly string[];
        invitationOnly: boolean;
        /** the domains other companies hold (read by the caller): a domain belongs to one company only */
        domainsOfOthers: readonly string[];
        by: string;
        now: string;
      };
    }
  | { type: 'UpdateCompany'; data: Partial<CompanyFields> & { by: string; now: string } }
  | { type: 'ChangeCompanyDomains'; data: { domains: readonly string[]; invitationOnly: boolean; domainsOfOthers: readonly string[]; by: string; now: string } }
  /**
   * Registration with an address of one of the company's domains (no event): refused with
   * app/invalid-whitelist-email when the company is invitation-only and the address was not
   * pre-registered by a manager.
   */
  | { type: 'AdmitRegistration'; data: { email: string; preRegistered: boolean } };

/** Lowercase, without "@", no duplicates, sorted. */
export const normaliseDomains = (domains: readonly string[]): string[] =>
  [...new Set(domains.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))].sort();

/** The domain part of an e-mail address, lowercase. */
export const domainOfEmail = (email: string): string => email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();

const FIELD_NAMES = ['name', 'businessCode', 'phone', 'contactEmail', 'contactName', 'contactPhone'] as const satisfies readonly (keyof CompanyFields)[];

function checkFields(fields: Partial<CompanyFields>): void {
  const empty = (['name', 'businessCode'] as const).filter((k) => fields[k] !== undefined && !fields[k]!.trim());
  if (empty.length > 0) throw new AppError('company-invalid', 'The company needs a name and a business code', empty.map((path) => ({ path, message: 'notEmpty' })));
}

function checkDomainsFree(domains: readonly string[], domainsOfOthers: readonly string[]): void {
  const taken = domains.filter((d) => domainsOfOthers.includes(d));
  if (taken.length > 0) {
    throw new AppError('company-domain-already-in-use', `Already a domain of another company: ${taken.join(', ')}`, taken.map((d) => ({ path: 'domains', message: d, code: 'company-domain-already-in-use' })));
  }
}

const trimmed = (v: string | null): string | null => v?.trim() || null;

export function decideCompany(command: CompanyCommand, state: CompanyState): CompanyEvent[] {
  switch (command.type) {
    case 'RegisterCompany': {
      if (state.status !== 'none') throw new AppError('company-invalid', 'The company already exists');
      const { now, domainsOfOthers, by, companyId, invitationOnly, ...fields } = command.data;
      checkFields(fields);
      const domains = normaliseDomains(command.data.domains);
      checkDomainsFree(domains, domainsOfOthers);
      return [
        {
          type: 'CompanyRegistered',
          data: {
            companyId,
            name: fields.name.trim(),
            businessCode: fields.businessCode.trim(),
            phone: trimmed(fields.phone),
            contactEmail: trimmed(fields.contactEmail),
            contactName: trimmed(fields.contactName),
            contactPhone: trimmed(fields.contactPhone),
            domains,
            invitationOnly,
            by,
            registeredAt: now,
          },
        },
      ];
    }
    case 'UpdateCompany': {
      if (state.status !== 'registered') throw new AppError('company-invalid');
      const { now, by } = command.data;
      checkFields(command.data);
      const changes: Partial<CompanyFields> = {};
      for (const key of FIELD_NAMES) {
        const value = command.data[key];
        if (value === undefined) continue;
        const next = key === 'name' || key === 'businessCode' ? (value as string).trim() : trimmed(value);
        if (next !== state[key]) Object.assign(changes, { [key]: next });
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'CompanyUpdated', data: { companyId: state.companyId, ...changes, by, updatedAt: now } }];
    }
    case 'ChangeCompanyDomains': {
      if (state.status !== 'registered') throw new AppError('company-invalid');
      const { invitationOnly, domainsOfOthers, by, now } = command.data;
      const domains = normaliseDomains(command.data.domains);
      checkDomainsFree(domains, domainsOfOthers);
      if (invitationOnly === state.invitationOnly && domains.join() === state.domains.join()) return [];
      return [{ type: 'CompanyDomainsChanged', data: { companyId: state.companyId, domains, invitationOnly, by, changedAt: now } }];
    }
    case 'AdmitRegistration': {
      const { email, preRegistered } = command.data;
      if (state.status !== 'registered' || !state.invitationOnly || preRegistered || !state.domains.includes(domainOfEmail(email))) return [];
      throw new AppError('app/invalid-whitelist-email', 'Only addresses invited by the company may register', [{ path: 'email', message: 'invalid-whitelist-email' }]);
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveCompany(state: CompanyState, event: CompanyEvent): CompanyState {
  switch (event.type) {
    case 'CompanyRegistered': {
      const d = event.data;
      return {
        status: 'registered',
        companyId: d.companyId,
        name: d.name,
        businessCode: d.businessCode,
        phone: d.phone,
        contactEmail: d.contactEmail,
        contactName: d.contactName,
        contactPhone: d.contactPhone,
        domains: d.domains,
        invitationOnly: d.invitationOnly ?? false,
        registeredAt: d.registeredAt,
        updatedAt: d.registeredAt,
      };
    }
    case 'CompanyUpdated': {
      if (state.status !== 'registered') return state;
      const { companyId: _id, by: _by, updatedAt, ...changes } = event.data;
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      return { ...state, ...defined, updatedAt };
    }
    case 'CompanyDomainsChanged':
      return state.status === 'registered' ? { ...state, domains: event.data.domains, invitationOnly: event.data.invitationOnly, updatedAt: event.data.changedAt } : state;
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The company's decider (one stream per company). */
export const companyDecider = { decide: decideCompany, evolve: evolveCompany, initial: initialCompanyState, events: companyEvents };
