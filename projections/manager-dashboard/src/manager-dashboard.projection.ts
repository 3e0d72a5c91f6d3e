import { sql, type Kysely } from 'kysely';
import { combineEvents } from '@portal/eventstore';
import { defineProjection } from '@portal/projections-runtime';
import { identityEvents } from '@portal/identity/contracts';
import { learningEvents } from '@portal/learning/contracts';
import { assessmentEvents, type AnswerSubmitted } from '@portal/assessment/contracts';
import { POINTS_PER_COMPLETED_ENTRY, scoringEvents } from '@portal/scoring/contracts';
import { dayOf, weekStartOf } from './calendar.js';
import { migrateManagerDashboard, type ManagerDashboardDB } from './schema.js';
import { rowsOfPairs, upsertRows, type Table } from './set-based.js';

const events = combineEvents(identityEvents, learningEvents, assessmentEvents, scoringEvents);
type Handled = ReturnType<typeof events.parseRecorded>;

/** The events the dashboard counts (ADR 0053; docs/event-catalogue.md "projected by"). */
const EVENT_TYPES = [
  // identity: which company a user belongs to, sign-ins, the companies' names
  'UserPreRegistered',
  'AccessGranted',
  'AccessChanged',
  'UserDeleted',
  'SignInSucceeded',
  'CompanyRegistered',
  'CompanyUpdated',
  // learning: the catalogue's stations and what learners do in them
  'StationRevised',
  'StationRetired',
  'StationVisited',
  'ContentViewed',
  'MediaStarted',
  'MediaCompleted',
  'StationMediaCompleted',
  'ScormCompleted',
  // assessment and scoring
  'AnswerSubmitted',
  'CertificateIssued',
] as const satisfies readonly Handled['type'][];

/**
 * Whether an answer's points count in its station's crop, as in the scores read model (ADR 0044,
 * projections/scores `bucketOf` and its scopes): questions asked by a station or by one of its
 * entries; NPS answers and questions asked by no station count only in the learner's total.
 */
const countsInCrop = (a: AnswerSubmitted['data']): a is AnswerSubmitted['data'] & { stationId: string } => a.context !== 'nps' && a.stationId !== null;

const isLearnerActor = (actor: string) => !actor.startsWith('guest:') && !actor.startsWith('system');
const SEP = '\u0000';
const key = (a: string, b: string) => `${a}${SEP}${b}`;
const CHUNK = 1000;
const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

interface Learner {
  company: string | null;
  started: boolean;
  lastActive: string | null;
}
interface CropScore {
  score: number;
  certificates: number;
}
interface StationProgress {
  started: boolean;
  completed: boolean;
}
interface WeekCounts {
  completions: number;
  answers: number;
}
interface StationRow {
  station_id: string;
  crop_id: string;
  title: string;
  is_crop: boolean;
  has_entries: boolean;
  listing_order: number;
  live: boolean;
}

/** Sums per key, written once per batch as increments of the company tables. */
class Sums<V extends Record<string, number>> {
  readonly rows = new Map<string, { keys: [string, string]; values: V }>();
  constructor(private readonly zero: () => V) {}
  add(a: string, b: string, delta: Partial<V>): void {
    const k = key(a, b);
    let row = this.rows.get(k);
    if (!row) this.rows.set(k, (row = { keys: [a, b], values: this.zero() }));
    for (const [name, value] of Object.entries(delta) as [keyof V, number][]) (row.values[name] as number) += value;
  }
  nonZero() {
    return [...this.rows.values()].filter((r) => Object.values(r.values).some((v) => v !== 0));
  }
}

/**
 * The manager dashboard's read model (issue 14, ADR 0053). Per learner it keeps the facts the
 * figures count (company, started, last active day, completions and answers per week, crop score
 * and certificates, started and completed stations); per company it keeps the sums of those facts
 * over the company's current learners, updated as events arrive, so a dashboard reads a few dozen
 * rows whatever the company's size.
 *
 * A batch reads the rows its learners have, folds its events in memory (in order) and writes each
 * changed row once. A learner who changed company in the batch moves: their rows as they were
 * leave the old company's sums, their rows as they are now join the new one's; everyone else's
 * changes are added to their company's sums as they are.
 */
