import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { APP_CONFIG, CLOCK, EVENT_STORE, loadState, type AppConfig } from '@portal/platform';
import { COUNTRY_CODES, userStream, type CountryCode, type PreRegistration } from '../../contracts/index.js';
import { userDecider } from '../../domain/index.js';
import { parseInvitationToken } from '../shared/codes.js';
import { companyNameOf } from '../shared/managed-users.js';
import { GetPreRegistrationQuery } from './get-pre-registration.query.js';

const countryOf = (value: string | undefined): CountryCode | null => (COUNTRY_CODES as readonly string[]).includes(value ?? '') ? (value as CountryCode) : null;

/**
 * 000 §7 GET /userPreRegister (ADR 0050). By token: the token's signature and expiry, then the
 * user's own stream (the token names it, no index): the pre-registered address, name, country and
 * company for the registration form. By address: the same shape holding only the address, whether
 * or not it is pre-registered, so the call tells nobody who was invited.
 */
@QueryHandler(GetPreRegistrationQuery)
export class GetPreRegistrationHandler implements IQueryHandler<GetPreRegistrationQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ by }: GetPreRegistrationQuery): Promise<PreRegistration> {
    if ('email' in by) return { email: by.email, name: null, country: null, lang: null, companyName: null, invitation: null };
    const token = parseInvitationToken(this.config.jwtSecret, by.hash);
    if (!token) throw new AppError('invalid-action-code');
    const { state } = await loadState(this.store, userStream(token.userId), userDecider);
    if (state.status === 'registered') throw new AppError('action-already-validated', 'The invitation was used: sign in');
    if (state.status !== 'preRegistered' || !state.invitations[token.codeHash]) throw new AppError('invalid-action-code');
    if (token.expiresAt.getTime() <= this.clock.now().getTime()) throw new AppError('expired-action-code');
    const companyName = state.access.companyId ? await companyNameOf(this.store, state.access.companyId).catch(() => null) : null;
    return { email: state.email, name: state.details.name ?? null, country: countryOf(state.details.country), lang: null, companyName, invitation: by.hash };
  }
}
