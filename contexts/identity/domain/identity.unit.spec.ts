import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import { decideUser, evolveUser, initialUserState } from './user.js';
import { decideSession, evolveSession, initialSessionState, REFRESH_REPLAY_GRACE_SECONDS } from './session.js';
import { registerStatusFor } from './profile-rules.js';
import { expect } from 'vitest';
import type { SessionEvent, UserEvent } from '../contracts/events.js';

const user = deciderSpec({ decide: decideUser, evolve: evolveUser, initial: initialUserState });
const session = deciderSpec({ decide: decideSession, evolve: evolveSession, initial: initialSessionState });
const t0 = '2026-11-21T10:00:00.000Z';
const t1 = '2026-11-21T10:01:00.000Z';
const later = '2026-11-23T10:00:00.000Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'ana@example.com', passwordHash: 'h', country: 'BR', ref: null, lang: 'pt-BR', consentAt: t0, registeredAt: t0 },
};
const verificationSent: UserEvent = { type: 'EmailVerificationSent', data: { userId: 'u1', email: 'ana@example.com', codeHash: 'c1', sentAt: t0, expiresAt: '2026-11-22T10:00:00.000Z' } };
const resetRequested: UserEvent = { type: 'PasswordResetRequested', data: { userId: 'u1', email: 'ana@example.com', codeHash: 'r1', requestedAt: t0, expiresAt: '2026-11-21T11:00:00.000Z' } };

describe('e-mail verification links', () => {
  it('sends a verification and records the code hash', () => {
    user.given([registered]).when({ type: 'SendEmailVerification', data: { codeHash: 'c1', now: t0, expiresAt: '2026-11-22T10:00:00.000Z', cooldownMs: 300_000 } }).then([verificationSent]);
  });
  it('refuses a resend inside the cooldown with the minutes to wait', () => {
    let error: unknown;
    try {
      decideUser({ type: 'SendEmailVerification', data: { codeHash: 'c2', now: t1, expiresAt: later, cooldownMs: 300_000 } }, [registered, verificationSent].reduce(evolveUser, initialUserState()));
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'too-many-requests', params: { retryAfterMinutes: 4 } });
  });
  it('verifies with a valid code, once', () => {
    user.given([registered, verificationSent]).when({ type: 'ApplyActionCode', data: { mode: 'verifyEmail', codeHash: 'c1', now: t1 } }).then([
      { type: 'EmailVerified', data: { userId: 'u1', email: 'ana@example.com', verifiedAt: t1, codeHash: 'c1' } },
    ]);
    user
      .given([registered, verificationSent, { type: 'EmailVerified', data: { userId: 'u1', email: 'ana@example.com', verifiedAt: t1, codeHash: 'c1' } }])
      .when({ type: 'ApplyActionCode', data: { mode: 'verifyEmail', codeHash: 'c1', now: t1 } })
      .thenThrows('action-already-validated');
  });
  it('refuses an expired, unknown or other-purpose code', () => {
    user.given([registered, verificationSent]).when({ type: 'ApplyActionCode', data: { mode: 'verifyEmail', codeHash: 'c1', now: later } }).thenThrows('expired-action-code');
    user.given([registered, verificationSent]).when({ type: 'ApplyActionCode', data: { mode: 'verifyEmail', codeHash: 'nope', now: t1 } }).thenThrows('invalid-action-code');
    user.given([registered, verificationSent]).when({ type: 'ApplyActionCode', data: { mode: 'resetPassword', codeHash: 'c1', now: t1, newPasswordHash: 'x' } }).thenThrows('invalid-action-code');
  });
  it('refuses sending a verification to a verified address', () => {
    user
      .given([registered, { type: 'EmailVerified', data: { userId: 'u1', email: 'ana@example.com', verifiedAt: t0 } }])
      .when({ type: 'SendEmailVerification', data: { codeHash: 'c9', now: t1, expiresAt: later, cooldownMs: 1 } })
      .thenThrows('action-already-validated');
  });
});