export const managerDashboardProjection = defineProjection<ManagerDashboardDB, Handled>({
  name: 'manager-dashboard',
  version: 1,
  events,
  eventTypes: EVENT_TYPES,
  migrate: migrateManagerDashboard,
  async apply(trx, schema, batch) {
    const t = trx.withSchema(schema);
    const fold = new Fold();
    const table: Table = (name) => sql.table(`${schema}.${name}`);
    for (const e of batch) fold.touch(e);
    await fold.load(t, table);
    for (const e of batch) fold.apply(e);
    await fold.write(t, table);
  },
});

/** One batch: the rows it touches as they were (`*0`), as they are after its events, and what changed. */
class Fold {
  private readonly users = new Set<string>();
  private readonly stationKeys = new Map<string, [string, string]>();
  private readonly entryKeys = new Map<string, [string, string]>();
  private readonly answerKeys = new Map<string, [string, string]>();

  private readonly cropOfStation = new Map<string, string>();
  private readonly learners0 = new Map<string, Learner>();
  private readonly learners = new Map<string, Learner>();
  private readonly crops0 = new Map<string, CropScore>();
  private readonly crops = new Map<string, CropScore>();
  private readonly stations0 = new Map<string, StationProgress>();
  private readonly stations = new Map<string, StationProgress>();
  private readonly completedEntries = new Set<string>();
  private readonly newEntries = new Map<string, [string, string]>();
  private readonly answers = new Map<string, { points: number; cropId: string | null }>();
  private readonly changedAnswers = new Set<string>();
  private readonly weeks = new Map<string, WeekCounts>();

  private readonly companies = new Map<string, string>();
  private readonly stationRows = new Map<string, StationRow>();
  private readonly retired = new Set<string>();

  /** Which rows the batch needs. */
  touch(e: Handled): void {
    switch (e.type) {
      case 'UserPreRegistered':
      case 'AccessGranted':
      case 'AccessChanged':
      case 'UserDeleted':
      case 'SignInSucceeded':
      case 'CertificateIssued':
        this.users.add(e.data.userId);
        break;
      case 'StationVisited':
      case 'ContentViewed':
      case 'MediaStarted':
      case 'MediaCompleted':
      case 'StationMediaCompleted':
      case 'ScormCompleted':
        if (!isLearnerActor(e.data.actor)) break;
        this.users.add(e.data.actor);
        this.stationKeys.set(key(e.data.actor, e.data.stationId), [e.data.actor, e.data.stationId]);
        if (e.type === 'MediaCompleted') this.entryKeys.set(key(e.data.actor, e.data.entryId), [e.data.actor, e.data.entryId]);
        break;
      case 'AnswerSubmitted':
        if (!isLearnerActor(e.data.actor)) break;
        this.users.add(e.data.actor);
        if (e.data.stationId) this.stationKeys.set(key(e.data.actor, e.data.stationId), [e.data.actor, e.data.stationId]);
        this.answerKeys.set(key(e.data.actor, e.data.questionId), [e.data.actor, e.data.questionId]);
        break;
      default:
        break;
    }
  }

