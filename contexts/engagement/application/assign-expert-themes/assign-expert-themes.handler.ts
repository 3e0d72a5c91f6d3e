import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { expertStream, type ExpertAssignment } from '../../contracts/index.js';
import { expertDecider } from '../../domain/index.js';
import { readExpertThemeCatalogue, readIdentityUser } from '../shared/identity-reads.js';
import { AssignExpertThemesCommand } from './assign-expert-themes.command.js';

/** A reference-data administrator (manage_all_companies) sets the themes a user answers for (ADR 0072). */
@CommandHandler(AssignExpertThemesCommand)
export class AssignExpertThemesHandler implements ICommandHandler<AssignExpertThemesCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ by, userId, themeIds, context }: AssignExpertThemesCommand): Promise<CommandOutcome<ExpertAssignment>> {
    const [catalogue, user] = await Promise.all([readExpertThemeCatalogue(this.store), readIdentityUser(this.store, userId)]);
    const activeThemeIds = [...catalogue.themes].filter(([, item]) => !item.retired).map(([id]) => id);
    const now = this.clock.now().toISOString();
    const { state, events, result } = await handleCommand(
      this.store,
      expertStream(userId),
      expertDecider,
      { type: 'AssignExpertThemes', data: { userId, themeIds, userKnown: user.registered, activeThemeIds, by, now } },
      context,
    );
    const last = events.at(-1);
    return {
      value: { userId, name: user.displayName, email: user.email, themeIds: [...state.themeIds], assignedAt: last?.data.assignedAt ?? now, assignedBy: last?.data.by ?? by },
      checkpoint: result?.checkpoint ?? null,
    };
  }
}
