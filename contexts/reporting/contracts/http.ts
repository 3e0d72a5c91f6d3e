/** HTTP contracts of the reporting context (schemas and the routes table, paths under /api), shared with the SPA. */
import { z } from 'zod';

/**
 * The query names of the manager user list (/manager/users) and of GET /api/manage-users/find
 * (issue 14): every dashboard figure carries the filters that list its users, so the SPA links a
 * figure to `/manager/users?<filters>` without knowing how the figure was counted (ADR 0053).
 */
export const USER_LIST_FILTER_NAMES = [
  'q',
  'companyId',
  'country',
  'state',
  'role',
  'permission',
  'userType',
  'actingArea',
  'station',
  'group',
  'region',
  'businessUnit',
  'hasAccount',
  'active',
  'neverStarted',
  'createdFrom',
  'createdTo',
  'lastActiveFrom',
  'lastActiveTo',
] as const;
export type UserListFilterName = (typeof USER_LIST_FILTER_NAMES)[number];
/** Filters of the user list, as URL query values (dates are YYYY-MM-DD, booleans "true"/"false"). */
export const userListFiltersSchema = z.partialRecord(z.enum(USER_LIST_FILTER_NAMES), z.string());
export type UserListFilters = z.infer<typeof userListFiltersSchema>;

const localized = z.object({ 'pt-BR': z.string(), es: z.string(), en: z.string() });
/** A count and the user list it links to. */
export const dashboardFigureSchema = z.object({ value: z.number().int().nonnegative(), filters: userListFiltersSchema });
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

/** One ISO week (Monday to Sunday, UTC) of the activity chart. */
export const dashboardWeekSchema = z.object({
  /** ISO week, e.g. 2026-W47 */
  week: z.string(),
  /** its Monday, YYYY-MM-DD */
  startsOn: z.string(),
  /** contents (entries) completed for the first time by the company's learners that week */
  completions: z.number().int().nonnegative(),
  /** answers submitted (retries included) by the company's learners that week */
  answers: z.number().int().nonnegative(),
});
export type DashboardWeek = z.infer<typeof dashboardWeekSchema>;

export const dashboardCropSchema = z.object({
  cropId: z.string(),
  title: localized,
  /** learners of the company with a score in this crop (a completion or an answer in it) */
  scoredLearners: z.number().int().nonnegative(),
  /** their mean crop score (000 §9, ADR 0044), two decimals; null when nobody has one */
  averageScore: z.number().nullable(),
  /** crop certificates issued to the company's learners */
  certificates: z.number().int().nonnegative(),
  filters: userListFiltersSchema,
});
export type DashboardCrop = z.infer<typeof dashboardCropSchema>;

export const dashboardStationSchema = z.object({
  stationId: z.string(),
  title: localized,
  /** the crop (root station) it belongs to; itself for a root */
  cropId: z.string(),
  /** learners of the company who completed every required content of the station */
  completions: z.number().int().nonnegative(),
  /** learners of the company who started it (opened or played a content, or answered one of its questions) */
  starts: z.number().int().nonnegative(),
  filters: userListFiltersSchema,
});
export type DashboardStation = z.infer<typeof dashboardStationSchema>;

export const dashboardCompanySchema = z.object({ companyId: z.string(), name: z.string() });
export type DashboardCompany = z.infer<typeof dashboardCompanySchema>;

/** GET /api/manager/dashboard?companyId= : without companyId, the caller's own company. A company id is a uuid (as everywhere in the manager area). */
export const managerDashboardQuerySchema = z.object({ companyId: z.uuid({ message: 'uuidNotEmpty' }).optional() });
export type ManagerDashboardQuery = z.infer<typeof managerDashboardQuerySchema>;

export const managerDashboardSchema = z.object({
  company: dashboardCompanySchema,
  /** the day the figures are counted up to (UTC, YYYY-MM-DD): "last 7 days" is this day and the six before */
  asOf: z.string(),
  learners: z.object({
    /** users of the company (pre-registered ones included) */
    total: dashboardFigureSchema,
    active7Days: dashboardFigureSchema,
    active30Days: dashboardFigureSchema,
    /** users of the company who have not started any content */
    neverStarted: dashboardFigureSchema,
  }),
  activity: z.object({
    /** the last 12 ISO weeks, oldest first, the current one last (zeros included) */
    weeks: z.array(dashboardWeekSchema),
    /** the learners active since the first week's Monday */
    filters: userListFiltersSchema,
  }),
  /** the catalogue's crops (root stations of the crop category), in catalogue order */
  crops: z.array(dashboardCropSchema),
  stations: z.object({
    /** at most five, most completions first */
    mostCompleted: z.array(dashboardStationSchema),
    /** at most five, fewest starts first (stations nobody started count 0) */
    leastStarted: z.array(dashboardStationSchema),
  }),
});
export type ManagerDashboard = z.infer<typeof managerDashboardSchema>;

/** GET /api/manager/dashboard/companies: the companies the caller may pick (every company with manage_all_companies). */
export const dashboardCompaniesSchema = z.object({ companies: z.array(dashboardCompanySchema) });
export type DashboardCompanies = z.infer<typeof dashboardCompaniesSchema>;

export const reportingRoutes = {
  managerDashboard: {
    method: 'GET',
    path: '/manager/dashboard',
    query: managerDashboardQuerySchema,
    response: managerDashboardSchema,
    summary:
      "The manager dashboard of one company (issue 14): learners, activity per week, crops and stations. company_manager or company_admin with a company and view_manager_dashboard (own company only), or manage_all_companies (any company); another or an unknown company answers 404",
    errors: ['403', '404'],
  },
  dashboardCompanies: {
    method: 'GET',
    path: '/manager/dashboard/companies',
    response: dashboardCompaniesSchema,
    summary: 'The companies whose dashboard the caller may read: their own, or every company with manage_all_companies',
    errors: ['403'],
  },
} as const;
