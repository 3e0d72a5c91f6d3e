import { AppError } from '@portal/kernel';
import { sessionEvents, type SessionEvent } from '../contracts/events.js';

/**
 * A sign-in session with a rotating refresh token (known by hash). Presenting a refresh token
 * that was already rotated means it leaked: the whole session is revoked. One exception: the
 * token rotated out by the last refresh, presented again within REFRESH_REPLAY_GRACE_SECONDS,
 * is a client whose answer was lost (a page left while its refresh was on the way); it gets the
 * current token again and nothing changes (ADR 0029).
 */
export type SessionState =
  | { status: 'none' }
  | {
      status: 'active' | 'revoked';
      sessionId: string;
      userId: string;
      currentHash: string;
      previousHashes: string[];
      expiresAt: string;
      /** when the last refresh rotated the previous token out */
      rotatedAt: string | null;
    };

export const REFRESH_REPLAY_GRACE_SECONDS = 30;

/** Refreshes so far: the current token is the one of this generation (0 at the start). */
export const sessionGeneration = (state: Extract<SessionState, { status: 'active' | 'revoked' }>): number => state.previousHashes.length;

export const initialSessionState = (): SessionState => ({ status: 'none' });

export type SessionCommand =
  | { type: 'StartSession'; data: { sessionId: string; userId: string; refreshHash: string; now: string; expiresAt: string; ip: string | null; userAgent: string | null } }
  | { type: 'RefreshSession'; data: { presentedHash: string; now: string; hashOfGeneration: (generation: number) => string } }
  | { type: 'RevokeSession'; data: { reason: 'logoff' | 'password-changed' | 'user-deactivated' | 'account-deletion' | 'erased'; now: string } };

export function decideSession(command: SessionCommand, state: SessionState): SessionEvent[] {
  switch (command.type) {
    case 'StartSession': {
      if (state.status !== 'none') return [];
      const d = command.data;
      return [{ type: 'SessionStarted', data: { sessionId: d.sessionId, userId: d.userId, refreshHash: d.refreshHash, startedAt: d.now, expiresAt: d.expiresAt, ip: d.ip, userAgent: d.userAgent } }];
    }
    case 'RefreshSession': {
      const d = command.data;
      if (state.status === 'none') throw new AppError('invalid-user-token');
      if (state.status === 'revoked') throw new AppError('invalid-user-token');
      if (state.expiresAt <= d.now) return [{ type: 'SessionRevoked', data: { sessionId: state.sessionId, userId: state.userId, reason: 'expired', revokedAt: d.now } }];
      if (d.presentedHash === state.currentHash) {
        return [{ type: 'SessionRefreshed', data: { sessionId: state.sessionId, refreshHash: d.hashOfGeneration(sessionGeneration(state) + 1), refreshedAt: d.now } }];
      }
      const replay =
        d.presentedHash === state.previousHashes.at(-1) &&
        state.rotatedAt !== null &&
        Date.parse(d.now) - Date.parse(state.rotatedAt) <= REFRESH_REPLAY_GRACE_SECONDS * 1000;
      if (replay) return [];
      if (state.previousHashes.includes(d.presentedHash)) {
        return [{ type: 'SessionRevoked', data: { sessionId: state.sessionId, userId: state.userId, reason: 'refresh-token-reused', revokedAt: d.now } }];
      }
      throw new AppError('invalid-user-token');
    }
    case 'RevokeSession':
      if (state.status !== 'active') return [];
      return [{ type: 'SessionRevoked', data: { sessionId: state.sessionId, userId: state.userId, reason: command.data.reason, revokedAt: command.data.now } }];
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveSession(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionStarted':
      return {
        status: 'active',
        sessionId: event.data.sessionId,
        userId: event.data.userId,
        currentHash: event.data.refreshHash,
        previousHashes: [],
        expiresAt: event.data.expiresAt,
        rotatedAt: null,
      };
    case 'SessionRefreshed':
      return state.status === 'none'
        ? state
        : {
            ...state,
            previousHashes: [...state.previousHashes, state.currentHash],
            currentHash: event.data.refreshHash,
            rotatedAt: event.data.refreshedAt,
          };
    case 'SessionRevoked':
      return state.status === 'none' ? state : { ...state, status: 'revoked' };
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The session's decider (one stream per session). */
export const sessionDecider = { decide: decideSession, evolve: evolveSession, initial: initialSessionState, events: sessionEvents };
