import '../contracts/errors.js'; // registers the codes this decider answers with in the kernel's catalogue
import { AppError } from '@portal/kernel';
import {
  instantPlusDays,
  CONSENT_TEXT_VERSIONS,
  DELETION_GRACE_DAYS,
  EXPORT_LINK_DAYS,
  PRIVACY_DEADLINE_DAYS,
  type Consent,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
} from '../contracts/privacy.js';
import { privacyEvents, type PrivacyEvent } from '../contracts/privacy-events.js';

/**
 * A data subject's privacy record (issue 31 part B, ADR 0092): one stream per user holding their
 * access and deletion requests, the legal holds on them and their consents, so that one decider
 * judges together what must be judged together: a deletion is erased only when due and with no
 * hold, and signing in cancels it only while it has not started.
 */
export interface PrivacyRequest {
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  requestedAt: string;
  dueAt: string;
  eraseAfter: string | null;
  honouredAt: string | null;
  canceledAt: string | null;
  canceledReason: 'signed-in' | 'subject' | 'operator' | null;
  /** an export's link end */
  expiresAt: string | null;
  fileId: string | null;
}

export interface PrivacyState {
  requests: Record<string, PrivacyRequest>;
  holds: Record<string, { reason: string; placedAt: string }>;
  consents: Partial<Record<Consent, { given: boolean; textVersion: string; at: string }>>;
  erased: boolean;
}

export const initialPrivacyState = (): PrivacyState => ({ requests: {}, holds: {}, consents: {}, erased: false });

export type PrivacyCommand =
  | { type: 'RequestExport'; data: { requestId: string; userId: string; companyId: string | null; by: string; now: string } }
  | { type: 'RecordExportPrepared'; data: { requestId: string; userId: string; fileId: string; events: number; bytes: number; sha256: string; now: string } }
  | { type: 'RequestDeletion'; data: { requestId: string; userId: string; companyId: string | null; by: string; now: string } }
  | { type: 'CancelDeletion'; data: { userId: string; requestId: string | null; reason: 'signed-in' | 'subject' | 'operator'; by: string; now: string } }
  | { type: 'StartErasure'; data: { requestId: string; userId: string; now: string } }
  | { type: 'RecordErasure'; data: { requestId: string; userId: string; proof: string; now: string } }
  | { type: 'PlaceLegalHold'; data: { userId: string; holdId: string; reason: string; by: string; now: string } }
  | { type: 'LiftLegalHold'; data: { userId: string; holdId: string; by: string; now: string } }
  | { type: 'SetConsent'; data: { userId: string; consent: Consent; given: boolean; textVersion: string; now: string } };

const openOf = (state: PrivacyState, kind: PrivacyRequestKind, statuses: readonly PrivacyRequestStatus[] = ['pending']) =>
  Object.entries(state.requests).filter(([, r]) => r.kind === kind && statuses.includes(r.status));

