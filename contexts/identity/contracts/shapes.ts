/**
 * Shapes the stored events (events.ts) and the HTTP contracts (companies.http.ts,
 * user-directory.http.ts) share: in a file of their own so that the SPA, which imports the HTTP
 * contracts, does not load the stored events' definitions (ADR 0013).
 */
import { z } from 'zod';

/**
 * Reference lists (ADR 0050): one stream per list, identity.reference-<list>. An item has a label
 * per locale; sub-themes name their theme as parent; "other" items ask for free text.
 */
export const REFERENCE_LISTS = [
  'groups',
  'groupResponsibles',
  'regions',
  'businessUnits',
  'salesTeams',
  'dn',
  'regional',
  'positions',
  'expertThemes',
  'expertSubThemes',
  'userTypes',
  'actingAreas',
] as const;
export type ReferenceList = (typeof REFERENCE_LISTS)[number];

/** The fields of 001 §3 "User (manager view)" a manager edits (all optional: a change names only what changed). */
export const managedUserDetailsSchema = z.object({
  name: z.string().nullable(),
  country: z.string(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  userType: z.string().nullable(),
  otherUserType: z.string().nullable(),
  actingArea: z.string().nullable(),
  otherActingArea: z.string().nullable(),
  defaultStation: z.string().nullable(),
  phone: z.string().nullable(),
  salesTeam: z.string().nullable(),
  dn: z.string().nullable(),
  regional: z.string().nullable(),
  position: z.string().nullable(),
  isInnerEmployee: z.boolean().nullable(),
  /** the group responsible (a reference item of the groupResponsibles list) */
  responsible: z.string().nullable(),
  group: z.string().nullable(),
  region: z.string().nullable(),
  /** the state an expert answers for, and the expert theme and sub-theme (reference items) */
  expertState: z.string().nullable(),
  theme: z.string().nullable(),
  subTheme: z.string().nullable(),
  businessRegion: z.string().nullable(),
  businessUnit: z.string().nullable(),
}).partial();
export type ManagedUserDetails = z.infer<typeof managedUserDetailsSchema>;
