import type { z } from 'zod';
import { COUNTRY_CODES, emailSchema } from '@portal/identity/contracts/http';
import { managedPhoneSchema, type managedUserUpsertSchema } from '@portal/identity/contracts/user-admin.http';
import type { ManagedUser } from '@portal/identity/contracts/user-directory.http';
import { isLettersOnly, isNotEmpty, type Locale, type Permission, type Role } from '@portal/kernel';
import { isUuidNotEmpty } from '../../../shared/forms/checks';
import { compactIssues, type FieldRule, type Issues } from '../../../shared/forms/field-rules';
import { ruleFromServer } from '../../../shared/forms/server-rules';

/**
 * The create/edit drawer of a user (001 §3 "User (manager view)" and the access fields), pure:
 * its values, the 001 §5 checks, the tab each field lives on, and the upsert body. Text fields
 * hold '' for "not set".
 */
export interface UserFormValues {
  // profile
  email: string;
  name: string;
  country: string;
  state: string;
  city: string;
  phone: string;
  userType: string;
  otherUserType: string;
  actingArea: string;
  otherActingArea: string;
  defaultStation: string;
  // organisation
  companyId: string;
  isInnerEmployee: boolean;
  salesTeam: string;
  dn: string;
  regional: string;
  position: string;
  group: string;
  responsible: string;
  region: string;
  businessRegion: string;
  businessUnit: string;
  // expert
  expertState: string;
  theme: string;
  subTheme: string;
  // access
  roles: Role[];
  permissions: Permission[];
  aclTags: string[];
  allStations: boolean;
  stations: string[];
}

export type UserFormField = keyof UserFormValues;
export type UserFormTab = 'profile' | 'organisation' | 'expert' | 'access';

export const FORM_TABS: Record<UserFormTab, readonly UserFormField[]> = {
  profile: ['email', 'name', 'country', 'state', 'city', 'phone', 'userType', 'otherUserType', 'actingArea', 'otherActingArea', 'defaultStation'],
  organisation: ['companyId', 'isInnerEmployee', 'salesTeam', 'dn', 'regional', 'position', 'group', 'responsible', 'region', 'businessRegion', 'businessUnit'],
  expert: ['expertState', 'theme', 'subTheme'],
  access: ['roles', 'permissions', 'aclTags', 'allStations', 'stations'],
};

/** The tab a field lives on (to open the first tab with an error). */
export const tabOf = (field: string): UserFormTab | undefined =>
  (Object.keys(FORM_TABS) as UserFormTab[]).find((tab) => (FORM_TABS[tab] as readonly string[]).includes(field));

/** The lengths of the upsert contract (user-admin.http.ts). */
export const LIMITS: Partial<Record<UserFormField, number>> = {
  email: 254,
  name: 120,
  state: 80,
  city: 80,
  expertState: 80,
  defaultStation: 128,
  otherUserType: 120,
  otherActingArea: 120,
  businessRegion: 120,
};
/** A name has at least two letters (a single letter is a slip, not a name). */
export const NAME_MIN = 2;

/** The free-text fields (the others are picked from lists). */
const TEXT_FIELDS = ['name', 'state', 'city', 'phone', 'otherUserType', 'otherActingArea', 'businessRegion', 'expertState'] as const;
/** The fields picked from reference lists or lookups, sent as they are. */
const PICKED_FIELDS = ['userType', 'actingArea', 'defaultStation', 'salesTeam', 'dn', 'regional', 'position', 'group', 'responsible', 'region', 'businessUnit', 'theme', 'subTheme'] as const;
const DETAIL_FIELDS = [...TEXT_FIELDS, ...PICKED_FIELDS] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

export const emptyUserForm = (defaults: { companyId: string | null; country: string | null }): UserFormValues => ({
  email: '',
  name: '',
  country: defaults.country && (COUNTRY_CODES as readonly string[]).includes(defaults.country) ? defaults.country : '',
  state: '',
  city: '',
  phone: '',
  userType: '',
  otherUserType: '',
  actingArea: '',
  otherActingArea: '',
  defaultStation: '',
  companyId: defaults.companyId ?? '',
  isInnerEmployee: false,
  salesTeam: '',
  dn: '',
  regional: '',
  position: '',
  group: '',
  responsible: '',
  region: '',
  businessRegion: '',
  businessUnit: '',
  expertState: '',
  theme: '',
  subTheme: '',
  roles: ['learner'],
  permissions: [],
  aclTags: [],
  allStations: false,
  stations: [],
});

