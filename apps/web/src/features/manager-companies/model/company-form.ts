import type { Company, CompanyDomainsRequest, CreateCompanyRequest, UpdateCompanyRequest } from '@portal/identity/contracts/companies.http';

/** The companies drawer's form (001 §3 Company): text fields as typed, domains as a list. */
export interface CompanyValues {
  name: string;
  businessCode: string;
  phone: string;
  contactEmail: string;
  contactName: string;
  contactPhone: string;
  domains: string[];
  invitationOnly: boolean;
}

const OPTIONAL = ['phone', 'contactEmail', 'contactName', 'contactPhone'] as const;

export const valuesOf = (company: Company | null): CompanyValues => ({
  name: company?.name ?? '',
  businessCode: company?.businessCode ?? '',
  phone: company?.phone ?? '',
  contactEmail: company?.contactEmail ?? '',
  contactName: company?.contactName ?? '',
  contactPhone: company?.contactPhone ?? '',
  domains: company?.domains ?? [],
  invitationOnly: company?.invitationOnly ?? false,
});

/** A typed domain as the server keeps it: lowercase, without "@" or spaces. */
export const normaliseDomain = (domain: string): string => domain.trim().toLowerCase().replace(/^@/, '');

/** Lowercase, without "@", no duplicates, sorted (what the server stores). */
export const normaliseDomains = (domains: readonly string[]): string[] => [...new Set(domains.map(normaliseDomain).filter(Boolean))].sort();

const fields = (values: CompanyValues) => ({
  name: values.name.trim(),
  businessCode: values.businessCode.trim(),
  ...(Object.fromEntries(OPTIONAL.map((key) => [key, values[key].trim() || null])) as Record<(typeof OPTIONAL)[number], string | null>),
});

/** POST /manage-users/company body. */
export const toCreateRequest = (values: CompanyValues): CreateCompanyRequest => ({
  ...fields(values),
  domains: normaliseDomains(values.domains),
  invitationOnly: values.invitationOnly,
});

/**
 * What an edit changes: the fields that differ (PUT /company/{id}) and the domains with the flag
 * when either differs (PUT /company/{id}/domains), null when they did not change.
 */
export function toUpdate(company: Company, values: CompanyValues): { body: UpdateCompanyRequest; domains: CompanyDomainsRequest | null } {
  const next = fields(values);
  const body = Object.fromEntries(Object.entries(next).filter(([key, value]) => company[key as keyof typeof next] !== value)) as UpdateCompanyRequest;
  const domains = normaliseDomains(values.domains);
  const domainsChanged = domains.join(',') !== normaliseDomains(company.domains).join(',') || values.invitationOnly !== company.invitationOnly;
  return { body, domains: domainsChanged ? { domains, invitationOnly: values.invitationOnly } : null };
}

/** Lowercase without accents, for a search typed without them ("agropecuaria"). */
export const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** The companies whose name, business code or a domain contains the text (accents folded). */
export const filterCompanies = (companies: readonly Company[], text: string): Company[] => {
  const wanted = fold(text);
  if (!wanted) return [...companies];
  return companies.filter((c) => [c.name, c.businessCode, ...c.domains].some((v) => fold(v).includes(wanted)));
};
