import type { Kysely } from 'kysely';
import type { Checkpoint } from '@portal/eventstore';
import { combineEvents, type ParsedEvent } from '@portal/eventstore/event-schemas';
import { identityEvents, type IdentityEvent, type ManagedUserDetails } from '@portal/identity/contracts';
import { catalogueEvents, type CatalogueEvent, type Localized } from '@portal/learning/contracts';
import { createTemporalTable, TemporalBatch, type TemporalTable } from './temporal.js';

/**
 * The dimensions every report joins (ADR 0070): the learner as they stood at a position (name,
 * e-mail, company, country, state, ACL tags, user type, group: what the filters and the columns
 * need, from identity's events), the company's name, and the catalogue's titles (stations,
 * entries, questions, answer options, from learning's catalogue events). Each report projection
 * creates these tables in its own schema (`migrateDimensions`) and folds them in its own batches
 * (`foldDimensions`): reports never join across projection schemas, which rebuild and swap on
 * their own.
 */

/** One version of a learner. */
export interface LearnerRow {
  user_id: string;
  email: string | null;
  name: string | null;
  company_id: string | null;
  country: string | null;
  state: string | null;
  user_type: string | null;
  user_group: string | null;
  acl_tags: string[];
}
export const learnersTable: TemporalTable<LearnerRow> = {
  name: 'learners',
  key: ['user_id'],
  columns: { user_id: 'text', email: 'text', name: 'text', company_id: 'text', country: 'text', state: 'text', user_type: 'text', user_group: 'text', acl_tags: 'text[]' },
};

export interface CompanyRow {
  company_id: string;
  name: string;
}
/**
 * Erasure (ADR 0091): a learner's name and e-mail in every version of their row, as a rebuild from
 * the erased log gives them; the facts stay (company totals stay true) and name the learner
 * "erased user #n" (learnerName(ctx)).
 */
export const LEARNER_PERSONAL_DATA = [
  { table: 'learners', subject: 'user_id', set: { email: `case when "email" is null then null else '[erased]' end`, name: `case when "name" is null then null else '[erased]' end` } },
] as const;

export const companiesTable: TemporalTable<CompanyRow> = { name: 'companies', key: ['company_id'], columns: { company_id: 'text', name: 'text' } };

/** A catalogue title: kind station (parent: its parent station), entry (parent: its station), question, option (id `question:option`, parent: the question). */
export type CatalogueKind = 'station' | 'entry' | 'question' | 'option';
export interface CatalogueRow {
  kind: CatalogueKind;
  id: string;
  parent_id: string | null;
  title: Localized;
}
export const catalogueTable: TemporalTable<CatalogueRow> = { name: 'catalogue', key: ['kind', 'id'], columns: { kind: 'text', id: 'text', parent_id: 'text', title: 'jsonb' } };

/** The id of an answer option in the catalogue dimension. */
export const optionKey = (questionId: string, optionId: string): string => `${questionId}:${optionId}`;

/** Identity's and learning's events the dimensions fold: add `DIMENSION_EVENT_TYPES` to a report's `eventTypes`. */
export const dimensionEvents = combineEvents(identityEvents, catalogueEvents);
export const DIMENSION_EVENT_TYPES = [
  'UserRegistered',
  'UserPreRegistered',
  'UserDetailsChanged',
  'AccessGranted',
  'AccessChanged',
  'ProfileUpdated',
  'EmailChanged',
  'EmailRecovered',
  'UserDeleted',
  'CompanyRegistered',
  'CompanyUpdated',
  'StationRevised',
  'QuestionRevised',
] as const satisfies readonly (IdentityEvent['type'] | CatalogueEvent['type'])[];
type DimensionType = (typeof DIMENSION_EVENT_TYPES)[number];
export type DimensionEvent = ParsedEvent<Extract<IdentityEvent | CatalogueEvent, { type: DimensionType }>>;
const DIMENSION_TYPES: ReadonlySet<string> = new Set(DIMENSION_EVENT_TYPES);
const isDimensionEvent = (e: { type: string }): e is DimensionEvent => DIMENSION_TYPES.has(e.type);

/** Creates the dimension tables in a report's schema (call from the report's `migrate`). */
export async function migrateDimensions(db: Kysely<any>, schema: string): Promise<void> {
  await createTemporalTable(db, schema, learnersTable);
  await createTemporalTable(db, schema, companiesTable);
  await createTemporalTable(db, schema, catalogueTable);
  await db.schema.withSchema(schema).createIndex('learners_company').on('learners').columns(['company_id', 'valid_from']).execute();
}

const EMPTY_LEARNER = (userId: string): LearnerRow => ({ user_id: userId, email: null, name: null, company_id: null, country: null, state: null, user_type: null, user_group: null, acl_tags: [] });

