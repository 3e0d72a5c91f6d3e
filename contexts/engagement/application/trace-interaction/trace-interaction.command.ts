import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { z } from 'zod';
import type { interactionTraceRequestSchema } from '../../contracts/index.js';

export class TraceInteractionCommand extends Command<void> {
  constructor(
    readonly actor: string,
    readonly input: z.infer<typeof interactionTraceRequestSchema>,
    readonly context: AppendContext,
  ) {
    super();
  }
}