  async load(t: Kysely<ManagerDashboardDB>, table: Table): Promise<void> {
    for (const r of await t.selectFrom('dash_stations').select(['station_id', 'crop_id']).execute()) this.cropOfStation.set(r.station_id, r.crop_id);
    const users = [...this.users];
    if (users.length > 0) {
      for (const r of await t.selectFrom('dash_learners').selectAll().where('user_id', '=', sql<string>`any(${users}::text[])`).execute()) {
        this.learners0.set(r.user_id, { company: r.company_id, started: r.started, lastActive: r.last_active_on });
      }
      for (const r of await t.selectFrom('dash_learner_crops').selectAll().where('user_id', '=', sql<string>`any(${users}::text[])`).execute()) {
        this.crops0.set(key(r.user_id, r.crop_id), { score: Number(r.score), certificates: Number(r.certificates) });
      }
    }
    for (const r of await rowsOfPairs(t, table, 'dash_learner_stations', ['user_id', 'station_id'], [...this.stationKeys.values()])) {
      this.stations0.set(key(r.user_id, r.station_id), { started: r.started, completed: r.completed });
    }
    for (const r of await rowsOfPairs(t, table, 'dash_learner_entries', ['user_id', 'entry_id'], [...this.entryKeys.values()])) this.completedEntries.add(key(r.user_id, r.entry_id));
    for (const r of await rowsOfPairs(t, table, 'dash_learner_answers', ['user_id', 'question_id'], [...this.answerKeys.values()])) {
      this.answers.set(key(r.user_id, r.question_id), { points: Number(r.points), cropId: r.crop_id });
    }
  }

  private learner(userId: string): Learner {
    let l = this.learners.get(userId);
    if (!l) {
      const before = this.learners0.get(userId);
      this.learners.set(userId, (l = before ? { ...before } : { company: null, started: false, lastActive: null }));
    }
    return l;
  }

  private active(userId: string, at: string): void {
    const l = this.learner(userId);
    const day = dayOf(at);
    if (!l.lastActive || day > l.lastActive) l.lastActive = day;
  }

  private station(userId: string, stationId: string): StationProgress {
    const k = key(userId, stationId);
    let s = this.stations.get(k);
    if (!s) this.stations.set(k, (s = { ...(this.stations0.get(k) ?? { started: false, completed: false }) }));
    return s;
  }

  private start(userId: string, stationId: string): void {
    this.learner(userId).started = true;
    this.station(userId, stationId).started = true;
  }

  private crop(userId: string, cropId: string): CropScore {
    const k = key(userId, cropId);
    let c = this.crops.get(k);
    if (!c) this.crops.set(k, (c = { ...(this.crops0.get(k) ?? { score: 0, certificates: 0 }) }));
    return c;
  }

  private week(userId: string, at: string): WeekCounts {
    const k = key(userId, weekStartOf(dayOf(at)));
    let w = this.weeks.get(k);
    if (!w) this.weeks.set(k, (w = { completions: 0, answers: 0 }));
    return w;
  }

  private cropOf(stationId: string): string {
    return this.cropOfStation.get(stationId) ?? stationId;
  }

