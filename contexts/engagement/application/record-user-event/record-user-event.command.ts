import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { z } from 'zod';
import type { userEventRequestSchema } from '../../contracts/index.js';

export class RecordUserEventCommand extends Command<void> {
  constructor(
    readonly actor: string,
    readonly input: z.infer<typeof userEventRequestSchema>,
    readonly context: AppendContext,
  ) {
    super();
  }
}