describe('password reset', () => {
  it('changes the password with the link and retires every other reset link', () => {
    const second: UserEvent = { type: 'PasswordResetRequested', data: { userId: 'u1', email: 'ana@example.com', codeHash: 'r2', requestedAt: t1, expiresAt: '2026-11-21T11:01:00.000Z' } };
    user.given([registered, resetRequested, second]).when({ type: 'ApplyActionCode', data: { mode: 'resetPassword', codeHash: 'r2', now: t1, newPasswordHash: 'new' } }).then([
      { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'new', changedAt: t1, via: 'reset', codeHash: 'r2' } },
    ]);
    user
      .given([registered, resetRequested, second, { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'new', changedAt: t1, via: 'reset', codeHash: 'r2' } }])
      .when({ type: 'ApplyActionCode', data: { mode: 'resetPassword', codeHash: 'r1', now: t1, newPasswordHash: 'again' } })
      .thenThrows('action-already-validated');
  });
  it('needs a new password', () => {
    user.given([registered, resetRequested]).when({ type: 'ApplyActionCode', data: { mode: 'resetPassword', codeHash: 'r1', now: t1 } }).thenThrows('app/bed-request');
  });
  it('does nothing for a second request within the cooldown', () => {
    user.given([registered, resetRequested]).when({ type: 'RequestPasswordReset', data: { codeHash: 'r3', now: t0, expiresAt: later, cooldownMs: 60_000 } }).thenNothing();
  });
});

describe('profile rules', () => {
  it('computes the registration status (None -> UserProfile -> Completed, never back)', () => {
    expect(registerStatusFor('None', { name: 'Ana', userType: null, actingArea: null, isInnerEmployee: null, country: 'BR' })).toBe('UserProfile');
    expect(registerStatusFor('UserProfile', { name: 'Ana', userType: 'Agricultor', actingArea: null, isInnerEmployee: false, country: 'BR' })).toBe('Completed');
    expect(registerStatusFor('UserProfile', { name: 'Ana', userType: 'Agricultor', actingArea: null, isInnerEmployee: true, country: 'BR' })).toBe('UserProfile');
    expect(registerStatusFor('Completed', { name: null, userType: null, actingArea: null, isInnerEmployee: null, country: null })).toBe('Completed');
  });
  it('treats Nulo as empty', () => {
    user.given([registered]).when({ type: 'UpdateProfile', data: { userId: 'u1', name: 'Ana Lima', userType: 'Nulo', now: t1 } }).then([
      { type: 'ProfileUpdated', data: { userId: 'u1', name: 'Ana Lima', userType: null, registerStatus: 'UserProfile', updatedAt: t1 } },
    ]);
  });
  it('records an interaction only the first time, and a locale only when it changes', () => {
    const first: UserEvent = { type: 'InteractionRecorded', data: { userId: 'u1', name: 'firstVideoContentViewed', at: t0 } };
    user.given([registered, first]).when({ type: 'RecordInteraction', data: { name: 'firstVideoContentViewed', now: t1 } }).thenNothing();
    user.given([registered]).when({ type: 'ChangeLocale', data: { lang: 'pt-BR', now: t1 } }).thenNothing();
    user.given([registered]).when({ type: 'ChangeLocale', data: { lang: 'es', now: t1 } }).then([{ type: 'LocaleChanged', data: { userId: 'u1', lang: 'es', changedAt: t1 } }]);
  });
  it('removes a picture only when there is one', () => {
    user.given([registered]).when({ type: 'RemoveProfilePicture', data: { now: t1 } }).thenNothing();
    user
      .given([registered, { type: 'ProfilePictureChanged', data: { userId: 'u1', pictureId: 'p1', contentType: 'image/png', size: 10, changedAt: t0 } }])
      .when({ type: 'RemoveProfilePicture', data: { now: t1 } })
      .then([{ type: 'ProfilePictureRemoved', data: { userId: 'u1', pictureId: 'p1', removedAt: t1 } }]);
  });
});

