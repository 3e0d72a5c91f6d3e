import { Global, Inject, Injectable, Module } from '@nestjs/common';
import type { EventStore } from '@portal/eventstore';
import { EVENT_STORE, StreamWriter, USER_ACCOUNTS } from '@portal/platform';
import { userStream, type UserAccount, type UserAccounts, type UserEvent } from '../../contracts/index.js';
import { userDecider, type UserCommand, type UserState } from '../../domain/index.js';
import { ownerOfEmail } from './email-claims.js';

/**
 * Identity's `UserAccounts` (ADR 0062): the address's claim stream names the user, the user's
 * stream says whether they are registered or pre-registered (a deleted or abandoned holder is
 * nobody). The write path of another context reads these, never a read model.
 */
@Injectable()
export class UserAccountsService implements UserAccounts {
  private readonly users: StreamWriter<UserCommand, UserEvent, UserState>;

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {
    this.users = new StreamWriter(store, userDecider);
  }

  async byEmail(email: string): Promise<UserAccount | null> {
    const userId = await ownerOfEmail(this.store, email);
    if (!userId) return null;
    const { state } = await this.users.load(userStream(userId));
    if (state.status === 'registered') return { userId, email: state.email, lang: state.lang, hasAccount: true };
    if (state.status === 'preRegistered') return { userId, email: state.email, lang: null, hasAccount: false };
    return null;
  }
}

/** Global, so the events context injects `USER_ACCOUNTS` without importing identity's modules. */
@Global()
@Module({ providers: [UserAccountsService, { provide: USER_ACCOUNTS, useExisting: UserAccountsService }], exports: [USER_ACCOUNTS] })
export class UserAccountsModule {}
