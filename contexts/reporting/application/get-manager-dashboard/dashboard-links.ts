import type { DashboardFigures, DashboardStationFigures } from '@portal/projection-manager-dashboard';
import type { DashboardStation, ManagerDashboard, UserListFilters } from '../../contracts/index.js';

/**
 * The dashboard's answer: each figure with the filters of the user list (/manager/users, the
 * directory's /find names) that shows the users behind it, as closely as the list's filters allow
 * (ADR 0053): the company always; "active in the last N days" as lastActiveFrom; "never started"
 * as neverStarted; a crop or a station as station (the learners with access to it).
 */
export function withLinks(f: DashboardFigures): ManagerDashboard {
  const base: UserListFilters = { companyId: f.company.companyId };
  const station = (s: DashboardStationFigures): DashboardStation => ({ ...s, filters: { ...base, station: s.stationId } });
  return {
    company: f.company,
    asOf: f.asOf,
    learners: {
      total: { value: f.learners.total, filters: base },
      active7Days: { value: f.learners.active7Days, filters: { ...base, lastActiveFrom: f.learners.activeSince7 } },
      active30Days: { value: f.learners.active30Days, filters: { ...base, lastActiveFrom: f.learners.activeSince30 } },
      neverStarted: { value: f.learners.neverStarted, filters: { ...base, neverStarted: 'true' } },
    },
    activity: { weeks: f.weeks, filters: { ...base, lastActiveFrom: f.weeks[0]?.startsOn ?? f.asOf } },
    crops: f.crops.map((c) => ({ ...c, filters: { ...base, station: c.cropId } })),
    stations: { mostCompleted: f.mostCompleted.map(station), leastStarted: f.leastStarted.map(station) },
  };
}
