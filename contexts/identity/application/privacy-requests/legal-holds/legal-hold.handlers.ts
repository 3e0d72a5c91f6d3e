import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import { newId, type Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, PROJECTIONS, waitForReads, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { z } from 'zod';
import type { legalHoldSchema } from '../../../contracts/index.js';
import { decideOnPrivacy } from '../privacy-record.js';
import { LiftLegalHoldCommand, PlaceLegalHoldCommand } from './legal-hold.commands.js';
import { requireSubjectInScope } from './subject-in-scope.js';

@CommandHandler(PlaceLegalHoldCommand)
export class PlaceLegalHoldHandler implements ICommandHandler<PlaceLegalHoldCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal, userId, reason, req, context }: PlaceLegalHoldCommand): Promise<CommandOutcome<z.infer<typeof legalHoldSchema>>> {
    await waitForReads(this.projections, req, ['users']);
    await requireSubjectInScope(this.projections, principal, userId);
    const holdId = newId();
    const placedAt = this.clock.now().toISOString();
    const { checkpoint } = await decideOnPrivacy(this.store, userId, { type: 'PlaceLegalHold', data: { userId, holdId, reason, by: principal.userId, now: placedAt } }, context);
    return { value: { holdId, userId, reason, by: principal.userId, placedAt }, checkpoint };
  }
}

@CommandHandler(LiftLegalHoldCommand)
export class LiftLegalHoldHandler implements ICommandHandler<LiftLegalHoldCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal, userId, holdId, req, context }: LiftLegalHoldCommand): Promise<CommandOutcome<null>> {
    await waitForReads(this.projections, req, ['users']);
    await requireSubjectInScope(this.projections, principal, userId);
    const { checkpoint } = await decideOnPrivacy(this.store, userId, { type: 'LiftLegalHold', data: { userId, holdId, by: principal.userId, now: this.clock.now().toISOString() } }, context);
    return { value: null, checkpoint };
  }
}
