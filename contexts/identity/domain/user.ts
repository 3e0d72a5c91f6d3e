import { AppError, type Locale, type Permission, type RegisterStatus, type Role } from '@portal/kernel';
import type { UserEvent } from '../contracts/events.js';

/** The user aggregate as a pure decider (no I/O, no clock: time and ids arrive in commands). */
export type UserState =
  | { status: 'unknown' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      passwordHash: string;
      emailVerified: boolean;
      registerStatus: RegisterStatus;
      country: string;
      roles: Role[];
      permissions: Permission[];
      aclTags: string[];
      companyId: string | null;
      allowedStations: Record<string, true> | 'all';
      failedSignIns: number;
    };

export const initialUserState = (): UserState => ({ status: 'unknown' });

export type UserCommand =
  | {
      type: 'RegisterUser';
      data: { userId: string; email: string; passwordHash: string; country: string; ref: string | null; lang: Locale | null; consent: boolean; now: string };
    }
  | {
      type: 'GrantAccess';
      data: {
        userId: string;
        roles: Role[];
        permissions: Permission[];
        aclTags: string[];
        companyId: string | null;
        allowedStations: Record<string, true> | 'all';
        now: string;
      };
    }
  | { type: 'VerifyEmail'; data: { userId: string; now: string } }
  | {
      type: 'UpdateProfile';
      data: { userId: string; name?: string | null; registerStatus?: RegisterStatus; company?: string | null; now: string };
    }
  | { type: 'RecordSignIn'; data: { userId: string; sessionId: string; succeeded: boolean; ip: string | null; now: string } };

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.status !== 'unknown') throw new AppError('email-already-in-use');
    if (!command.data.consent) throw new AppError('app/bed-request', 'You must agree to our Privacy Policy', [{ path: 'consent', message: 'termAccepted' }]);
    const d = command.data;
    return [
      {
        type: 'UserRegistered',
        data: { userId: d.userId, email: d.email, passwordHash: d.passwordHash, country: d.country, ref: d.ref, lang: d.lang, consentAt: d.now, registeredAt: d.now },
      },
    ];
  }
  if (state.status !== 'registered') throw new AppError('user-not-found');
  switch (command.type) {
    case 'GrantAccess': {
      const { now, ...rest } = command.data;
      return [{ type: 'AccessGranted', data: { ...rest, grantedAt: now } }];
    }
    case 'VerifyEmail':
      if (state.emailVerified) return [];
      return [{ type: 'EmailVerified', data: { userId: state.userId, email: state.email, verifiedAt: command.data.now } }];
    case 'UpdateProfile': {
      const { now, ...rest } = command.data;
      return [{ type: 'ProfileUpdated', data: { ...rest, updatedAt: now } }];
    }
    case 'RecordSignIn': {
      const d = command.data;
      return d.succeeded
        ? [{ type: 'SignInSucceeded', data: { userId: state.userId, sessionId: d.sessionId, at: d.now, ip: d.ip } }]
        : [{ type: 'SignInFailed', data: { userId: state.userId, at: d.now, ip: d.ip, reason: 'invalid-credential' } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'registered',
        userId: event.data.userId,
        email: event.data.email,
        passwordHash: event.data.passwordHash,
        emailVerified: false,
        registerStatus: 'None',
        country: event.data.country,
        roles: ['learner'],
        permissions: [],
        aclTags: [],
        companyId: null,
        allowedStations: {},
        failedSignIns: 0,
      };
    case 'AccessGranted': {
      if (state.status !== 'registered') return state;
      const { roles, permissions, aclTags, companyId, allowedStations } = event.data;
      return { ...state, roles, permissions, aclTags, companyId, allowedStations };
    }
    case 'EmailVerified':
      return state.status === 'registered' ? { ...state, emailVerified: true } : state;
    case 'ProfileUpdated':
      return state.status === 'registered' && event.data.registerStatus ? { ...state, registerStatus: event.data.registerStatus } : state;
    case 'SignInSucceeded':
      return state.status === 'registered' ? { ...state, failedSignIns: 0 } : state;
    case 'SignInFailed':
      return state.status === 'registered' ? { ...state, failedSignIns: state.failedSignIns + 1 } : state;
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

export const foldUser = (events: UserEvent[]): UserState => events.reduce(evolveUser, initialUserState());
