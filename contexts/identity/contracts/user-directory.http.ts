/**
 * HTTP contracts of the manager's user directory (issue 14, 001 §3 "User (manager view)", §7
 * /manage-users/list, /find, /user): the read side. Every answer is limited on the server to the
 * caller's manager scope (contexts/identity/domain/manager-scope.ts); an out-of-scope company or
 * user answers 404 like an unknown one. The query parameter names are also the SPA's URL filter
 * names (a filtered view is shared by its URL). Decisions: docs/adr/0052-user-directory.md.
 */
import { z } from 'zod';
import { PERMISSIONS, ROLES } from '@portal/kernel';
import { managedUserDetailsSchema } from './shapes.js';

const id = z.string().uuid();
const text = (max: number) => z.string().trim().min(1).max(max);
/** `true`/`false` in a query string. */
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
/** A day (`2026-11-21`, UTC) or an instant (`2026-11-21T12:00:00Z`). A day as `...To` includes the whole day. */
const dateOrInstant = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  // years every store and Date handle the same way (Postgres has no year 0)
  .refine((v) => Number(v.slice(0, 4)) >= 1900 && Number(v.slice(0, 4)) <= 9998, { message: 'between' });

export const USER_DIRECTORY_SORTS = ['name', 'email', 'createdAt', 'lastActiveAt'] as const;
export type UserDirectorySort = (typeof USER_DIRECTORY_SORTS)[number];
export const USER_DIRECTORY_ORDERS = ['asc', 'desc'] as const;
export const USER_DIRECTORY_MAX_LIMIT = 100;

/** Sort and keyset paging, shared by /list and /find. `cursor` is opaque: pass back `nextCursor` with the same sort and order. */
const pageFields = {
  /** name (nameless users by their e-mail), email, createdAt or lastActiveAt (never active last in desc, first in asc) */
  sort: z.enum(USER_DIRECTORY_SORTS).default('name'),
  order: z.enum(USER_DIRECTORY_ORDERS).default('asc'),
  limit: z.coerce.number().int().min(1).max(USER_DIRECTORY_MAX_LIMIT).default(50),
  cursor: z.string().min(1).max(1000).optional(),
};

/** GET /manage-users/list/{companyId}: sort and paging only. */
export const userListQuerySchema = z.object(pageFields);
export type UserListQuery = z.input<typeof userListQuerySchema>;
export const userListParamsSchema = z.object({ companyId: id });

/** GET /manage-users/find: every filter is optional and they combine with AND. */
export const userFindQuerySchema = z.object({
  /** free text over name and e-mail; case and accents do not matter ("joao" finds "João") */
  q: z.string().trim().max(100).optional(),
  companyId: id.optional(),
  country: text(64).optional(),
  state: text(128).optional(),
  role: z.enum(ROLES).optional(),
  permission: z.enum(PERMISSIONS).optional(),
  userType: text(128).optional(),
  actingArea: text(128).optional(),
  /** users allowed into this station (allowedStations "all" counts for every station) */
  station: text(128).optional(),
  group: text(128).optional(),
  region: text(128).optional(),
  businessUnit: text(128).optional(),
  /** false: pre-registered users who have not registered yet */
  hasAccount: flag.optional(),
  active: flag.optional(),
  /** true: no learning progress yet (firstActivityAt null) */
  neverStarted: flag.optional(),
  createdFrom: dateOrInstant.optional(),
  createdTo: dateOrInstant.optional(),
  lastActiveFrom: dateOrInstant.optional(),
  lastActiveTo: dateOrInstant.optional(),
  ...pageFields,
});
export type UserFindQuery = z.input<typeof userFindQuerySchema>;
/** The parsed /find query (booleans as booleans, defaults filled). */
export type UserFindFilter = z.output<typeof userFindQuerySchema>;
/** The URL filter names of /find (the SPA keeps them in its URL). */
export const USER_FIND_PARAMS = Object.keys(userFindQuerySchema.shape) as (keyof UserFindQuery)[];

export const userParamsSchema = z.object({ userId: id });

/** One user as a manager sees it (001 §3 "User (manager view)" and the access fields). */
export const managedUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  /** the company name the user typed in their profile; the company they belong to is companyId */
  company: z.string().nullable(),
  // every field a manager edits (the events' `managedUserDetailsSchema`), each present, null when unset
  ...managedUserDetailsSchema.required().shape,
  country: z.string().nullable(),
  /** false for a pre-registered user who has not registered yet */
  hasAccount: z.boolean(),
  active: z.boolean(),
  /** the company manager flag of 001 §3: roles include company_manager */
  companyManager: z.boolean(),
  emailVerified: z.boolean(),
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  aclTags: z.array(z.string()),
  companyId: z.string().nullable(),
  /** allowed crops: station id -> true, or "all" */
  allowedStations: z.union([z.literal('all'), z.record(z.string(), z.literal(true))]),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** the last sign-in, session refresh or learning activity */
  lastActiveAt: z.string().nullable(),
  /** the first learning progress; null: never started */
  firstActivityAt: z.string().nullable(),
  /** the last invitation mailed to a pre-registered user */
  invitedAt: z.string().nullable(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** A page of users; `nextCursor` is null on the last page. */
export const userPageSchema = z.object({ items: z.array(managedUserSchema), nextCursor: z.string().nullable() });
export type UserPage = z.infer<typeof userPageSchema>;

/** HTTP routes of the user directory (paths under /api, 001 §7). */
export const userDirectoryRoutes = {
  listCompanyUsers: {
    method: 'GET',
    path: '/manage-users/list/:companyId',
    params: userListParamsSchema,
    query: userListQuerySchema,
    response: userPageSchema,
    summary: "The users of a company, a page at a time (manage_companies_users for the manager's own company, manage_all_companies for any); 404 for a company out of scope",
    errors: ['404'],
  },
  findUsers: {
    method: 'GET',
    path: '/manage-users/find',
    query: userFindQuerySchema,
    response: userPageSchema,
    summary: "Find users by free text (name, e-mail; accents folded) and filters, sorted, with keyset paging; always within the caller's manager scope",
  },
  getManagedUser: {
    method: 'GET',
    path: '/manage-users/user/:userId',
    params: userParamsSchema,
    response: managedUserSchema,
    summary: "One user's manager view with access (the edit drawer); 404 for a user out of scope",
    errors: ['user-not-found'],
  },
} as const;
