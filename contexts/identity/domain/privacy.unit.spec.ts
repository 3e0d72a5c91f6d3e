import { describe, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import type { PrivacyEvent } from '../contracts/privacy-events.js';
import { privacyDecider } from './privacy.js';

/** The privacy record's rules (ADR 0092): given events / when command / then events. */
const spec = deciderSpec(privacyDecider);
const U = 'user-1';
const T0 = '2026-11-21T12:00:00.000Z';
const deletionAsked: PrivacyEvent = {
  type: 'AccountDeletionRequested',
  data: { requestId: 'd1', userId: U, companyId: 'c1', by: U, requestedAt: T0, eraseAfter: '2026-11-28T12:00:00.000Z', dueAt: '2026-12-06T12:00:00.000Z' },
};
const hold: PrivacyEvent = { type: 'LegalHoldPlaced', data: { userId: U, holdId: 'h1', reason: 'audit', by: 'admin', placedAt: T0 } };
const started: PrivacyEvent = { type: 'AccountErasureStarted', data: { requestId: 'd1', userId: U, startedAt: '2026-11-29T00:00:00.000Z' } };

describe('privacy record', () => {
  it('an export request gets a 15-day deadline; a second one while it is open records nothing', () => {
    spec
      .given([])
      .when({ type: 'RequestExport', data: { requestId: 'e1', userId: U, companyId: null, by: U, now: T0 } })
      .then([{ type: 'DataExportRequested', data: { requestId: 'e1', userId: U, companyId: null, by: U, requestedAt: T0, dueAt: '2026-12-06T12:00:00.000Z' } }]);
    spec
      .given([{ type: 'DataExportRequested', data: { requestId: 'e1', userId: U, companyId: null, by: U, requestedAt: T0, dueAt: '2026-12-06T12:00:00.000Z' } }])
      .when({ type: 'RequestExport', data: { requestId: 'e2', userId: U, companyId: null, by: U, now: T0 } })
      .thenNothing();
  });

  it('a deletion is erased after its 7-day grace period, not before', () => {
    spec
      .given([])
      .when({ type: 'RequestDeletion', data: { requestId: 'd1', userId: U, companyId: 'c1', by: U, now: T0 } })
      .then([deletionAsked]);
    spec.given([deletionAsked]).when({ type: 'StartErasure', data: { requestId: 'd1', userId: U, now: '2026-11-28T11:59:59.000Z' } }).thenNothing();
    spec.given([deletionAsked]).when({ type: 'StartErasure', data: { requestId: 'd1', userId: U, now: '2026-11-29T00:00:00.000Z' } }).then([started]);
  });

  it('signing in cancels a pending deletion, but not one whose erasure started', () => {
    const cancel = { type: 'CancelDeletion' as const, data: { userId: U, requestId: null, reason: 'signed-in' as const, by: U, now: '2026-11-23T00:00:00.000Z' } };
    spec.given([deletionAsked]).when(cancel).then([{ type: 'AccountDeletionCanceled', data: { requestId: 'd1', userId: U, reason: 'signed-in', by: U, canceledAt: '2026-11-23T00:00:00.000Z' } }]);
    spec.given([deletionAsked, started]).when(cancel).thenNothing();
  });

  it('a legal hold blocks the erasure until it is lifted', () => {
    const at = { type: 'StartErasure' as const, data: { requestId: 'd1', userId: U, now: '2026-11-29T00:00:00.000Z' } };
    spec.given([hold, deletionAsked]).when(at).thenThrows('privacy-legal-hold');
    spec.given([hold, deletionAsked, { type: 'LegalHoldLifted', data: { userId: U, holdId: 'h1', by: 'admin', liftedAt: T0 } }]).when(at).then([started]);
  });

  it('the erasure is recorded once; an erased subject asks nothing more', () => {
    const erased: PrivacyEvent = { type: 'AccountErased', data: { requestId: 'd1', userId: U, proof: 'p', erasedAt: '2026-11-29T00:00:01.000Z' } };
    spec.given([deletionAsked, started]).when({ type: 'RecordErasure', data: { requestId: 'd1', userId: U, proof: 'p', now: '2026-11-29T00:00:01.000Z' } }).then([erased]);
    spec.given([deletionAsked, started, erased]).when({ type: 'RecordErasure', data: { requestId: 'd1', userId: U, proof: 'p', now: T0 } }).thenNothing();
    spec.given([deletionAsked, started, erased]).when({ type: 'RequestExport', data: { requestId: 'e9', userId: U, companyId: null, by: U, now: T0 } }).thenNothing();
  });

  it('a consent is recorded with the text version in force; a stale version is refused', () => {
    spec
      .given([])
      .when({ type: 'SetConsent', data: { userId: U, consent: 'marketing', given: true, textVersion: '2026-12', now: T0 } })
      .then([{ type: 'ConsentGiven', data: { userId: U, consent: 'marketing', textVersion: '2026-12', givenAt: T0 } }]);
    spec.given([]).when({ type: 'SetConsent', data: { userId: U, consent: 'marketing', given: true, textVersion: '2020-01', now: T0 } }).thenThrows('app/bed-request');
  });
});