export const userFormValues = (user: ManagedUser): UserFormValues => {
  const text = (value: string | null): string => value ?? '';
  return {
    email: user.email,
    name: text(user.name),
    country: text(user.country),
    state: text(user.state),
    city: text(user.city),
    phone: text(user.phone),
    userType: text(user.userType),
    otherUserType: text(user.otherUserType),
    actingArea: text(user.actingArea),
    otherActingArea: text(user.otherActingArea),
    defaultStation: text(user.defaultStation),
    companyId: text(user.companyId),
    isInnerEmployee: user.isInnerEmployee === true,
    salesTeam: text(user.salesTeam),
    dn: text(user.dn),
    regional: text(user.regional),
    position: text(user.position),
    group: text(user.group),
    responsible: text(user.responsible),
    region: text(user.region),
    businessRegion: text(user.businessRegion),
    businessUnit: text(user.businessUnit),
    expertState: text(user.expertState),
    theme: text(user.theme),
    subTheme: text(user.subTheme),
    roles: [...user.roles],
    permissions: [...user.permissions],
    aclTags: [...user.aclTags],
    allStations: user.allowedStations === 'all',
    stations: user.allowedStations === 'all' ? [] : Object.keys(user.allowedStations),
  };
};

const maxLength = (values: UserFormValues, field: UserFormField): FieldRule | undefined => {
  const limit = LIMITS[field];
  const value = values[field];
  return limit !== undefined && typeof value === 'string' && value.trim().length > limit ? { rule: 'maxLength', length: limit } : undefined;
};

/** Letters only (001 §5) for names and places, when filled. */
const letters = (values: UserFormValues, field: 'state' | 'city' | 'expertState'): FieldRule | undefined =>
  values[field].trim() === '' ? undefined : isLettersOnly(values[field]) ? maxLength(values, field) : { rule: 'lettersOnly' };

const phoneRule = (phone: string): FieldRule | undefined => {
  const value = phone.trim();
  if (value === '') return undefined;
  // letters in a phone number: "numbers only"; digits in a wrong shape: "the phone number is invalid"
  if (/\p{L}/u.test(value)) return { rule: 'numeric' };
  return managedPhoneSchema.safeParse(value).success ? undefined : { rule: 'phoneNumberInvalid' };
};

export interface UserFormContext {
  /** a new user (pre-registered): e-mail and company required */
  creating: boolean;
  /** manage_all_companies: the user may be left without a company */
  allCompanies: boolean;
}

/** 001 §5 on the drawer's values (the upsert contract checks the same on the server). */
export function validateUserForm(values: UserFormValues, context: UserFormContext): Issues<UserFormValues> {
  const email = values.email.trim();
  const name = values.name.trim();
  return compactIssues<UserFormValues>({
    email: !context.creating ? undefined : email === '' ? { rule: 'required' } : emailSchema.safeParse(email).success ? maxLength(values, 'email') : { rule: 'email' },
    name:
      values.name === '' ? (context.creating ? { rule: 'required' } : undefined)
      : !isNotEmpty(name) ? { rule: 'notEmpty' }
      : name.length < NAME_MIN ? { rule: 'atLeast', length: NAME_MIN }
      : !isLettersOnly(name) ? { rule: 'lettersOnly' }
      : maxLength(values, 'name'),
    country: (COUNTRY_CODES as readonly string[]).includes(values.country) ? undefined : { rule: 'required' },
    state: letters(values, 'state'),
    city: letters(values, 'city'),
    phone: phoneRule(values.phone),
    userType: undefined,
    otherUserType: maxLength(values, 'otherUserType'),
    actingArea: undefined,
    otherActingArea: maxLength(values, 'otherActingArea'),
    defaultStation: maxLength(values, 'defaultStation'),
    companyId: values.companyId === '' ? (context.allCompanies ? undefined : { rule: 'required' }) : isUuidNotEmpty(values.companyId) ? undefined : { rule: 'uuidNotEmpty' },
    isInnerEmployee: undefined,
    salesTeam: undefined,
    dn: undefined,
    regional: undefined,
    position: undefined,
    group: undefined,
    responsible: undefined,
    region: undefined,
    businessRegion: maxLength(values, 'businessRegion'),
    businessUnit: undefined,
    expertState: letters(values, 'expertState'),
    theme: undefined,
    subTheme: undefined,
    // every user has a role (a learner at least)
    roles: values.roles.length === 0 ? { rule: 'notEmpty' } : undefined,
    permissions: undefined,
    aclTags: undefined,
    allStations: undefined,
    stations: undefined,
  });
}

export type UpsertBody = z.input<typeof managedUserUpsertSchema>;
type AccessBody = Pick<UpsertBody, 'roles' | 'permissions' | 'aclTags' | 'companyId' | 'allowedStations'>;

const accessOf = (values: UserFormValues): Required<AccessBody> => ({
  roles: values.roles,
  permissions: values.permissions,
  aclTags: values.aclTags,
  companyId: values.companyId === '' ? null : values.companyId,
  allowedStations: values.allStations ? 'all' : Object.fromEntries(values.stations.map((id) => [id, true as const])),
});

const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x) => b.includes(x));

