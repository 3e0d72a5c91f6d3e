import { Query } from '@nestjs/cqrs';
import type { PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { surveyViewSchema } from '../../contracts/index.js';

/** A public survey with the caller's answers (a user, or a guest by x-guest-id). */
export class ViewSurveyQuery extends Query<z.infer<typeof surveyViewSchema>> {
  constructor(
    readonly country: string,
    readonly surveyPath: string,
    /** the caller (principal) and read-your-writes (x-min-position) */
    readonly request: PortalRequest,
  ) {
    super();
  }
}
