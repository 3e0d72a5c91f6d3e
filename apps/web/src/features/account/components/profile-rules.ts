import { ACTING_AREA_VALUES, COUNTRY_CODES, emailSchema, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES, USER_TYPE_VALUES, type UpdateUserProfileRequest, type UserData } from '@portal/identity/contracts/http';
import type { Locale, RegisterStatus } from '@portal/kernel';
import { compactIssues, type FieldRule, type Issues } from '../../../shared/forms/field-rules';

/**
 * Profile rules of 000 §3 and issue 3, pure: the form's values, their checks, what still
 * keeps the registration from Completed, and the partial update to send.
 */

/** "Nulo" is the stored word for "not set" of actingArea and userType (000 §3). */
export const NULO = 'Nulo';

export interface ProfileValues {
  name: string;
  email: string;
  country: string;
  state: string;
  city: string;
  phone: string;
  company: string;
  userType: string;
  isInnerEmployee: boolean;
  actingArea: string;
  defaultStation: string;
}

export const PROFILE_LIMITS = { name: 120, company: 120, state: 80, city: 80, defaultStation: 128 } as const;

/** The phone number format of the profile (the contract's): digits, spaces, ( ) - and an optional +. */
export const PROFILE_PHONE_PATTERN = /^\+?[0-9 ()-]{8,20}$/;

const text = (value: string | null | undefined): string => (value == null || value === NULO ? '' : value);

export const profileFormValues = (user: UserData): ProfileValues => ({
  name: text(user.name),
  email: user.email,
  country: text(user.country),
  state: text(user.state),
  city: text(user.city),
  phone: text(user.phone),
  company: text(user.company),
  userType: text(user.userType),
  // null while registerStatus is None (000 §4.5): shown as "no".
  isInnerEmployee: user.isInnerEmployee === true,
  actingArea: text(user.actingArea),
  defaultStation: text(user.defaultStation),
});

const maxLength = (value: string, length: number): FieldRule | undefined => (value.trim().length > length ? { rule: 'maxLength', length } : undefined);

const oneOf = (value: string, allowed: readonly string[]): FieldRule | undefined => (value === '' || allowed.includes(value) ? undefined : { rule: 'required' });

export const validateProfile = (values: ProfileValues): Issues<ProfileValues> =>
  compactIssues<ProfileValues>({
    name: maxLength(values.name, PROFILE_LIMITS.name),
    email: values.email.trim() === '' ? { rule: 'required' } : emailSchema.safeParse(values.email).success ? undefined : { rule: 'email' },
    country: (COUNTRY_CODES as readonly string[]).includes(values.country) ? undefined : { rule: 'required' },
    state: maxLength(values.state, PROFILE_LIMITS.state),
    city: maxLength(values.city, PROFILE_LIMITS.city),
    phone: values.phone.trim() === '' || PROFILE_PHONE_PATTERN.test(values.phone.trim()) ? undefined : { rule: 'phoneNumberInvalid' },
    company: maxLength(values.company, PROFILE_LIMITS.company),
    userType: oneOf(values.userType, USER_TYPE_VALUES),
    isInnerEmployee: undefined,
    actingArea: values.isInnerEmployee ? oneOf(values.actingArea, ACTING_AREA_VALUES) : undefined,
    defaultStation: maxLength(values.defaultStation, PROFILE_LIMITS.defaultStation),
  });

export type CompletionField = 'name' | 'country' | 'userType' | 'actingArea';

/**
 * What keeps the registration from Completed (issue 3): a name, a country, a user type and,
 * for inner employees, an acting area; "Nulo" counts as missing.
 */
export const missingForCompletion = (values: Pick<ProfileValues, CompletionField | 'isInnerEmployee'>): CompletionField[] => {
  const missing: CompletionField[] = [];
  if (values.name.trim() === '') missing.push('name');
  if (values.country.trim() === '') missing.push('country');
  if (text(values.userType) === '') missing.push('userType');
  if (values.isInnerEmployee && text(values.actingArea) === '') missing.push('actingArea');
  return missing;
};

