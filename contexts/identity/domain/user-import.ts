import { AppError } from '@portal/kernel';
import type { ManagedUserDetails } from '../contracts/events.js';
import type { ImportField, ImportRowError } from '../contracts/user-import.http.js';
import { sameAccess, type GrantingActor, type UserAccess } from './access-policy.js';
import { accessOf, userDecider, type UserCommand, type UserState } from './user.js';

/**
 * Bulk onboarding (issue 14, ADR 0055): what one row of a company's CSV file does to the user its
 * e-mail names. The rules are the upsert's: a new address is a PreRegisterUser, a known one a
 * ChangeUserDetails and (when the row names access) a ChangeAccess, each judged by the user
 * decider (scope, the access policy, what changed); this only adds that a file belongs to one
 * company, and turns the decider's refusals into the row's errors.
 */
export interface ImportRowInput {
  email: string;
  /** the details the row names (an empty cell is left out: left as it is) */
  details: ManagedUserDetails;
  /** the access the row names; the rest is the default of a new user or the existing user's own */
  access: Partial<Pick<UserAccess, 'roles' | 'permissions' | 'aclTags' | 'allowedStations'>>;
}

export interface ImportRowContext {
  actor: GrantingActor;
  /** the file's company: new users join it, existing ones must belong to it */
  companyId: string;
  /** the id a new user gets */
  newUserId: string;
  /** the invitation of a new user (null: none is sent) */
  invitation: { codeHash: string; expiresAt: string } | null;
  /** a new user's country when the row names none (the manager's, as the upsert does) */
  defaultCountry: string | null;
  now: string;
}

export interface ImportRowDecision {
  action: 'create' | 'update' | 'unchanged' | 'invalid';
  /** the user the commands are for */
  userId: string | null;
  /** the commands to run on the user's stream, in order; each was decided without refusal on the state given */
  commands: UserCommand[];
  /** the fields an update changes */
  changes: ImportField[];
  errors: ImportRowError[];
}

/** The address belongs to a user the manager may not take over: another company's pre-registration, or an account elsewhere. */
export function emailTakenError(owner: UserState, companyId: string | null): AppError {
  if (owner.status === 'preRegistered' && owner.access.companyId !== companyId) {
    return new AppError('company-email-already-in-use', undefined, [{ path: 'email', message: 'company-email-already-in-use' }]);
  }
  return new AppError('email-already-in-use', undefined, [{ path: 'email', message: 'email-already-in-use' }]);
}

const ACCESS_FIELDS = ['roles', 'permissions', 'aclTags', 'allowedStations'] as const;

/** A refusal of the user decider as the row's errors (the access policy names each role, permission or tag). */
export function rowErrorsOf(error: unknown): ImportRowError[] {
  if (!(error instanceof AppError)) throw error;
  if (error.code === 'email-already-in-use' || error.code === 'company-email-already-in-use') return [{ field: 'email', code: error.code }];
  if (error.details && error.details.length > 0) {
    return error.details.map((d) => ({
      field: d.path === 'access' ? 'roles' : d.path,
      code: error.code === '403' ? d.message : error.code,
      ...(d.code ? { value: d.code } : {}),
    }));
  }
  return [{ field: 'row', code: error.code }];
}

/** Runs the decider on a command; its refusal becomes the row's errors. */
function judge(command: UserCommand, state: UserState): { events: ReturnType<typeof userDecider.decide>; errors: ImportRowError[] } {
  try {
    return { events: userDecider.decide(command, state), errors: [] };
  } catch (error) {
    return { events: [], errors: rowErrorsOf(error) };
  }
}

const invalid = (errors: ImportRowError[], userId: string | null = null): ImportRowDecision => ({ action: 'invalid', userId, commands: [], changes: [], errors });

/**
 * What the row does, given the state of the user its address is claimed for (`owner`: the
 * initial state when nobody holds the address, or its holder gave it up).
 * - nobody: the user is pre-registered in the file's company (roles default to learner), and the
 *   row must name them (name required);
 * - a user of the file's company (pre-registered or with an account): the details and access the
 *   row names change; equal values change nothing (`unchanged`);
 * - anyone else: company-email-already-in-use (another company's pre-registration) or
 *   email-already-in-use (an account outside the company), as the upsert answers.
 */
export function decideImportRow(ctx: ImportRowContext, row: ImportRowInput, owner: UserState): ImportRowDecision {
  const { actor, companyId, now } = ctx;
  if (owner.status !== 'registered' && owner.status !== 'preRegistered') {
    const access: UserAccess = {
      roles: row.access.roles ?? ['learner'],
      permissions: row.access.permissions ?? [],
      aclTags: row.access.aclTags ?? [],
      companyId,
      allowedStations: row.access.allowedStations ?? {},
    };
    const details = row.details.country === undefined && ctx.defaultCountry ? { ...row.details, country: ctx.defaultCountry } : row.details;
    const command: UserCommand = { type: 'PreRegisterUser', data: { actor, userId: ctx.newUserId, email: row.email, details, access, invitation: ctx.invitation, now } };
    // a user the file creates has a name (ADR 0082); an existing user keeps theirs when the cell is empty
    const errors: ImportRowError[] = [...(row.details.name ? [] : [{ field: 'name', code: 'required' }]), ...judge(command, userDecider.initial()).errors];
    return errors.length > 0 ? invalid(errors) : { action: 'create', userId: ctx.newUserId, commands: [command], changes: [], errors: [] };
  }
  const before = accessOf(owner);
  if (before.companyId !== companyId) return invalid(rowErrorsOf(emailTakenError(owner, companyId)));
  const detailsCommand: UserCommand = { type: 'ChangeUserDetails', data: { actor, details: row.details, now } };
  const details = judge(detailsCommand, owner);
  const commands: UserCommand[] = details.events.length > 0 ? [detailsCommand] : [];
  const changes = new Set<ImportField>();
  for (const event of details.events) if (event.type === 'UserDetailsChanged') for (const key of Object.keys(event.data.details)) changes.add(key as ImportField);
  const errors = [...details.errors];
  if (ACCESS_FIELDS.some((k) => row.access[k] !== undefined)) {
    const after: UserAccess = { ...before, ...Object.fromEntries(ACCESS_FIELDS.filter((k) => row.access[k] !== undefined).map((k) => [k, row.access[k]])) };
    const accessCommand: UserCommand = { type: 'ChangeAccess', data: { actor, access: after, now } };
    const access = judge(accessCommand, owner);
    errors.push(...access.errors);
    if (access.events.length > 0) {
      commands.push(accessCommand);
      for (const k of ACCESS_FIELDS) if (!sameAccess(before, { ...before, [k]: after[k] })) changes.add(k);
    }
  }
  if (errors.length > 0) return invalid(errors, owner.userId);
  if (changes.size === 0) return { action: 'unchanged', userId: owner.userId, commands: [], changes: [], errors: [] };
  return { action: 'update', userId: owner.userId, commands, changes: [...changes], errors: [] };
}
