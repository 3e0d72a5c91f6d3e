import { sql, type Transaction, type UpdateObject } from 'kysely';
import { defineProjection } from '@portal/projections-runtime';
import { identityEvents, type CompanyEvent, type ReferenceEvent } from '@portal/identity/contracts';
import { foldText } from './fold.js';
import { migrateCompanies, type CompaniesDB } from './schema.js';

const APPLIED: readonly (CompanyEvent | ReferenceEvent)['type'][] = ['CompanyRegistered', 'CompanyUpdated', 'CompanyDomainsChanged', 'ReferenceItemSaved', 'ReferenceItemRetired'];

/** The domains table follows the company's list: a domain belongs to one company only (the decider checks it). */
async function setDomains(t: ReturnType<Transaction<CompaniesDB>['withSchema']>, companyId: string, domains: readonly string[]): Promise<void> {
  await t.deleteFrom('company_domains').where('company_id', '=', companyId).execute();
  if (domains.length === 0) return;
  await t
    .insertInto('company_domains')
    .values(domains.map((domain) => ({ domain, company_id: companyId })))
    .onConflict((oc) => oc.column('domain').doUpdateSet({ company_id: companyId }))
    .execute();
}

/**
 * Read model of the manager area's companies (001 §3 Company, with domains and invitation-only)
 * and of the reference lists (ADR 0051). Owner: identity.
 */
export const companiesProjection = defineProjection({
  name: 'companies',
  version: 1,
  events: identityEvents,
  eventTypes: APPLIED,
  migrate: migrateCompanies,
  async apply(trx: Transaction<CompaniesDB>, schema, events) {
    const t = trx.withSchema(schema);
    for (const event of events) {
      switch (event.type) {
        case 'CompanyRegistered': {
          const d = event.data;
          await t
            .insertInto('companies')
            .values({
              company_id: d.companyId,
              name: d.name,
              search_name: foldText(d.name),
              business_code: d.businessCode,
              phone: d.phone,
              contact_email: d.contactEmail,
              contact_name: d.contactName,
              contact_phone: d.contactPhone,
              domains: JSON.stringify(d.domains),
              invitation_only: d.invitationOnly ?? false,
              created_at: d.registeredAt,
              updated_at: d.registeredAt,
            })
            .onConflict((oc) => oc.column('company_id').doNothing())
            .execute();
          await setDomains(t, d.companyId, d.domains);
          break;
        }
        case 'CompanyUpdated': {
          const d = event.data;
          const set: UpdateObject<CompaniesDB, 'companies'> = { updated_at: d.updatedAt };
          if (d.name !== undefined) {
            set.name = d.name;
            set.search_name = foldText(d.name);
          }
          if (d.businessCode !== undefined) set.business_code = d.businessCode;
          if (d.phone !== undefined) set.phone = d.phone;
          if (d.contactEmail !== undefined) set.contact_email = d.contactEmail;
          if (d.contactName !== undefined) set.contact_name = d.contactName;
          if (d.contactPhone !== undefined) set.contact_phone = d.contactPhone;
          if (d.domains !== undefined) set.domains = JSON.stringify(d.domains);
          await t.updateTable('companies').set(set).where('company_id', '=', d.companyId).execute();
          if (d.domains !== undefined) await setDomains(t, d.companyId, d.domains);
          break;
        }
        case 'CompanyDomainsChanged': {
          const d = event.data;
          await t
            .updateTable('companies')
            .set({ domains: JSON.stringify(d.domains), invitation_only: d.invitationOnly, updated_at: d.changedAt })
            .where('company_id', '=', d.companyId)
            .execute();
          await setDomains(t, d.companyId, d.domains);
          break;
        }
        case 'ReferenceItemSaved': {
          const d = event.data;
          const changes = { labels: JSON.stringify(d.labels), parent_id: d.parentId, other: d.other, retired: false, updated_at: d.savedAt };
          await t
            .insertInto('reference_items')
            .values({
              list: d.list,
              item_id: d.itemId,
              ...changes,
              position: sql<number>`(select coalesce(max(position), 0) + 1 from ${sql.table(`${schema}.reference_items`)} where list = ${d.list})`,
            })
            .onConflict((oc) => oc.columns(['list', 'item_id']).doUpdateSet(changes))
            .execute();
          break;
        }
        case 'ReferenceItemRetired':
          await t
            .updateTable('reference_items')
            .set({ retired: true, updated_at: event.data.retiredAt })
            .where('list', '=', event.data.list)
            .where('item_id', '=', event.data.itemId)
            .execute();
          break;
        default:
          break;
      }
    }
  },
});
