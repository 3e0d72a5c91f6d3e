import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { appendStory, COMPANY_A, COMPANY_B, EXPECTED, TODAY } from '../../../contexts/reporting/testing/dashboard-story.js';
import { managerDashboardProjection } from './manager-dashboard.projection.js';
import { dashboardCompanies, dashboardFigures as figuresOrNone, type DashboardFigures } from './queries.js';

let db: TestDatabase;
let store: EventStore;
/** the same log folded one event per batch (every change crosses a batch boundary) and all in one batch */
let small: ProjectionRuntime;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
  await appendStory(store);
  small = new ProjectionRuntime(db.database, store, [managerDashboardProjection], { run: false, batchSize: 1 });
  await small.start();
  await small.catchUp();
});
afterAll(async () => {
  await small?.stop();
  await store.close();
  await db.drop();
});

/** A known company's figures. */
const dashboardFigures = async (...args: Parameters<typeof figuresOrNone>): Promise<DashboardFigures> => {
  const figures = await figuresOrNone(...args);
  if (!figures) throw new Error(`no company ${args[1]}`);
  return figures;
};

/** The figures without the week rows that are zero, as EXPECTED writes them. */
const shown = (f: DashboardFigures) => ({
  learners: { total: f.learners.total, active7Days: f.learners.active7Days, active30Days: f.learners.active30Days, neverStarted: f.learners.neverStarted },
  weeks: Object.fromEntries(f.weeks.filter((w) => w.completions + w.answers > 0).map((w) => [w.startsOn, { completions: w.completions, answers: w.answers }])),
  crops: f.crops.map(({ title: _title, ...crop }) => crop),
  mostCompleted: f.mostCompleted,
  leastStarted: f.leastStarted,
});

describe('manager dashboard projection', () => {
  it("counts each company's learners, weeks, crops and stations as worked out by hand (a learner who moved counts in the new company only)", async () => {
    const reader = small.reader('manager-dashboard');
    expect(shown(await dashboardFigures(reader, COMPANY_A, TODAY))).toEqual(EXPECTED[COMPANY_A]);
    expect(shown(await dashboardFigures(reader, COMPANY_B, TODAY))).toEqual(EXPECTED[COMPANY_B]);
  });

  it('answers twelve ISO weeks ending with the current one, and the days the "active" figures count from', async () => {
    const f = await dashboardFigures(small.reader('manager-dashboard'), COMPANY_A, TODAY);
    expect(f.weeks.map((w) => w.week)).toEqual(['2026-W36', '2026-W37', '2026-W38', '2026-W39', '2026-W40', '2026-W41', '2026-W42', '2026-W43', '2026-W44', '2026-W45', '2026-W46', '2026-W47']);
    expect(f.learners).toMatchObject({ activeSince7: '2026-11-15', activeSince30: '2026-10-23' });
    // in March the story's weeks have left the chart and nobody was active lately; the learners stay
    const later = await dashboardFigures(small.reader('manager-dashboard'), COMPANY_A, '2027-03-01');
    expect(later.weeks.every((w) => w.answers === 0 && w.completions === 0)).toBe(true);
    expect(later.learners).toMatchObject({ total: 4, active7Days: 0, active30Days: 0 });
  });

  it('knows no unknown company, and lists the companies by name', async () => {
    const reader = small.reader('manager-dashboard');
    expect(await figuresOrNone(reader, 'no-such-company', TODAY)).toBeUndefined();
    expect((await dashboardFigures(reader, COMPANY_B, TODAY)).company).toEqual({ companyId: COMPANY_B, name: 'Beta Coop' });
    expect(await dashboardCompanies(reader)).toEqual([
      { companyId: COMPANY_A, name: 'Agro Alfa' },
      { companyId: COMPANY_B, name: 'Beta Coop' },
    ]);
    expect(await dashboardCompanies(reader, COMPANY_B)).toEqual([{ companyId: COMPANY_B, name: 'Beta Coop' }]);
  });

  it('folded in one batch (the move inside it) or rebuilt, the tables equal the ones folded one event at a time', async () => {
    const dump = async (runtime: ProjectionRuntime) => {
      const r = runtime.reader('manager-dashboard');
      const all = async (table: string, order: string[]) => {
        let q = r.selectFrom(table).selectAll();
        for (const o of order) q = q.orderBy(o);
        return (await q.execute()).map((row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v])));
      };
      return {
        // rows a move emptied stay with zeros: compare what the figures read
        totals: (await all('dash_company_totals', ['company_id'])).filter((x) => x.learners !== 0),
        days: (await all('dash_company_active_days', ['company_id', 'day'])).filter((x) => x.learners !== 0),
        weeks: (await all('dash_company_weeks', ['company_id', 'week_start'])).filter((x) => x.completions !== 0 || x.answers !== 0),
        crops: (await all('dash_company_crops', ['company_id', 'crop_id'])).filter((x) => x.learners !== 0),
        stations: (await all('dash_company_stations', ['company_id', 'station_id'])).filter((x) => x.starts !== 0 || x.completions !== 0),
        learners: await all('dash_learners', ['user_id']),
        learnerWeeks: await all('dash_learner_weeks', ['user_id', 'week_start']),
        learnerCrops: await all('dash_learner_crops', ['user_id', 'crop_id']),
        learnerStations: await all('dash_learner_stations', ['user_id', 'station_id']),
      };
    };
    const incremental = await dump(small);
    const scratch = await createTestDatabase();
    const copy = createEventStore({ database: scratch.database });
    const large = new ProjectionRuntime(scratch.database, copy, [managerDashboardProjection], { run: false, batchSize: 1000 });
    try {
      await copy.migrate();
      await appendStory(copy);
      await large.start();
      await large.catchUp();
      expect(await dump(large)).toEqual(incremental);
    } finally {
      await large.stop();
      await copy.close();
      await scratch.drop();
    }
    await small.rebuild('manager-dashboard');
    expect(await dump(small)).toEqual(incremental);
    expect(shown(await dashboardFigures(small.reader('manager-dashboard'), COMPANY_A, TODAY))).toEqual(EXPECTED[COMPANY_A]);
  });
});
