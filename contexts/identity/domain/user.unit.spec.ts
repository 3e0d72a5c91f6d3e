import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import { decideUser, evolveUser, initialUserState } from './user.js';
import { decideEmailClaim, evolveEmailClaim, initialEmailClaimState } from './email-claim.js';
import type { UserRegistered } from '../contracts/events.js';

const user = deciderSpec({ decide: decideUser, evolve: evolveUser, initial: initialUserState });
const claim = deciderSpec({ decide: decideEmailClaim, evolve: evolveEmailClaim, initial: initialEmailClaimState });
const now = '2026-11-21T10:00:00.000Z';
const registered: UserRegistered = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'ana@example.com', passwordHash: '$argon2id$x', country: 'BR', ref: null, lang: 'pt-BR', consentAt: now, registeredAt: now },
};
const register = {
  type: 'RegisterUser' as const,
  data: { userId: 'u1', email: 'ana@example.com', passwordHash: '$argon2id$x', country: 'BR', ref: null, lang: 'pt-BR' as const, consent: true, now },
};

describe('user registration', () => {
  it('records the registration with the hash and the consent time', () => {
    user.given([]).when(register).then([registered]);
  });
  it('refuses registration without consent to personal-data collection', () => {
    user.given([]).when({ ...register, data: { ...register.data, consent: false } }).thenThrows('app/bed-request');
  });
  it('refuses a second registration of the same user', () => {
    user.given([registered]).when(register).thenThrows('email-already-in-use');
  });
});

describe('abandoned registrations (a claim with no account, ADR 0005)', () => {
  const claimedAt = '2026-11-21T09:50:00.000Z';
  const abandon = (reason: 'failed' | 'stale', at: string) => ({
    type: 'AbandonRegistration' as const,
    data: { userId: 'u1', email: 'ana@example.com', reason, claimedAt, staleAfterMs: 5 * 60_000, now: at },
  });
  const abandoned = { type: 'RegistrationAbandoned' as const, data: { userId: 'u1', email: 'ana@example.com', reason: 'stale' as const, claimedAt, abandonedAt: now } };
  it('closes an empty user stream once the claim is older than the bound', () => {
    user.given([]).when(abandon('stale', now)).then([abandoned]);
  });
  it('keeps a younger claim: its registration may still be running', () => {
    user.given([]).when(abandon('stale', '2026-11-21T09:54:59.999Z')).thenThrows('email-already-in-use');
  });
  it('lets the registration close its own failed attempt at once', () => {
    user.given([]).when(abandon('failed', claimedAt)).then([{ ...abandoned, data: { ...abandoned.data, reason: 'failed', abandonedAt: claimedAt } }]);
  });
  it('never closes a stream that holds an account, nor one already closed', () => {
    user.given([registered]).when(abandon('stale', now)).thenNothing();
    user.given([abandoned]).when(abandon('stale', now)).thenNothing();
  });
  it('refuses a late registration in a closed stream', () => {
    user.given([abandoned]).when(register).thenThrows('email-already-in-use');
  });
});

describe('e-mail claims', () => {
  const claimCmd = { type: 'ClaimEmail' as const, data: { email: 'ana@example.com', userId: 'u1', now } };
  it('claims a free address', () => {
    claim.given([]).when(claimCmd).then([{ type: 'EmailClaimed', data: { email: 'ana@example.com', userId: 'u1', claimedAt: now } }]);
  });
  it('refuses an address owned by another user', () => {
    claim
      .given([{ type: 'EmailClaimed', data: { email: 'ana@example.com', userId: 'u2', claimedAt: now } }])
      .when(claimCmd)
      .thenThrows('email-already-in-use');
  });
  it('is idempotent for the owner', () => {
    claim.given([{ type: 'EmailClaimed', data: { email: 'ana@example.com', userId: 'u1', claimedAt: now } }]).when(claimCmd).thenNothing();
  });
  it('frees an address on release', () => {
    claim
      .given([
        { type: 'EmailClaimed', data: { email: 'ana@example.com', userId: 'u2', claimedAt: now } },
        { type: 'EmailReleased', data: { email: 'ana@example.com', userId: 'u2', releasedAt: now } },
      ])
      .when(claimCmd)
      .then([{ type: 'EmailClaimed', data: { email: 'ana@example.com', userId: 'u1', claimedAt: now } }]);
  });
});

