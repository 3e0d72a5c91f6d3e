import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { surveyListSchema } from '../../contracts/index.js';

/** A country's public surveys (the survey page without :detail). */
export class ListSurveysQuery extends Query<z.infer<typeof surveyListSchema>> {
  constructor(readonly country: string) {
    super();
  }
}
