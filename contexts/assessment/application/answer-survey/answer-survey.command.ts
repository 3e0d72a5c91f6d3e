import { Command } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { z } from 'zod';
import type { surveyAnswerRequestSchema, surveyAnswerResponseSchema } from '../../contracts/index.js';

export class AnswerSurveyCommand extends Command<CommandOutcome<z.infer<typeof surveyAnswerResponseSchema>>> {
  constructor(
    readonly principal: Principal,
    readonly country: string,
    readonly surveyPath: string,
    readonly input: z.infer<typeof surveyAnswerRequestSchema>,
    readonly context: AppendContext,
  ) {
    super();
  }
}
