import { describe, expect, it } from 'vitest';
import { readScannedText, refreshDelay, staffCodeOf } from './scan-codes';
import { BATCH_MAX, enqueue, nextBatch, outcomesOf, parseQueue, withoutSent, type QueuedScan } from './scan-queue';

const EVENT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const USER = 'a1b2c3d4-0000-4000-8000-000000000001';
const ticket = `t1.${EVENT}.${USER}.AbC_d-123`;
const code = `s1.${EVENT}.i.59000000.sig_-9`;

const scan = (n: number, changes: Partial<QueuedScan> = {}): QueuedScan => ({
  id: `s${n}`,
  eventId: EVENT,
  ticket: `t1.${EVENT}.${USER.slice(0, -2)}${String(n).padStart(2, '0')}.x`,
  action: 'check-in',
  scannedAt: new Date(Date.UTC(2026, 11, 10, 11, 0, n)).toISOString(),
  deviceId: 'door-1',
  ...changes,
});

describe('what the camera read (ADR 0060 codes)', () => {
  it('tells a personal ticket from the staff screen code, bare or inside the scan URL', () => {
    expect(readScannedText(` ${ticket} `)).toEqual({ kind: 'ticket', ticket, eventId: EVENT, userId: USER });
    expect(readScannedText(code)).toEqual({ kind: 'staff-code', code, eventId: EVENT, action: 'check-in' });
    expect(readScannedText(`https://portal.example/scheduled-events/scan?code=${encodeURIComponent(code.replace('.i.', '.o.'))}`)).toMatchObject({ kind: 'staff-code', action: 'check-out' });
    expect(readScannedText('https://elsewhere.example/?code=1')).toEqual({ kind: 'unknown' });
    expect(staffCodeOf(new URLSearchParams({ code }))).toBe(code);
    expect(staffCodeOf(new URLSearchParams({ code: 'hello' }))).toBeNull();
  });

  it('fetches the next rotating code at refreshAt, between 1 and 30 seconds', () => {
    const now = new Date('2026-12-10T11:00:00Z');
    expect(refreshDelay('2026-12-10T11:00:12Z', now)).toBe(12_000);
    expect(refreshDelay('2026-12-10T10:59:00Z', now)).toBe(1_000);
    expect(refreshDelay('2026-12-10T11:10:00Z', now)).toBe(30_000);
  });
});

describe('the offline scan queue', () => {
  it('keeps one scan for a ticket the camera reads many times, and a later one as a new scan', () => {
    const first = enqueue([], scan(1, { ticket }));
    const again = enqueue(first.queue, scan(2, { ticket, scannedAt: new Date(Date.UTC(2026, 11, 10, 11, 0, 4)).toISOString() }));
    expect(again.added).toBe(false);
    const checkOut = enqueue(first.queue, scan(3, { ticket, action: 'check-out' }));
    expect(checkOut.added).toBe(true);
    const later = enqueue(first.queue, scan(4, { ticket, scannedAt: new Date(Date.UTC(2026, 11, 10, 12, 0, 0)).toISOString() }));
    expect(later.queue).toHaveLength(2);
  });

  it('sends the oldest scans of one event at a time, at most 500', () => {
    const queue = [scan(1, { eventId: OTHER }), ...Array.from({ length: BATCH_MAX + 3 }, (_, i) => scan(i + 2))];
    const batch = nextBatch(queue)!;
    expect(batch.eventId).toBe(OTHER);
    expect(batch.scans).toHaveLength(1);
    const rest = withoutSent(queue, batch.scans);
    expect(nextBatch(rest)!.scans).toHaveLength(BATCH_MAX);
    expect(nextBatch([])).toBeNull();
  });

  it('reads each result in the order sent; every judged scan leaves the queue', () => {
    const sent = [scan(1), scan(2)];
    const outcomes = outcomesOf(sent, {
      results: [
        { ok: true, eventId: EVENT, userId: USER, action: 'check-in', at: sent[0]!.scannedAt, changed: true },
        { ok: false, index: 1, code: 'ticket-invalid', message: 'This ticket is not valid' },
      ],
    });
    expect(outcomes.map((o) => (o.ok ? o.userId : o.code))).toEqual([USER, 'ticket-invalid']);
    expect(withoutSent([...sent, scan(3)], sent).map((s) => s.id)).toEqual(['s3']);
  });

  it('survives a stored value it cannot read', () => {
    expect(parseQueue('{not json')).toEqual([]);
    expect(parseQueue(JSON.stringify([scan(1), { id: 'x' }, scan(2, { action: 'dance' as never })]))).toEqual([scan(1)]);
  });
});
