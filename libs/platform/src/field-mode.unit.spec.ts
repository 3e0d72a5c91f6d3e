import { describe, expect, it } from 'vitest';
import { actedAt, checkClientTime, CLIENT_CLOCK_SKEW_MS, MAX_OFFLINE_AGE_MS } from './field-mode.js';

const now = new Date('2026-12-07T10:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('X-Client-Time bounds (ADR 0093)', () => {
  it('takes no header, and an instant within the skew ahead and the offline age behind, in canonical form', () => {
    expect(checkClientTime(undefined, now)).toEqual({ ok: true, at: null });
    expect(checkClientTime(at(CLIENT_CLOCK_SKEW_MS), now)).toEqual({ ok: true, at: at(CLIENT_CLOCK_SKEW_MS) });
    expect(checkClientTime(at(-MAX_OFFLINE_AGE_MS), now)).toEqual({ ok: true, at: at(-MAX_OFFLINE_AGE_MS) });
    expect(checkClientTime('2026-12-07T07:00:00-03:00', now)).toEqual({ ok: true, at: '2026-12-07T10:00:00.000Z' });
    expect(checkClientTime('2026-12-07T09:59:59.123456Z', now)).toEqual({ ok: true, at: '2026-12-07T09:59:59.123Z' });
  });

  it('refuses the future past the skew, the past beyond the offline age and anything that is not a zoned date-time', () => {
    expect(checkClientTime(at(CLIENT_CLOCK_SKEW_MS + 1), now)).toMatchObject({ ok: false, error: { path: 'x-client-time', code: 'too_big' } });
    expect(checkClientTime(at(-MAX_OFFLINE_AGE_MS - 1), now)).toMatchObject({ ok: false, error: { path: 'x-client-time', code: 'too_small' } });
    for (const bad of ['2026-12-07T10:00:00', '2026-12-07', 'yesterday', '1733565600000', '2026-13-40T10:00:00Z', ['a']]) {
      expect(checkClientTime(bad, now), String(bad)).toMatchObject({ ok: false, error: { code: 'invalid_date' } });
    }
  });

  it('records the client time when it is within bounds, else the server time', () => {
    expect(actedAt({ clientTime: at(-3_600_000) }, now)).toBe(at(-3_600_000));
    expect(actedAt({ clientTime: null }, now)).toBe(now.toISOString());
    expect(actedAt({ clientTime: at(3_600_000) }, now)).toBe(now.toISOString());
    expect(actedAt({ clientTime: 'garbage' }, now)).toBe(now.toISOString());
  });
});