export function decidePrivacy(command: PrivacyCommand, state: PrivacyState): PrivacyEvent[] {
  switch (command.type) {
    case 'RequestExport': {
      const d = command.data;
      // one open export at a time: asking again while it is being built answers the same request
      if (state.erased || openOf(state, 'export').length > 0) return [];
      return [{ type: 'DataExportRequested', data: { requestId: d.requestId, userId: d.userId, companyId: d.companyId, by: d.by, requestedAt: d.now, dueAt: instantPlusDays(d.now, PRIVACY_DEADLINE_DAYS) } }];
    }
    case 'RecordExportPrepared': {
      const d = command.data;
      if (state.requests[d.requestId]?.status !== 'pending') return [];
      return [
        {
          type: 'DataExportPrepared',
          data: { requestId: d.requestId, userId: d.userId, fileId: d.fileId, events: d.events, bytes: d.bytes, sha256: d.sha256, expiresAt: instantPlusDays(d.now, EXPORT_LINK_DAYS), preparedAt: d.now },
        },
      ];
    }
    case 'RequestDeletion': {
      const d = command.data;
      if (state.erased || openOf(state, 'deletion', ['pending', 'erasing']).length > 0) return [];
      return [
        {
          type: 'AccountDeletionRequested',
          data: { requestId: d.requestId, userId: d.userId, companyId: d.companyId, by: d.by, requestedAt: d.now, eraseAfter: instantPlusDays(d.now, DELETION_GRACE_DAYS), dueAt: instantPlusDays(d.now, PRIVACY_DEADLINE_DAYS) },
        },
      ];
    }
    case 'CancelDeletion': {
      const d = command.data;
      // only a pending deletion: once the erasure started, nothing brings the data back
      return openOf(state, 'deletion')
        .filter(([id]) => d.requestId === null || id === d.requestId)
        .map(([requestId]) => ({ type: 'AccountDeletionCanceled' as const, data: { requestId, userId: d.userId, reason: d.reason, by: d.by, canceledAt: d.now } }));
    }
    case 'StartErasure': {
      const d = command.data;
      const request = state.requests[d.requestId];
      if (!request || request.kind !== 'deletion' || request.status !== 'pending') return [];
      if (request.eraseAfter === null || d.now < request.eraseAfter) return [];
      if (Object.keys(state.holds).length > 0) throw new AppError('privacy-legal-hold');
      return [{ type: 'AccountErasureStarted', data: { requestId: d.requestId, userId: d.userId, startedAt: d.now } }];
    }
    case 'RecordErasure': {
      const d = command.data;
      if (state.requests[d.requestId]?.status !== 'erasing') return [];
      return [{ type: 'AccountErased', data: { requestId: d.requestId, userId: d.userId, proof: d.proof, erasedAt: d.now } }];
    }
    case 'PlaceLegalHold': {
      const d = command.data;
      if (state.holds[d.holdId]) return [];
      return [{ type: 'LegalHoldPlaced', data: { userId: d.userId, holdId: d.holdId, reason: d.reason, by: d.by, placedAt: d.now } }];
    }
    case 'LiftLegalHold': {
      const d = command.data;
      if (!state.holds[d.holdId]) throw new AppError('404');
      return [{ type: 'LegalHoldLifted', data: { userId: d.userId, holdId: d.holdId, by: d.by, liftedAt: d.now } }];
    }
    case 'SetConsent': {
      const d = command.data;
      // the version shown must be the one in force: a stale screen cannot record an old text
      if (d.textVersion !== CONSENT_TEXT_VERSIONS[d.consent]) throw new AppError('app/bed-request', undefined, [{ path: 'textVersion', message: 'not the text version in force', code: 'custom' }]);
      const current = state.consents[d.consent];
      if (current && current.given === d.given && current.textVersion === d.textVersion) return [];
      return d.given
        ? [{ type: 'ConsentGiven', data: { userId: d.userId, consent: d.consent, textVersion: d.textVersion, givenAt: d.now } }]
        : [{ type: 'ConsentWithdrawn', data: { userId: d.userId, consent: d.consent, textVersion: d.textVersion, withdrawnAt: d.now } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

const withStatus = (state: PrivacyState, requestId: string, status: PrivacyRequestStatus, changes: Partial<PrivacyRequest> = {}): PrivacyState => {
  const request = state.requests[requestId];
  return request ? { ...state, requests: { ...state.requests, [requestId]: { ...request, ...changes, status } } } : state;
};
const opened = (kind: PrivacyRequestKind, requestedAt: string, dueAt: string, eraseAfter: string | null): PrivacyRequest => ({
  kind,
  status: 'pending',
  requestedAt,
  dueAt,
  eraseAfter,
  honouredAt: null,
  canceledAt: null,
  canceledReason: null,
  expiresAt: null,
  fileId: null,
});

export function evolvePrivacy(state: PrivacyState, event: PrivacyEvent): PrivacyState {
  switch (event.type) {
    case 'DataExportRequested':
      return { ...state, requests: { ...state.requests, [event.data.requestId]: opened('export', event.data.requestedAt, event.data.dueAt, null) } };
    case 'DataExportPrepared':
      return withStatus(state, event.data.requestId, 'honoured', { honouredAt: event.data.preparedAt, expiresAt: event.data.expiresAt, fileId: event.data.fileId });
    case 'AccountDeletionRequested':
      return { ...state, requests: { ...state.requests, [event.data.requestId]: opened('deletion', event.data.requestedAt, event.data.dueAt, event.data.eraseAfter) } };
    case 'AccountDeletionCanceled':
      return withStatus(state, event.data.requestId, 'canceled', { canceledAt: event.data.canceledAt, canceledReason: event.data.reason });
    case 'AccountErasureStarted':
      return withStatus(state, event.data.requestId, 'erasing');
    case 'AccountErased':
      return { ...withStatus(state, event.data.requestId, 'honoured', { honouredAt: event.data.erasedAt }), erased: true };
    case 'LegalHoldPlaced':
      return { ...state, holds: { ...state.holds, [event.data.holdId]: { reason: event.data.reason, placedAt: event.data.placedAt } } };
    case 'LegalHoldLifted': {
      const { [event.data.holdId]: _lifted, ...holds } = state.holds;
      return { ...state, holds };
    }
    case 'ConsentGiven':
      return { ...state, consents: { ...state.consents, [event.data.consent]: { given: true, textVersion: event.data.textVersion, at: event.data.givenAt } } };
    case 'ConsentWithdrawn':
      return { ...state, consents: { ...state.consents, [event.data.consent]: { given: false, textVersion: event.data.textVersion, at: event.data.withdrawnAt } } };
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The privacy record's decider (one stream per data subject, `identity.privacy-<userId>`). */
export const privacyDecider = { decide: decidePrivacy, evolve: evolvePrivacy, initial: initialPrivacyState, events: privacyEvents };
