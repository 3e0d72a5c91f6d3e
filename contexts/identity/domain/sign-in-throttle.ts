/**
 * Sign-in throttling rules (ADR 0032), pure: the state of three counters and the time arrive as
 * arguments. Times are epoch milliseconds.
 *
 * - pair (account, client address): a few free failures, then a growing wait before the next try
 *   (exponential, capped). It is the only limit the owner's own recognised address ever meets.
 * - address: a loose budget of failures per client address (a whole office shares one), refilled
 *   at a steady rate (GCRA: one "theoretical arrival time" per counter). It slows enumeration and
 *   password spraying over many accounts.
 * - account: a ceiling of failures per account from every address together, refilled the same
 *   way. It slows guessing spread over many addresses.
 *
 * A pair that signed in successfully within `recognisedForMs` ignores the address budget and the
 * account ceiling: an attacker elsewhere cannot lock the owner out of a place where the owner
 * signs in. Anyone else still has the e-mailed sign-in link, which no limit here applies to.
 *
 * An attempt is charged before the password is checked (so parallel attempts cannot all pass one
 * check) and refunded when it succeeds.
 */
export const SIGN_IN_THROTTLE = {
  pair: { freeFailures: 3, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 24 * 3600_000 },
  address: { burst: 100, intervalMs: 36_000 },
  account: { burst: 20, intervalMs: 6 * 60_000 },
  recognisedForMs: 30 * 24 * 3600_000,
} as const;

export interface PairCounter {
  failures: number;
  lastFailureAt: number | null;
  recognisedUntil: number | null;
}
/** GCRA: `tat` is when the counter would be empty again; null is empty. */
export interface BudgetCounter {
  tat: number | null;
}
export interface ThrottleCounters {
  pair: PairCounter;
  /** null when the client address is unknown */
  address: BudgetCounter | null;
  account: BudgetCounter;
}
export type ThrottleLimit = 'pair' | 'address' | 'account';

export type AttemptDecision =
  | { allowed: true; charged: ThrottleCounters; recognised: boolean }
  | { allowed: false; retryAfterMs: number; limit: ThrottleLimit };

export const emptyCounters = (withAddress = true): ThrottleCounters => ({
  pair: { failures: 0, lastFailureAt: null, recognisedUntil: null },
  address: withAddress ? { tat: null } : null,
  account: { tat: null },
});

/** The wait after the n-th consecutive failure of a pair: none for the free ones, then 30 s, 1, 2, 4, 8, 15 minutes. */
export function pairDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = SIGN_IN_THROTTLE.pair;
  if (failures <= freeFailures) return 0;
  return Math.min(firstDelayMs * 2 ** Math.min(failures - freeFailures - 1, 30), maxDelayMs);
}

/** Consecutive failures of a pair that still count (they are forgotten a day after the last one). */
const liveFailures = (pair: PairCounter, now: number): number =>
  pair.lastFailureAt !== null && now - pair.lastFailureAt < SIGN_IN_THROTTLE.pair.forgetAfterMs ? pair.failures : 0;

const pairWaitMs = (pair: PairCounter, now: number): number => {
  const failures = liveFailures(pair, now);
  return failures > 0 && pair.lastFailureAt !== null ? pair.lastFailureAt + pairDelayMs(failures) - now : 0;
};

/** How long until one more failure fits the budget (0: it fits now). */
const budgetWaitMs = (counter: BudgetCounter, limit: { burst: number; intervalMs: number }, now: number): number => {
  const debt = Math.max(counter.tat ?? now, now) - now;
  return Math.max(0, debt - (limit.burst - 1) * limit.intervalMs);
};

const charge = (counter: BudgetCounter, intervalMs: number, now: number): BudgetCounter => ({ tat: Math.max(counter.tat ?? now, now) + intervalMs });
const refund = (counter: BudgetCounter, intervalMs: number, now: number): BudgetCounter => {
  const tat = (counter.tat ?? now) - intervalMs;
  return { tat: tat > now ? tat : null };
};

export const isRecognised = (pair: PairCounter, now: number): boolean => pair.recognisedUntil !== null && pair.recognisedUntil > now;

/**
 * May this attempt check a password now? If so, the counters with the attempt charged as a
 * failure (to store before checking); if not, which limit holds it and for how long (the
 * longest of the limits that hold it, so a retry at that time is not refused by another).
 */
export function decideAttempt(counters: ThrottleCounters, now: number): AttemptDecision {
  const recognised = isRecognised(counters.pair, now);
  const waits: Array<{ limit: ThrottleLimit; ms: number }> = [{ limit: 'pair', ms: pairWaitMs(counters.pair, now) }];
  if (!recognised) {
    if (counters.address) waits.push({ limit: 'address', ms: budgetWaitMs(counters.address, SIGN_IN_THROTTLE.address, now) });
    waits.push({ limit: 'account', ms: budgetWaitMs(counters.account, SIGN_IN_THROTTLE.account, now) });
  }
  const longest = waits.reduce((a, b) => (b.ms > a.ms ? b : a));
  if (longest.ms > 0) return { allowed: false, retryAfterMs: longest.ms, limit: longest.limit };
  return {
    allowed: true,
    recognised,
    charged: {
      pair: { ...counters.pair, failures: liveFailures(counters.pair, now) + 1, lastFailureAt: now },
      address: counters.address ? charge(counters.address, SIGN_IN_THROTTLE.address.intervalMs, now) : null,
      account: charge(counters.account, SIGN_IN_THROTTLE.account.intervalMs, now),
    },
  };
}

/** A pair that proved itself (right password or a used sign-in link): failures forgotten, recognised for 30 days. */
export const recognisePair = (now: number): PairCounter => ({ failures: 0, lastFailureAt: null, recognisedUntil: now + SIGN_IN_THROTTLE.recognisedForMs });

/** The right password: the charged attempt is refunded and the pair recognised. */
export function settleSuccess(charged: ThrottleCounters, now: number): ThrottleCounters {
  return {
    pair: recognisePair(now),
    address: charged.address ? refund(charged.address, SIGN_IN_THROTTLE.address.intervalMs, now) : null,
    account: refund(charged.account, SIGN_IN_THROTTLE.account.intervalMs, now),
  };
}

/** When a counter no longer matters and its row may be deleted. */
export function counterExpiresAt(kind: ThrottleLimit, counters: ThrottleCounters, now: number): number {
  if (kind === 'pair') {
    const { lastFailureAt, recognisedUntil } = counters.pair;
    return Math.max(now, lastFailureAt === null ? now : lastFailureAt + SIGN_IN_THROTTLE.pair.forgetAfterMs, recognisedUntil ?? now);
  }
  const counter = kind === 'address' ? counters.address : counters.account;
  return Math.max(now, counter?.tat ?? now);
}
