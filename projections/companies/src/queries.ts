import type { Kysely, Selectable } from 'kysely';
import type { Company, ReferenceItem, ReferenceList } from '@portal/identity/contracts';
import { foldText } from './fold.js';
import type { CompaniesDB, CompaniesTable, ReferenceItemsTable } from './schema.js';
import { iso } from '@portal/kernel';

export { foldText };

/** A company as the read model holds it: the manager area's answer (contracts' `Company`). */
export type CompanyRow = Company;


const companyOf = (r: Selectable<CompaniesTable>): CompanyRow => ({
  companyId: r.company_id,
  name: r.name,
  businessCode: r.business_code,
  phone: r.phone,
  contactEmail: r.contact_email,
  contactName: r.contact_name,
  contactPhone: r.contact_phone,
  domains: r.domains,
  invitationOnly: r.invitation_only,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/**
 * Companies by name: every one, or only `companyId` (a scoped manager's own); `text` matches the
 * name (accents folded), the business code or a domain.
 */
export async function listCompanies(reader: Kysely<CompaniesDB>, filter: { companyId?: string; text?: string } = {}): Promise<CompanyRow[]> {
  let q = reader.selectFrom('companies').selectAll();
  if (filter.companyId !== undefined) q = q.where('company_id', '=', filter.companyId);
  const text = filter.text ? foldText(filter.text) : '';
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('search_name', 'like', like),
        eb('business_code', 'like', like),
        eb('company_id', 'in', eb.selectFrom('company_domains').select('company_id').where('domain', 'like', like)),
      ]),
    );
  }
  return (await q.orderBy('search_name').orderBy('company_id').execute()).map(companyOf);
}

export async function findCompany(reader: Kysely<CompaniesDB>, companyId: string): Promise<CompanyRow | undefined> {
  const row = await reader.selectFrom('companies').selectAll().where('company_id', '=', companyId).executeTakeFirst();
  return row ? companyOf(row) : undefined;
}

/** The company holding a domain (domain joining, invitation-only), or undefined. */
export async function companyOfDomain(reader: Kysely<CompaniesDB>, domain: string): Promise<CompanyRow | undefined> {
  const row = await reader
    .selectFrom('company_domains')
    .innerJoin('companies', 'companies.company_id', 'company_domains.company_id')
    .selectAll('companies')
    .where('company_domains.domain', '=', domain.toLowerCase())
    .executeTakeFirst();
  return row ? companyOf(row) : undefined;
}

/** Which of `domains` another company than `companyId` holds. */
export async function domainsHeldByOthers(reader: Kysely<CompaniesDB>, domains: readonly string[], companyId: string): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await reader.selectFrom('company_domains').select('domain').where('domain', 'in', [...domains]).where('company_id', '<>', companyId).execute();
  return rows.map((r) => r.domain);
}

/** A reference item as the read model holds it (contracts' `ReferenceItem`). */
export type ReferenceItemRow = ReferenceItem;

const itemOf = (r: Selectable<ReferenceItemsTable>): ReferenceItemRow => ({
  list: r.list as ReferenceList,
  itemId: r.item_id,
  labels: r.labels,
  parentId: r.parent_id,
  other: r.other,
  retired: r.retired,
  updatedAt: iso(r.updated_at),
});

/** The items of some lists (all lists when none named), in the order they were added; retired ones only when asked. */
export async function listReferenceItems(reader: Kysely<CompaniesDB>, options: { lists?: readonly string[]; includeRetired?: boolean } = {}): Promise<ReferenceItemRow[]> {
  let q = reader.selectFrom('reference_items').selectAll();
  if (options.lists) {
    if (options.lists.length === 0) return [];
    q = q.where('list', 'in', [...options.lists]);
  }
  if (!options.includeRetired) q = q.where('retired', '=', false);
  return (await q.orderBy('list').orderBy('position').orderBy('item_id').execute()).map(itemOf);
}

export async function findReferenceItem(reader: Kysely<CompaniesDB>, list: string, itemId: string): Promise<ReferenceItemRow | undefined> {
  const row = await reader.selectFrom('reference_items').selectAll().where('list', '=', list).where('item_id', '=', itemId).executeTakeFirst();
  return row ? itemOf(row) : undefined;
}