const sameAccess = (field: keyof AccessBody, a: Required<AccessBody>, b: Required<AccessBody>): boolean => {
  const x = a[field];
  const y = b[field];
  if (Array.isArray(x) && Array.isArray(y)) return sameSet(x, y);
  if (typeof x === 'object' && x !== null && typeof y === 'object' && y !== null) return sameSet(Object.keys(x), Object.keys(y));
  return x === y;
};

export interface UpsertOptions {
  /** the drawer's user, null to create one */
  userId: string | null;
  /** the values the drawer opened with (what an update compares against) */
  initial: UserFormValues;
  /** "Other" is chosen in the user type and acting area lists (their free text counts only then) */
  other: { userType: boolean; actingArea: boolean };
  /** false for the manager's own user: nobody changes their own access (issue 14) */
  accessEditable: boolean;
  /** the invitation mail's language */
  lang: Locale;
  sendInvitation: boolean;
}

/**
 * The POST /manage-users/upsert body. A new user sends every field that is filled and the whole
 * access. An update sends only what changed (the contract: a field left out stays as it is, null
 * clears it), so a manager who edits a user's city never touches access they could not grant, and
 * each change is recorded once; the access fields go only when the access tab may be edited.
 */
export function toUpsertBody(values: UserFormValues, options: UpsertOptions): UpsertBody {
  const cleaned: UserFormValues = {
    ...values,
    otherUserType: options.other.userType ? values.otherUserType : '',
    otherActingArea: options.other.actingArea ? values.otherActingArea : '',
  };
  const detail = (field: DetailField): string | null => (cleaned[field].trim() === '' ? null : cleaned[field].trim());
  const access = accessOf(cleaned);
  if (options.userId === null) {
    const details = Object.fromEntries(DETAIL_FIELDS.filter((field) => detail(field) !== null).map((field) => [field, detail(field)]));
    return {
      email: cleaned.email.trim(),
      country: cleaned.country as UpsertBody['country'],
      isInnerEmployee: cleaned.isInnerEmployee,
      ...details,
      ...access,
      lang: options.lang,
      sendInvitation: options.sendInvitation,
    };
  }
  const before = options.initial;
  const changed = DETAIL_FIELDS.filter((field) => (before[field].trim() === '' ? null : before[field].trim()) !== detail(field));
  const body: UpsertBody = { id: options.userId, ...Object.fromEntries(changed.map((field) => [field, detail(field)])) };
  if (cleaned.country !== before.country) body.country = cleaned.country as UpsertBody['country'];
  if (cleaned.isInnerEmployee !== before.isInnerEmployee) body.isInnerEmployee = cleaned.isInnerEmployee;
  if (options.accessEditable) {
    const was = accessOf(before);
    for (const field of Object.keys(access) as (keyof AccessBody)[]) {
      if (!sameAccess(field, access, was)) Object.assign(body, { [field]: access[field] });
    }
  }
  return body;
}

/** An update that changes nothing (the drawer then says so instead of calling). */
export const isEmptyUpdate = (body: UpsertBody): boolean => body.id !== undefined && Object.keys(body).length === 1;

/** What a field shows after the server refused a save: a rule of 001 §5, or an error code's text (errors.{code}). */
export type FieldProblem = { kind: 'rule'; rule: FieldRule } | { kind: 'code'; code: string };

/** The user codes of 001 §8 that belong to one field of the drawer. */
const CODE_FIELDS: Record<string, UserFormField> = {
  'email-already-in-use': 'email',
  'company-email-already-in-use': 'email',
  'company-invalid': 'companyId',
};

/** A contract path's field in the drawer ("allowedStations.soja" is the crops list). */
const fieldOfPath = (path: string): UserFormField | undefined => {
  const head = path.split('.')[0] ?? '';
  if (head === 'allowedStations') return 'stations';
  if (head === 'id') return undefined;
  return tabOf(head) ? (head as UserFormField) : undefined;
};

/**
 * The server's answer to a refused save, on the drawer's fields: the e-mail and company codes of
 * 001 §8 on their field, each field error of a 400 on its field (its 001 §5 rule when the
 * contract names one). Whatever names no field is left to the drawer's alert.
 */
export function serverProblems(error: { code: string; details: readonly { path: string; message: string }[] }): Partial<Record<UserFormField, FieldProblem>> {
  const problems: Partial<Record<UserFormField, FieldProblem>> = {};
  const codeField = CODE_FIELDS[error.code];
  if (codeField) problems[codeField] = { kind: 'code', code: error.code };
  for (const detail of error.details) {
    const field = fieldOfPath(detail.path);
    if (!field || problems[field]) continue;
    const limit = LIMITS[field];
    const rule = ruleFromServer(detail.message, limit === undefined ? {} : { length: limit });
    problems[field] = rule ? { kind: 'rule', rule } : { kind: 'code', code: '400' };
  }
  return problems;
}
