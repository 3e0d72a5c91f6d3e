import type { Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Localized } from '@portal/learning/contracts';
import { addDays } from '@portal/kernel';
import { isoWeekOf, lastWeeks } from './calendar.js';
import type { ManagerDashboardDB } from './schema.js';

export const DASHBOARD_WEEKS = 12;
export const DASHBOARD_STATIONS = 5;

export interface DashboardCompanyRow {
  companyId: string;
  name: string;
}

export interface DashboardStationFigures {
  stationId: string;
  title: Localized;
  cropId: string;
  starts: number;
  completions: number;
}

/** Every figure of one company's dashboard as the read model holds them (the read use case adds the links). */
export interface DashboardFigures {
  company: DashboardCompanyRow;
  asOf: string;
  learners: { total: number; active7Days: number; active30Days: number; neverStarted: number; activeSince7: string; activeSince30: string };
  weeks: { week: string; startsOn: string; completions: number; answers: number }[];
  crops: { cropId: string; title: Localized; scoredLearners: number; averageScore: number | null; certificates: number }[];
  mostCompleted: DashboardStationFigures[];
  leastStarted: DashboardStationFigures[];
}

/** jsonb read back as a value (pg) or as its text (some drivers). */
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Companies by name; `onlyId` narrows to one (a scoped manager's own). */
export async function dashboardCompanies(reader: Kysely<ManagerDashboardDB>, onlyId?: string): Promise<DashboardCompanyRow[]> {
  let q = reader.selectFrom('dash_companies').select(['company_id', 'name']).orderBy('name').orderBy('company_id');
  if (onlyId !== undefined) q = q.where('company_id', '=', onlyId);
  return (await q.execute()).map((r) => ({ companyId: r.company_id, name: r.name }));
}

/**
 * One company's figures on day `today` (UTC, YYYY-MM-DD), in one statement (one round trip): its
 * totals, the sum of its last-active days, its twelve weeks, its crops and its stations, each an
 * indexed read of its sums that does not grow with the company's number of learners. Undefined
 * for an unknown company.
 */
export async function dashboardFigures(reader: Kysely<ManagerDashboardDB>, companyId: string, today: string): Promise<DashboardFigures | undefined> {
  const since7 = addDays(today, -6);
  const since30 = addDays(today, -29);
  const weeks = lastWeeks(today, DASHBOARD_WEEKS);
  const stations = () =>
    reader
      .selectFrom('dash_stations as s')
      .leftJoin('dash_company_stations as c', (j) => j.onRef('c.station_id', '=', 's.station_id').on('c.company_id', '=', companyId))
      .select((eb) => ['s.station_id', 's.title', 's.crop_id', eb.fn.coalesce('c.starts', eb.lit(0)).as('starts'), eb.fn.coalesce('c.completions', eb.lit(0)).as('completions')])
      .where('s.live', '=', true)
      .where('s.has_entries', '=', true);
  const row = await reader
    .selectNoFrom((eb) => [
      jsonObjectFrom(eb.selectFrom('dash_companies').select(['company_id', 'name']).where('company_id', '=', companyId)).as('company'),
      jsonObjectFrom(eb.selectFrom('dash_company_totals').select(['learners', 'never_started']).where('company_id', '=', companyId)).as('totals'),
      jsonObjectFrom(
        eb
          .selectFrom('dash_company_active_days')
          .select((a) => [a.fn.sum<number | null>('learners').filterWhere('day', '>=', since7).as('active7'), a.fn.sum<number | null>('learners').as('active30')])
          .where('company_id', '=', companyId)
          .where('day', '>=', since30),
      ).as('active'),
      jsonArrayFrom(eb.selectFrom('dash_company_weeks').select(['week_start', 'completions', 'answers']).where('company_id', '=', companyId).where('week_start', '>=', weeks[0]!)).as('weeks'),
      jsonArrayFrom(
        eb
          .selectFrom('dash_stations as s')
          .leftJoin('dash_company_crops as c', (j) => j.onRef('c.crop_id', '=', 's.station_id').on('c.company_id', '=', companyId))
          .select(['s.station_id', 's.title', 'c.learners', 'c.score_sum', 'c.certificates'])
          .where('s.live', '=', true)
          .where('s.is_crop', '=', true)
          .orderBy('s.listing_order')
          .orderBy('s.station_id'),
      ).as('crops'),
      jsonArrayFrom(stations().where('c.completions', '>', 0).orderBy('completions', 'desc').orderBy('s.listing_order').orderBy('s.station_id').limit(DASHBOARD_STATIONS)).as('most'),
      jsonArrayFrom(stations().orderBy('starts', 'asc').orderBy('s.listing_order').orderBy('s.station_id').limit(DASHBOARD_STATIONS)).as('least'),
    ])
    .executeTakeFirstOrThrow();
  if (!row.company) return undefined;
  const byWeek = new Map(row.weeks.map((w) => [w.week_start, w]));
  const station = (r: (typeof row.most)[number]): DashboardStationFigures => ({
    stationId: r.station_id,
    title: json(r.title),
    cropId: r.crop_id,
    starts: Number(r.starts),
    completions: Number(r.completions),
  });
  return {
    company: { companyId: row.company.company_id, name: row.company.name },
    asOf: today,
    learners: {
      total: Number(row.totals?.learners ?? 0),
      active7Days: Number(row.active?.active7 ?? 0),
      active30Days: Number(row.active?.active30 ?? 0),
      neverStarted: Number(row.totals?.never_started ?? 0),
      activeSince7: since7,
      activeSince30: since30,
    },
    weeks: weeks.map((startsOn) => ({
      week: isoWeekOf(startsOn),
      startsOn,
      completions: Number(byWeek.get(startsOn)?.completions ?? 0),
      answers: Number(byWeek.get(startsOn)?.answers ?? 0),
    })),
    crops: row.crops.map((c) => {
      const learners = Number(c.learners ?? 0);
      return {
        cropId: c.station_id,
        title: json(c.title),
        scoredLearners: learners,
        averageScore: learners > 0 ? round2(Number(c.score_sum) / learners) : null,
        certificates: Number(c.certificates ?? 0),
      };
    }),
    mostCompleted: row.most.map(station),
    leastStarted: row.least.map(station),
  };
}
