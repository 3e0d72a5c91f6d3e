import { defineProjection } from '@portal/projections-runtime';
import { combineEvents } from '@portal/eventstore/event-schemas';
import { identityEvents } from '@portal/identity/contracts';
import { catalogueEvents, progressEvents } from '@portal/learning/contracts';
import { appendFacts, DIMENSION_EVENT_TYPES, foldDimensions, TemporalBatch, LEARNER_PERSONAL_DATA } from '@portal/projection-report-kit';
import { completionFactsTable, companyDetailsTable, lastSignInsTable, migrateReportCompanies, type CompanyDetailsRow, type CompletionFactRow } from './schema.js';
import { iso } from '@portal/kernel';

const events = combineEvents(identityEvents, catalogueEvents, progressEvents);


/**
 * The companies report (001 §2 companies, §3 Company; ADR 0070): each company's fields as
 * identity recorded them, beside the kit's learner dimension (who is in which company at a
 * position), each user's last sign-in and every completion, all temporal, so users, active users
 * and completions are counted at read time for any position. Rebuild:
 * `npm run portal -- projections rebuild report-companies`.
 */
export const reportCompaniesProjection = defineProjection({
  name: 'report-companies',
  version: 1,
  personalData: LEARNER_PERSONAL_DATA,
  events,
  eventTypes: [...DIMENSION_EVENT_TYPES, 'CompanyDomainsChanged', 'SignInSucceeded', 'MediaCompleted'],
  migrate: migrateReportCompanies,
  // reports' indexes serve the pages; folding finds rows by primary key (TemporalBatch)
  readIndexesAfterCopy: true,
  async apply(trx, schema, batch) {
    await foldDimensions(trx, schema, batch);
    const companies = new TemporalBatch(companyDetailsTable);
    const signIns = new TemporalBatch(lastSignInsTable);
    const companyIds = new Set<string>();
    const userIds = new Set<string>();
    for (const e of batch) {
      if (e.type === 'CompanyRegistered' || e.type === 'CompanyUpdated' || e.type === 'CompanyDomainsChanged') companyIds.add(e.data.companyId);
      if (e.type === 'SignInSucceeded') userIds.add(e.data.userId);
    }
    await companies.load(trx, schema, [...companyIds].map((c) => [c]));
    await signIns.load(trx, schema, [...userIds].map((u) => [u]));
    const completions: { row: CompletionFactRow; position: bigint }[] = [];
    for (const e of batch) {
      const at = e.checkpoint.position;
      switch (e.type) {
        case 'CompanyRegistered': {
          const d = e.data;
          companies.change([d.companyId], at, () => ({
            company_id: d.companyId,
            name: d.name,
            business_code: d.businessCode,
            phone: d.phone,
            contact_email: d.contactEmail,
            contact_name: d.contactName,
            contact_phone: d.contactPhone,
            domains: [...d.domains],
          }));
          break;
        }
        case 'CompanyUpdated': {
          const d = e.data;
          companies.change([d.companyId], at, (cur) => {
            if (!cur) return null;
            const next: CompanyDetailsRow = { ...cur };
            if (d.name !== undefined) next.name = d.name;
            if (d.businessCode !== undefined) next.business_code = d.businessCode;
            if (d.phone !== undefined) next.phone = d.phone;
            if (d.contactEmail !== undefined) next.contact_email = d.contactEmail;
            if (d.contactName !== undefined) next.contact_name = d.contactName;
            if (d.contactPhone !== undefined) next.contact_phone = d.contactPhone;
            if (d.domains !== undefined) next.domains = [...d.domains];
            return next;
          });
          break;
        }
        case 'CompanyDomainsChanged': {
          const domains = [...e.data.domains];
          companies.change([e.data.companyId], at, (cur) => (cur ? { ...cur, domains } : null));
          break;
        }
        case 'SignInSucceeded': {
          const d = e.data;
          signIns.change([d.userId], at, () => ({ user_id: d.userId, signed_in_at: iso(d.at) }));
          break;
        }
        case 'MediaCompleted': {
          const d = e.data;
          if (d.actor.startsWith('guest:')) break;
          completions.push({ position: at, row: { completion_id: at.toString(), user_id: d.actor, entry_id: d.entryId, station_id: d.stationId, completed_at: iso(d.completedAt) } });
          break;
        }
        default:
          break;
      }
    }
    await companies.write(trx, schema);
    await signIns.write(trx, schema);
    await appendFacts(trx, schema, completionFactsTable, completions);
  },
});