  apply(e: Handled): void {
    switch (e.type) {
      case 'CompanyRegistered':
        this.companies.set(e.data.companyId, e.data.name);
        break;
      case 'CompanyUpdated':
        if (e.data.name !== undefined) this.companies.set(e.data.companyId, e.data.name);
        break;
      case 'StationRevised': {
        const s = e.data.station;
        const cropId = s.parent ?? s.stationId;
        this.cropOfStation.set(s.stationId, cropId);
        this.retired.delete(s.stationId);
        this.stationRows.set(s.stationId, {
          station_id: s.stationId,
          crop_id: cropId,
          title: JSON.stringify(s.title),
          is_crop: !s.parent && s.displayCategory === 'crop',
          has_entries: s.entries.length > 0,
          listing_order: s.listingOrder,
          live: s.isActive,
        });
        break;
      }
      case 'StationRetired': {
        const row = this.stationRows.get(e.data.stationId);
        if (row) row.live = false;
        else this.retired.add(e.data.stationId);
        break;
      }
      case 'UserPreRegistered':
      case 'AccessGranted':
      case 'AccessChanged':
        this.learner(e.data.userId).company = e.data.companyId;
        break;
      case 'UserDeleted':
        this.learner(e.data.userId).company = null;
        break;
      case 'SignInSucceeded':
        this.active(e.data.userId, e.data.at);
        break;
      case 'StationVisited':
        if (isLearnerActor(e.data.actor)) this.active(e.data.actor, e.data.visitedAt);
        break;
      case 'ContentViewed':
      case 'MediaStarted':
      case 'ScormCompleted': {
        const d = e.data;
        if (!isLearnerActor(d.actor)) break;
        this.active(d.actor, e.type === 'ContentViewed' ? e.data.viewedAt : e.type === 'MediaStarted' ? e.data.startedAt : e.data.completedAt);
        this.start(d.actor, d.stationId);
        break;
      }
      case 'MediaCompleted': {
        const d = e.data;
        if (!isLearnerActor(d.actor)) break;
        this.active(d.actor, d.completedAt);
        this.start(d.actor, d.stationId);
        const k = key(d.actor, d.entryId);
        // only the first completion of an entry counts (and scores), as in the scores read model
        if (this.completedEntries.has(k)) break;
        this.completedEntries.add(k);
        this.newEntries.set(k, [d.actor, d.entryId]);
        this.week(d.actor, d.completedAt).completions += 1;
        this.crop(d.actor, this.cropOf(d.stationId)).score += POINTS_PER_COMPLETED_ENTRY;
        break;
      }
      case 'StationMediaCompleted': {
        const d = e.data;
        if (!isLearnerActor(d.actor)) break;
        this.active(d.actor, d.completedAt);
        this.start(d.actor, d.stationId);
        this.station(d.actor, d.stationId).completed = true;
        break;
      }
      case 'AnswerSubmitted': {
        const d = e.data;
        if (!isLearnerActor(d.actor)) break;
        this.active(d.actor, d.answeredAt);
        if (d.stationId) this.start(d.actor, d.stationId);
        this.week(d.actor, d.answeredAt).answers += 1;
        // the learner's current answer to the question replaces the previous one's points (a retry)
        const k = key(d.actor, d.questionId);
        const previous = this.answers.get(k);
        if (previous?.cropId) this.crop(d.actor, previous.cropId).score -= previous.points;
        const cropId = countsInCrop(d) ? this.cropOf(d.stationId) : null;
        if (cropId) this.crop(d.actor, cropId).score += d.points;
        this.answers.set(k, { points: d.points, cropId });
        this.changedAnswers.add(k);
        break;
      }
      case 'CertificateIssued':
        this.crop(e.data.userId, e.data.cropId).certificates += 1;
        break;
      default:
        // the contracts' other types: not in EVENT_TYPES, never delivered
        break;
    }
  }