describe('phone link', () => {
  const sent: UserEvent = { type: 'PhoneVerificationSent', data: { userId: 'u1', phone: '+5511999998888', codeHash: 'p1', sentAt: t0, expiresAt: '2026-11-21T10:10:00.000Z' } };
  it('links the phone with its code, not with another number', () => {
    user.given([registered, sent]).when({ type: 'VerifyPhone', data: { phone: '+5511999998888', codeHash: 'p1', now: t1 } }).then([
      { type: 'PhoneLinked', data: { userId: 'u1', phone: '+5511999998888', linkedAt: t1 } },
    ]);
    user.given([registered, sent]).when({ type: 'VerifyPhone', data: { phone: '+5511000000000', codeHash: 'p1', now: t1 } }).thenThrows('invalid-action-code');
  });
  it('rate-limits codes to the same number', () => {
    user.given([registered, sent]).when({ type: 'SendPhoneCode', data: { phone: '+5511999998888', codeHash: 'p2', now: t0, expiresAt: later, cooldownMs: 60_000 } }).thenThrows('too-many-requests');
  });
});

describe('sessions', () => {
  // the token of generation g hashes to h(g+1): h1 at the start, h2 after one refresh
  const hashOfGeneration = (generation: number) => `h${generation + 1}`;
  const refresh = (presentedHash: string, now: string) => ({ type: 'RefreshSession' as const, data: { presentedHash, now, hashOfGeneration } });
  const started = { type: 'SessionStarted' as const, data: { sessionId: 's1', userId: 'u1', refreshHash: 'h1', startedAt: t0, expiresAt: later, ip: null, userAgent: null } };
  const refreshed = { type: 'SessionRefreshed' as const, data: { sessionId: 's1', refreshHash: 'h2', refreshedAt: t1 } };
  const seconds = (iso: string, n: number) => new Date(Date.parse(iso) + n * 1000).toISOString();
  it('rotates on the current token, to the next generation', () => {
    session.given([started]).when(refresh('h1', t1)).then([refreshed]);
    session.given([started, refreshed]).when(refresh('h2', seconds(t1, 60))).then([{ type: 'SessionRefreshed', data: { sessionId: 's1', refreshHash: 'h3', refreshedAt: seconds(t1, 60) } }]);
  });
  it('answers the token the last refresh rotated out, within the grace, with no change (a lost answer)', () => {
    session.given([started, refreshed]).when(refresh('h1', seconds(t1, REFRESH_REPLAY_GRACE_SECONDS))).then([]);
  });
  it('revokes the session when a rotated token comes back after the grace, or an older one at any time', () => {
    const revoked = (at: string): SessionEvent[] => [{ type: 'SessionRevoked', data: { sessionId: 's1', userId: 'u1', reason: 'refresh-token-reused', revokedAt: at } }];
    session.given([started, refreshed]).when(refresh('h1', seconds(t1, REFRESH_REPLAY_GRACE_SECONDS + 1))).then(revoked(seconds(t1, REFRESH_REPLAY_GRACE_SECONDS + 1)));
    const again = { type: 'SessionRefreshed' as const, data: { sessionId: 's1', refreshHash: 'h3', refreshedAt: t1 } };
    session.given([started, refreshed, again]).when(refresh('h1', t1)).then(revoked(t1));
  });
  it('ends an expired session and refuses a revoked one', () => {
    session.given([started]).when(refresh('h1', '2026-12-01T00:00:00.000Z')).then([
      { type: 'SessionRevoked', data: { sessionId: 's1', userId: 'u1', reason: 'expired', revokedAt: '2026-12-01T00:00:00.000Z' } },
    ]);
    session
      .given([started, { type: 'SessionRevoked', data: { sessionId: 's1', userId: 'u1', reason: 'logoff', revokedAt: t1 } }])
      .when(refresh('h1', t1))
      .thenThrows('invalid-user-token');
  });
});
