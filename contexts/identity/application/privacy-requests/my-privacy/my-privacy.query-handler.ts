import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import { EVENT_STORE, loadState } from '@portal/platform';
import { CONSENTS, CONSENT_TEXT_VERSIONS, LEGACY_REGISTRATION_CONSENT_VERSION, privacyStream, userEvents, userStream, type MyPrivacy } from '../../../contracts/index.js';
import { privacyDecider } from '../../../domain/index.js';
import { MyPrivacyQuery } from './my-privacy.query.js';

/**
 * Read from the subject's privacy stream (strongly consistent: the page shows a request the moment
 * it is made). The registration records its consent there (ConsentGiven with the text version the
 * screen showed); an account registered before that consented with UserRegistered.consentAt to
 * LEGACY_REGISTRATION_CONSENT_VERSION. Marketing is not given until the subject gives it.
 */
@QueryHandler(MyPrivacyQuery)
export class MyPrivacyHandler implements IQueryHandler<MyPrivacyQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ userId }: MyPrivacyQuery): Promise<MyPrivacy> {
    const [{ state }, account] = await Promise.all([loadState(this.store, privacyStream(userId), privacyDecider), this.store.readStream(userStream(userId))]);
    const registered = account.filter((e) => e.type === 'UserRegistered').map((e) => userEvents.parse(e))[0];
    const registeredAt = registered?.type === 'UserRegistered' ? registered.data.consentAt : null;
    const requests = Object.entries(state.requests)
      .map(([requestId, r]) => ({
        requestId,
        kind: r.kind,
        status: r.status,
        requestedAt: r.requestedAt,
        dueAt: r.dueAt,
        eraseAfter: r.eraseAfter,
        honouredAt: r.honouredAt,
        canceledAt: r.canceledAt,
        canceledReason: r.canceledReason,
        expiresAt: r.expiresAt,
      }))
      .sort((a, b) => (a.requestedAt < b.requestedAt ? 1 : a.requestedAt > b.requestedAt ? -1 : 0));
    const consents = CONSENTS.map((consent) => {
      const recorded = state.consents[consent];
      if (recorded) return { consent, given: recorded.given, textVersion: recorded.textVersion, at: recorded.at };
      if (consent === 'registration' && registeredAt) return { consent, given: true, textVersion: LEGACY_REGISTRATION_CONSENT_VERSION, at: registeredAt };
      return { consent, given: false, textVersion: CONSENT_TEXT_VERSIONS[consent], at: null };
    });
    return { requests, consents };
  }
}