/**
 * Saving a form with nothing changed: while the registration misses required fields, the user is
 * told which (issue 13: not "nothing to save"); once nothing is missing, there is nothing to do.
 */
export const emptySaveOutcome = (user: UserData, values: ProfileValues): { kind: 'save' } | { kind: 'missing'; fields: CompletionField[] } | { kind: 'nothing' } => {
  if (Object.keys(profilePatch(user, values)).length > 0) return { kind: 'save' };
  const fields = missingForCompletion(values);
  return fields.length > 0 ? { kind: 'missing', fields } : { kind: 'nothing' };
};

/** A station as the crop choice needs it (the /api/stations summary). */
export interface CropStation {
  stationId: string;
  parentId: string | null;
  displayCategory: string;
  listingOrder: number;
  title: Partial<Record<Locale, string>>;
}

/**
 * "Cultura preferida" (defaultStation) is a choice among the learner's crops: the root crop
 * stations they can open (what /api/stations lists for them), by listing order, named in the
 * current language. A stored value that is no longer among them stays as its own option, so
 * saving another field does not drop it.
 */
export const cropChoices = (stations: readonly CropStation[], locale: Locale, current: string): { value: string; label: string }[] => {
  const crops = stations
    .filter((s) => s.parentId === null && s.displayCategory === 'crop')
    .sort((a, b) => a.listingOrder - b.listingOrder)
    .map((s) => ({ value: s.stationId, label: s.title[locale] || s.title['pt-BR'] || s.stationId }));
  return current && !crops.some((c) => c.value === current) ? [...crops, { value: current, label: current }] : crops;
};

/** The steps of registerStatus: None -> UserProfile -> Completed (000 §3). */
export const REGISTER_STEPS: readonly RegisterStatus[] = ['None', 'UserProfile', 'Completed'];

/** Progress of the registration in percent, for the progress bar. */
export const registerProgress = (status: RegisterStatus): number => (REGISTER_STEPS.indexOf(status) * 100) / (REGISTER_STEPS.length - 1);

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The partial update (POST /api/updateUserProfile) of what changed, empty values as null;
 * the acting area only counts for inner employees; an unchanged country or e-mail is not sent.
 */
export const profilePatch = (user: UserData, values: ProfileValues): UpdateUserProfileRequest => {
  const before = profileFormValues(user);
  const patch: UpdateUserProfileRequest = {};
  const textFields = ['name', 'state', 'city', 'phone', 'company', 'defaultStation'] as const;
  for (const field of textFields) {
    if (values[field].trim() !== before[field].trim()) patch[field] = orNull(values[field]);
  }
  if (values.userType !== before.userType) patch.userType = values.userType === '' ? null : (values.userType as (typeof USER_TYPE_VALUES)[number]);
  if (values.isInnerEmployee !== (user.isInnerEmployee ?? false)) patch.isInnerEmployee = values.isInnerEmployee;
  if (values.isInnerEmployee && values.actingArea !== before.actingArea) {
    patch.actingArea = values.actingArea === '' ? null : (values.actingArea as (typeof ACTING_AREA_VALUES)[number]);
  }
  if (values.country !== before.country && (COUNTRY_CODES as readonly string[]).includes(values.country)) {
    patch.country = values.country as (typeof COUNTRY_CODES)[number];
  }
  const email = values.email.trim().toLowerCase();
  if (email !== user.email.trim().toLowerCase()) patch.email = email;
  return patch;
};

/** Whether saving changes the e-mail (it then needs verifying again). */
export const changesEmail = (patch: UpdateUserProfileRequest): boolean => patch.email !== undefined;

/** Picture upload rules of 000 §5 (issue 3: png, jpeg, webp, gif; at most 2 MB). */
export const PICTURE_MAX_KB = PROFILE_PICTURE_MAX_BYTES / 1024;

export const validatePicture = (file: { type: string; size: number }): FieldRule | undefined => {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return { rule: 'image' };
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return { rule: 'fileSize', size: PICTURE_MAX_KB };
  return undefined;
};
