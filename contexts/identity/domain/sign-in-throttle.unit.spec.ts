import { describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE, decideAttempt, emptyCounters, pairDelayMs, settleSuccess, type ThrottleCounters } from './sign-in-throttle.js';

const t0 = Date.parse('2026-11-21T12:00:00.000Z');
const second = 1000;
const minute = 60 * second;

/** `n` failed attempts at `at`, each allowed and charged (throws if one was refused). */
function fail(counters: ThrottleCounters, at: number, n = 1): ThrottleCounters {
  let next = counters;
  for (let i = 0; i < n; i++) {
    const decision = decideAttempt(next, at);
    if (!decision.allowed) throw new Error(`attempt ${i + 1} refused by ${decision.limit}`);
    next = decision.charged;
  }
  return next;
}
const fresh = emptyCounters();
/** `n` failures from one address, each for another account: only the address counter keeps them. */
const overAccounts = (counters: ThrottleCounters, at: number, n: number) =>
  Array.from({ length: n }).reduce<ThrottleCounters>((c) => ({ ...c, address: fail({ ...fresh, address: c.address }, at).address }), counters);
/** `n` failures for one account, each from another address: only the account counter keeps them. */
const overAddresses = (counters: ThrottleCounters, at: number, n: number) =>
  Array.from({ length: n }).reduce<ThrottleCounters>((c) => ({ ...c, account: fail({ ...fresh, account: c.account }, at).account }), counters);

describe('the (account, address) pair', () => {
  it('lets three failures through at once, then waits 30 s, 1, 2, 4, 8 and at most 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50].map(pairDelayMs)).toEqual([0, 0, 0, 30 * second, minute, 2 * minute, 4 * minute, 8 * minute, 15 * minute, 15 * minute, 15 * minute]);
  });

  it('refuses the attempt after the fourth failure for 30 s, then for twice as long after the next', () => {
    let c = fail(emptyCounters(), t0, 4);
    expect(decideAttempt(c, t0 + 10 * second)).toEqual({ allowed: false, limit: 'pair', retryAfterMs: 20 * second });
    c = fail(c, t0 + 30 * second);
    expect(decideAttempt(c, t0 + 30 * second)).toMatchObject({ allowed: false, limit: 'pair', retryAfterMs: minute });
    expect(decideAttempt(c, t0 + 90 * second).allowed).toBe(true);
  });

  it('forgets failures a day after the last one', () => {
    const c = { ...emptyCounters(), pair: { failures: 9, lastFailureAt: t0, recognisedUntil: null } };
    expect(decideAttempt(c, t0 + 14 * minute).allowed).toBe(false);
    expect(decideAttempt(c, t0 + 15 * minute).allowed).toBe(true);
    const later = decideAttempt(c, t0 + SIGN_IN_THROTTLE.pair.forgetAfterMs);
    expect(later.allowed && later.charged.pair.failures).toBe(1);
  });

  it('starts again from nothing after a success, and recognises the pair for 30 days', () => {
    const c = fail(emptyCounters(), t0, 3);
    const attempt = decideAttempt(c, t0);
    if (!attempt.allowed) throw new Error('refused');
    const settled = settleSuccess(attempt.charged, t0);
    expect(settled.pair).toEqual({ failures: 0, lastFailureAt: null, recognisedUntil: t0 + 30 * 24 * 60 * minute });
    expect(fail(settled, t0, 3).pair.failures).toBe(3);
  });
});

describe('the address budget', () => {
  it('lets 100 failures from one address through, over any number of accounts, then one every 36 s', () => {
    const c = overAccounts(emptyCounters(), t0, 100);
    expect(decideAttempt(c, t0)).toEqual({ allowed: false, limit: 'address', retryAfterMs: 36 * second });
    expect(decideAttempt(c, t0 + 36 * second).allowed).toBe(true);
  });

  it('does not hold back a pair that signed in from that address before', () => {
    const recognised = { ...overAccounts(emptyCounters(), t0, 100), pair: { failures: 0, lastFailureAt: null, recognisedUntil: t0 + 5 * second } };
    expect(decideAttempt(recognised, t0)).toMatchObject({ allowed: true, recognised: true });
    // 30 days after its last success the pair is a stranger again
    expect(decideAttempt(recognised, t0 + 10 * second)).toMatchObject({ allowed: false, limit: 'address' });
  });

  it('is refunded by a success, so an office signing in all day never fills it', () => {
    let c = emptyCounters();
    for (let i = 0; i < 1000; i++) {
      const attempt = decideAttempt({ ...c, pair: emptyCounters().pair }, t0);
      if (!attempt.allowed) throw new Error(`sign-in ${i} refused`);
      c = settleSuccess(attempt.charged, t0);
    }
    expect(c.address).toEqual({ tat: null });
  });
});

describe('the account ceiling', () => {
  it('lets 20 failures from different addresses through, then one every 6 minutes', () => {
    const c = overAddresses(emptyCounters(), t0, 20);
    expect(decideAttempt(c, t0)).toEqual({ allowed: false, limit: 'account', retryAfterMs: 6 * minute });
    expect(decideAttempt(c, t0 + 6 * minute).allowed).toBe(true);
  });

  it('does not hold back the owner from an address where the owner signed in before', () => {
    const c = { ...overAddresses(emptyCounters(), t0, 20), pair: { failures: 0, lastFailureAt: null, recognisedUntil: t0 + 30 * 24 * 60 * minute } };
    expect(decideAttempt(c, t0)).toMatchObject({ allowed: true, recognised: true });
  });

  it('names the longest wait when several limits hold an attempt', () => {
    const held = { ...overAddresses(emptyCounters(), t0, 20), pair: { failures: 4, lastFailureAt: t0, recognisedUntil: null } };
    expect(decideAttempt(held, t0)).toEqual({ allowed: false, limit: 'account', retryAfterMs: 6 * minute });
  });
});

describe('without a client address', () => {
  it('applies the pair and the account limits only', () => {
    const c = overAddresses(emptyCounters(false), t0, 20);
    expect(c.address).toBeNull();
    expect(decideAttempt(c, t0)).toMatchObject({ allowed: false, limit: 'account' });
  });
});