  async write(t: Kysely<ManagerDashboardDB>, table: Table): Promise<void> {
    await this.writeCatalogue(t);
    const companyBefore = (u: string) => this.learners0.get(u)?.company ?? null;
    const companyNow = (u: string) => this.learners.get(u)?.company ?? companyBefore(u);
    const moved = [...this.users].filter((u) => companyBefore(u) !== companyNow(u));
    const movedSet = new Set(moved);

    // a learner who changed company: their rows as they were leave the old company's sums...
    await moveSums(t, table, moved.filter((u) => companyBefore(u) !== null).map((u) => [u, companyBefore(u)!]), -1);
    await this.writeLearnerRows(t, table);
    // ...and their rows as they are now join the new company's
    await moveSums(t, table, moved.filter((u) => companyNow(u) !== null).map((u) => [u, companyNow(u)!]), 1);

    // everyone else's changes go to their company's sums as they are
    const stays = (u: string): string | null => (movedSet.has(u) ? null : companyNow(u));
    const weeks = new Sums(() => ({ completions: 0, answers: 0 }));
    for (const [k, w] of this.weeks) {
      const [u, week] = k.split(SEP) as [string, string];
      const company = stays(u);
      if (company) weeks.add(company, week, w);
    }
    const crops = new Sums(() => ({ learners: 0, score_sum: 0, certificates: 0 }));
    for (const [k, c] of this.crops) {
      const [u, cropId] = k.split(SEP) as [string, string];
      const company = stays(u);
      const before = this.crops0.get(k);
      if (company) crops.add(company, cropId, { learners: before ? 0 : 1, score_sum: c.score - (before?.score ?? 0), certificates: c.certificates - (before?.certificates ?? 0) });
    }
    const stations = new Sums(() => ({ starts: 0, completions: 0 }));
    for (const [k, s] of this.stations) {
      const [u, stationId] = k.split(SEP) as [string, string];
      const company = stays(u);
      const before = this.stations0.get(k);
      if (company) stations.add(company, stationId, { starts: Number(s.started) - Number(before?.started ?? false), completions: Number(s.completed) - Number(before?.completed ?? false) });
    }
    // learner counts follow each learner's state, moved or not: what they counted before leaves, what they count now joins
    const totals = new Sums(() => ({ learners: 0, never_started: 0 }));
    const days = new Sums(() => ({ learners: 0 }));
    const count = (l: Learner | undefined, sign: 1 | -1) => {
      if (!l?.company) return;
      totals.add(l.company, '', { learners: sign, never_started: l.started ? 0 : sign });
      if (l.lastActive) days.add(l.company, l.lastActive, { learners: sign });
    };
    for (const [u, l] of this.learners) {
      count(this.learners0.get(u), -1);
      count(l, 1);
    }

    const rowsOf = <V extends Record<string, number>>(sums: Sums<V>, values: (keyof V)[], withSecondKey = true) =>
      sums.nonZero().map((r) => [r.keys[0], ...(withSecondKey ? [r.keys[1]] : []), ...values.map((v) => r.values[v])]);
    await upsertRows(t, table, 'dash_company_totals', [['company_id', 'text'], ['learners', 'integer'], ['never_started', 'integer']], ['company_id'], 'add', rowsOf(totals, ['learners', 'never_started'], false));
    await upsertRows(t, table, 'dash_company_active_days', [['company_id', 'text'], ['day', 'text'], ['learners', 'integer']], ['company_id', 'day'], 'add', rowsOf(days, ['learners']));
    await upsertRows(t, table, 'dash_company_weeks', [['company_id', 'text'], ['week_start', 'text'], ['completions', 'integer'], ['answers', 'integer']], ['company_id', 'week_start'], 'add', rowsOf(weeks, ['completions', 'answers']));
    await upsertRows(
      t,
      table,
      'dash_company_crops',
      [['company_id', 'text'], ['crop_id', 'text'], ['learners', 'integer'], ['score_sum', 'float8'], ['certificates', 'integer']],
      ['company_id', 'crop_id'],
      'add',
      rowsOf(crops, ['learners', 'score_sum', 'certificates']),
    );
    await upsertRows(t, table, 'dash_company_stations', [['company_id', 'text'], ['station_id', 'text'], ['starts', 'integer'], ['completions', 'integer']], ['company_id', 'station_id'], 'add', rowsOf(stations, ['starts', 'completions']));
  }