/** The learner columns a manager's detail change names (absent: unchanged). */
function withDetails(row: LearnerRow, d: ManagedUserDetails): LearnerRow {
  return {
    ...row,
    ...(d.name !== undefined ? { name: d.name } : {}),
    ...(d.country !== undefined ? { country: d.country } : {}),
    ...(d.state !== undefined ? { state: d.state } : {}),
    ...(d.userType !== undefined ? { user_type: d.userType } : {}),
    ...(d.group !== undefined ? { user_group: d.group } : {}),
  };
}

const positionOf = (e: { checkpoint: Checkpoint }): bigint => e.checkpoint.position;

/** Folds the dimension events of a batch (any other event is ignored) and writes them: three reads and at most six writes per batch. */
export async function foldDimensions(db: Kysely<any>, schema: string, batch: readonly { type: string }[]): Promise<void> {
  const events = batch.filter(isDimensionEvent);
  if (events.length === 0) return;
  const learners = new TemporalBatch(learnersTable);
  const companies = new TemporalBatch(companiesTable);
  const catalogue = new TemporalBatch(catalogueTable);
  const userIds = new Set<string>();
  const companyIds = new Set<string>();
  const items: [CatalogueKind, string][] = [];
  for (const e of events) {
    switch (e.type) {
      case 'CompanyRegistered':
      case 'CompanyUpdated':
        companyIds.add(e.data.companyId);
        break;
      case 'StationRevised':
        items.push(['station', e.data.stationId], ...e.data.station.entries.map((en) => ['entry', en.entryId] as [CatalogueKind, string]));
        break;
      case 'QuestionRevised':
        items.push(['question', e.data.questionId], ...e.data.question.options.map((o) => ['option', optionKey(e.data.questionId, o.id)] as [CatalogueKind, string]));
        break;
      default:
        userIds.add(e.data.userId);
    }
  }
  await learners.load(db, schema, [...userIds].map((u) => [u]));
  await companies.load(db, schema, [...companyIds].map((c) => [c]));
  await catalogue.load(db, schema, items);

  for (const e of events) {
    const at = positionOf(e);
    switch (e.type) {
      case 'CompanyRegistered':
        companies.change([e.data.companyId], at, () => ({ company_id: e.data.companyId, name: e.data.name }));
        break;
      case 'CompanyUpdated': {
        const name = e.data.name;
        if (name !== undefined) companies.change([e.data.companyId], at, (c) => (c ? { ...c, name } : { company_id: e.data.companyId, name }));
        break;
      }
      case 'StationRevised': {
        const s = e.data.station;
        catalogue.change(['station', s.stationId], at, () => ({ kind: 'station', id: s.stationId, parent_id: s.parent ?? null, title: s.title }));
        for (const en of s.entries) catalogue.change(['entry', en.entryId], at, () => ({ kind: 'entry', id: en.entryId, parent_id: s.stationId, title: en.title }));
        break;
      }
      case 'QuestionRevised': {
        const q = e.data.question;
        catalogue.change(['question', q.questionId], at, () => ({ kind: 'question', id: q.questionId, parent_id: null, title: q.label }));
        for (const o of q.options) catalogue.change(['option', optionKey(q.questionId, o.id)], at, () => ({ kind: 'option', id: optionKey(q.questionId, o.id), parent_id: q.questionId, title: o.label }));
        break;
      }
      case 'UserDeleted':
        learners.change([e.data.userId], at, () => null);
        break;
      default: {
        const userId = e.data.userId;
        learners.change([userId], at, (current) => learnerAfter(current ?? EMPTY_LEARNER(userId), e));
      }
    }
  }
  await learners.write(db, schema);
  await companies.write(db, schema);
  await catalogue.write(db, schema);
}

function learnerAfter(row: LearnerRow, e: Exclude<DimensionEvent, { type: 'UserDeleted' | 'CompanyRegistered' | 'CompanyUpdated' | 'StationRevised' | 'QuestionRevised' }>): LearnerRow {
  switch (e.type) {
    case 'UserRegistered':
      return { ...row, email: e.data.email, country: row.country ?? e.data.country };
    case 'UserPreRegistered':
      return withDetails({ ...row, email: e.data.email, company_id: e.data.companyId, acl_tags: [...e.data.aclTags] }, e.data.details);
    case 'UserDetailsChanged':
      return withDetails(row, e.data.details);
    case 'AccessGranted':
    case 'AccessChanged':
      return { ...row, company_id: e.data.companyId, acl_tags: [...e.data.aclTags] };
    case 'ProfileUpdated': {
      const d = e.data;
      return {
        ...row,
        ...(d.name !== undefined ? { name: d.name } : {}),
        ...(d.userType !== undefined ? { user_type: d.userType } : {}),
        ...(d.country !== undefined ? { country: d.country } : {}),
        ...(d.state !== undefined ? { state: d.state } : {}),
      };
    }
    case 'EmailChanged':
    case 'EmailRecovered':
      return { ...row, email: e.data.email };
  }
}