describe('user lifecycle', () => {
  it('verifies the e-mail once', () => {
    user.given([registered]).when({ type: 'VerifyEmail', data: { userId: 'u1', now } }).then([
      { type: 'EmailVerified', data: { userId: 'u1', email: 'ana@example.com', verifiedAt: now } },
    ]);
    user
      .given([registered, { type: 'EmailVerified', data: { userId: 'u1', email: 'ana@example.com', verifiedAt: now } }])
      .when({ type: 'VerifyEmail', data: { userId: 'u1', now } })
      .thenNothing();
  });
  it('records sign-in outcomes', () => {
    user.given([registered]).when({ type: 'RecordSignIn', data: { userId: 'u1', sessionId: 's1', succeeded: false, ip: '127.0.0.1', now } }).then([
      { type: 'SignInFailed', data: { userId: 'u1', at: now, ip: '127.0.0.1', reason: 'invalid-credential' } },
    ]);
  });
  it('refuses commands for an unknown user', () => {
    user.given([]).when({ type: 'VerifyEmail', data: { userId: 'u1', now } }).thenThrows('user-not-found');
  });
});

describe('sign-in links (ADR 0032)', () => {
  const later = (minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();
  const sent = (codeHash: string, at = now) => ({
    type: 'SignInLinkSent' as const,
    data: { userId: 'u1', email: 'ana@example.com', codeHash, sentAt: at, expiresAt: new Date(Date.parse(at) + 15 * 60_000).toISOString() },
  });
  const send = (at: string) => ({ type: 'SendSignInLink' as const, data: { codeHash: 'h2', now: at, expiresAt: later(16), cooldownMs: 60_000 } });
  const use = (codeHash: string, at = later(1)) => ({ type: 'UseSignInLink' as const, data: { codeHash, sessionId: 's1', ip: '10.0.0.9', now: at } });
  const verified = { type: 'EmailVerified' as const, data: { userId: 'u1', email: 'ana@example.com', verifiedAt: now } };

  it('mails a link, but not twice within the cooldown', () => {
    user.given([registered]).when(send(now)).then([{ type: 'SignInLinkSent', data: { userId: 'u1', email: 'ana@example.com', codeHash: 'h2', sentAt: now, expiresAt: later(16) } }]);
    user.given([registered, sent('h1')]).when(send(later(0.5))).thenNothing();
    user.given([registered, sent('h1')]).when(send(later(1))).then([{ type: 'SignInLinkSent', data: { userId: 'u1', email: 'ana@example.com', codeHash: 'h2', sentAt: later(1), expiresAt: later(16) } }]);
  });

  it('signs in once with a link, which also proves the address', () => {
    user.given([registered, sent('h1')]).when(use('h1')).then([
      { type: 'SignInLinkUsed', data: { userId: 'u1', codeHash: 'h1', usedAt: later(1), ip: '10.0.0.9' } },
      { type: 'EmailVerified', data: { userId: 'u1', email: 'ana@example.com', verifiedAt: later(1) } },
      { type: 'SignInSucceeded', data: { userId: 'u1', sessionId: 's1', at: later(1), ip: '10.0.0.9' } },
    ]);
    user.given([registered, verified, sent('h1')]).when(use('h1')).then([
      { type: 'SignInLinkUsed', data: { userId: 'u1', codeHash: 'h1', usedAt: later(1), ip: '10.0.0.9' } },
      { type: 'SignInSucceeded', data: { userId: 'u1', sessionId: 's1', at: later(1), ip: '10.0.0.9' } },
    ]);
    const usedOnce = { type: 'SignInLinkUsed' as const, data: { userId: 'u1', codeHash: 'h1', usedAt: later(1), ip: null } };
    user.given([registered, sent('h1'), usedOnce]).when(use('h1', later(2))).thenThrows('action-already-validated');
  });

  it('refuses an expired link, an unknown one and another kind of link', () => {
    user.given([registered, sent('h1')]).when(use('h1', later(15))).thenThrows('expired-action-code');
    user.given([registered, sent('h1')]).when(use('nope')).thenThrows('invalid-action-code');
    const reset = { type: 'PasswordResetRequested' as const, data: { userId: 'u1', email: 'ana@example.com', codeHash: 'r1', requestedAt: now, expiresAt: later(60) } };
    user.given([registered, reset]).when(use('r1')).thenThrows('invalid-action-code');
  });

  it('retires the other links when one is used, and every link when the address changes', () => {
    const usedFirst = { type: 'SignInLinkUsed' as const, data: { userId: 'u1', codeHash: 'h1', usedAt: later(2), ip: null } };
    user.given([registered, sent('h1'), sent('h2', later(1)), usedFirst]).when(use('h2', later(3))).thenThrows('action-already-validated');
    const changed = {
      type: 'EmailChanged' as const,
      data: { userId: 'u1', previousEmail: 'ana@example.com', email: 'ana.nova@example.com', changedAt: later(2), recoverCodeHash: 'rc', recoverExpiresAt: later(600) },
    };
    user.given([registered, sent('h1'), changed]).when(use('h1', later(3))).thenThrows('action-already-validated');
  });
});