  private async writeCatalogue(t: Kysely<ManagerDashboardDB>): Promise<void> {
    if (this.companies.size > 0) {
      await t
        .insertInto('dash_companies')
        .values([...this.companies].map(([company_id, name]) => ({ company_id, name })))
        .onConflict((oc) => oc.column('company_id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
        .execute();
    }
    if (this.stationRows.size > 0) {
      await t
        .insertInto('dash_stations')
        .values([...this.stationRows.values()])
        .onConflict((oc) =>
          oc.column('station_id').doUpdateSet((eb) => ({
            crop_id: eb.ref('excluded.crop_id'),
            title: eb.ref('excluded.title'),
            is_crop: eb.ref('excluded.is_crop'),
            has_entries: eb.ref('excluded.has_entries'),
            listing_order: eb.ref('excluded.listing_order'),
            live: eb.ref('excluded.live'),
          })),
        )
        .execute();
    }
    if (this.retired.size > 0) await t.updateTable('dash_stations').set({ live: false }).where('station_id', 'in', [...this.retired]).execute();
  }

  private async writeLearnerRows(t: Kysely<ManagerDashboardDB>, table: Table): Promise<void> {
    const split = (k: string) => k.split(SEP) as [string, string];
    await upsertRows(
      t,
      table,
      'dash_learners',
      [['user_id', 'text'], ['company_id', 'text'], ['started', 'boolean'], ['last_active_on', 'text']],
      ['user_id'],
      'replace',
      [...this.learners].map(([u, l]) => [u, l.company, l.started, l.lastActive]),
    );
    await upsertRows(
      t,
      table,
      'dash_learner_weeks',
      [['user_id', 'text'], ['week_start', 'text'], ['completions', 'integer'], ['answers', 'integer']],
      ['user_id', 'week_start'],
      'add',
      [...this.weeks].map(([k, w]) => [...split(k), w.completions, w.answers]),
    );
    await upsertRows(
      t,
      table,
      'dash_learner_crops',
      [['user_id', 'text'], ['crop_id', 'text'], ['score', 'float8'], ['certificates', 'integer']],
      ['user_id', 'crop_id'],
      'replace',
      [...this.crops].map(([k, c]) => [...split(k), c.score, c.certificates]),
    );
    await upsertRows(
      t,
      table,
      'dash_learner_stations',
      [['user_id', 'text'], ['station_id', 'text'], ['started', 'boolean'], ['completed', 'boolean']],
      ['user_id', 'station_id'],
      'replace',
      [...this.stations].map(([k, s]) => [...split(k), s.started, s.completed]),
    );
    await upsertRows(t, table, 'dash_learner_entries', [['user_id', 'text'], ['entry_id', 'text']], ['user_id', 'entry_id'], 'keep', [...this.newEntries.values()]);
    await upsertRows(
      t,
      table,
      'dash_learner_answers',
      [['user_id', 'text'], ['question_id', 'text'], ['points', 'float8'], ['crop_id', 'text']],
      ['user_id', 'question_id'],
      'replace',
      [...this.changedAnswers].map((k) => [...split(k), this.answers.get(k)!.points, this.answers.get(k)!.cropId]),
    );
  }
}

/**
 * Adds (sign 1) or takes away (sign -1) the stored week, crop and station rows of these learners
 * to or from the sums of the company paired with each: one set-based statement per table.
 */
async function moveSums(t: Kysely<ManagerDashboardDB>, table: Table, learners: [string, string][], sign: 1 | -1): Promise<void> {
  if (learners.length === 0) return;
  for (const part of chunks(learners)) {
    const users = part.map(([u]) => u);
    const companies = part.map(([, c]) => c);
    const moving = sql`unnest(${users}::text[], ${companies}::text[]) as m(user_id, company_id)`;
    await sql`
      insert into ${table('dash_company_weeks')} (company_id, week_start, completions, answers)
      select m.company_id, w.week_start, ${sql.lit(sign)} * sum(w.completions), ${sql.lit(sign)} * sum(w.answers)
      from ${table('dash_learner_weeks')} w join ${moving} on w.user_id = m.user_id
      group by m.company_id, w.week_start
      on conflict (company_id, week_start) do update set
        completions = dash_company_weeks.completions + excluded.completions,
        answers = dash_company_weeks.answers + excluded.answers`.execute(t);
    await sql`
      insert into ${table('dash_company_crops')} (company_id, crop_id, learners, score_sum, certificates)
      select m.company_id, c.crop_id, ${sql.lit(sign)} * count(*), ${sql.lit(sign)} * sum(c.score), ${sql.lit(sign)} * sum(c.certificates)
      from ${table('dash_learner_crops')} c join ${moving} on c.user_id = m.user_id
      group by m.company_id, c.crop_id
      on conflict (company_id, crop_id) do update set
        learners = dash_company_crops.learners + excluded.learners,
        score_sum = dash_company_crops.score_sum + excluded.score_sum,
        certificates = dash_company_crops.certificates + excluded.certificates`.execute(t);
    await sql`
      insert into ${table('dash_company_stations')} (company_id, station_id, starts, completions)
      select m.company_id, s.station_id, ${sql.lit(sign)} * count(*) filter (where s.started), ${sql.lit(sign)} * count(*) filter (where s.completed)
      from ${table('dash_learner_stations')} s join ${moving} on s.user_id = m.user_id
      group by m.company_id, s.station_id
      on conflict (company_id, station_id) do update set
        starts = dash_company_stations.starts + excluded.starts,
        completions = dash_company_stations.completions + excluded.completions`.execute(t);
  }
}
