import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE } from '@portal/platform';
import type { ActionMode } from '../../contracts/index.js';
import { loadForCode } from '../shared/action-code-owner.js';
import { CheckActionCodeQuery } from './check-action-code.query.js';

/** Checks an e-mail action link before it is used (reads the account's own state; writes nothing). */
@QueryHandler(CheckActionCodeQuery)
export class CheckActionCodeHandler implements IQueryHandler<CheckActionCodeQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ mode, oobCode }: CheckActionCodeQuery): Promise<{ mode: ActionMode; email: string }> {
    const { parsed, state } = await loadForCode(this.store, oobCode);
    const code = state.codes[parsed.codeHash];
    if (!code || code.mode !== mode) throw new AppError('invalid-action-code');
    if (code.usedAt) throw new AppError('action-already-validated');
    if (code.expiresAt <= this.clock.now().toISOString()) throw new AppError('expired-action-code');
    return { mode, email: mode === 'recoverEmail' ? code.subject ?? state.email : state.email };
  }
}
