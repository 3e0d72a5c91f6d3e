import { AppError } from '@portal/kernel';
import type { CompanyEvent } from '../contracts/events.js';

/** A company whose managers are scoped to it (001 §3). Its administration screens come later. */
export type CompanyState = { status: 'none' } | { status: 'registered'; companyId: string; name: string; businessCode: string; domains: string[] };
export const initialCompanyState = (): CompanyState => ({ status: 'none' });

export interface CompanyFields {
  name: string;
  businessCode: string;
  phone: string | null;
  contactEmail: string | null;
  contactName: string | null;
  contactPhone: string | null;
  domains: string[];
}

export type CompanyCommand =
  | { type: 'RegisterCompany'; data: CompanyFields & { companyId: string; now: string } }
  | { type: 'UpdateCompany'; data: Partial<CompanyFields> & { now: string } };

const normaliseDomains = (domains: string[]) => [...new Set(domains.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))].sort();

export function decideCompany(command: CompanyCommand, state: CompanyState): CompanyEvent[] {
  switch (command.type) {
    case 'RegisterCompany': {
      if (state.status !== 'none') throw new AppError('company-invalid', 'The company already exists');
      const { now, ...d } = command.data;
      if (!d.name.trim() || !d.businessCode.trim()) throw new AppError('company-invalid');
      return [{ type: 'CompanyRegistered', data: { ...d, name: d.name.trim(), businessCode: d.businessCode.trim(), domains: normaliseDomains(d.domains), registeredAt: now } }];
    }
    case 'UpdateCompany': {
      if (state.status !== 'registered') throw new AppError('company-invalid');
      const { now, ...d } = command.data;
      if (d.name !== undefined && !d.name.trim()) throw new AppError('company-invalid');
      return [{ type: 'CompanyUpdated', data: { companyId: state.companyId, ...d, ...(d.domains ? { domains: normaliseDomains(d.domains) } : {}), updatedAt: now } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveCompany(state: CompanyState, event: CompanyEvent): CompanyState {
  switch (event.type) {
    case 'CompanyRegistered':
      return { status: 'registered', companyId: event.data.companyId, name: event.data.name, businessCode: event.data.businessCode, domains: event.data.domains };
    case 'CompanyUpdated':
      return state.status === 'registered'
        ? { ...state, name: event.data.name ?? state.name, businessCode: event.data.businessCode ?? state.businessCode, domains: event.data.domains ?? state.domains }
        : state;
    case 'CompanyDomainsChanged':
      return state.status === 'registered' ? { ...state, domains: event.data.domains } : state;
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The company's decider (one stream per company). */
export const companyDecider = { decide: decideCompany, evolve: evolveCompany, initial: initialCompanyState };
