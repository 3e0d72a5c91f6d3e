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
