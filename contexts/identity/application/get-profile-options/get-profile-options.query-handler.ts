import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ACTING_AREA_VALUES, USER_TYPE_VALUES, type userProfileEditOptionsResponseSchema } from '../../contracts/index.js';
import { BRAZIL_STATES, CHOICE_LABELS, countriesFor } from '../shared/countries.js';
import { GetProfileOptionsQuery } from './get-profile-options.query.js';

/** The profile form's choices in the asked language (000 §3 lists). */
@QueryHandler(GetProfileOptionsQuery)
export class GetProfileOptionsHandler implements IQueryHandler<GetProfileOptionsQuery> {
  async execute({ lang }: GetProfileOptionsQuery): Promise<z.infer<typeof userProfileEditOptionsResponseSchema>> {
    const label = (v: string) => ({ value: v, label: CHOICE_LABELS[lang][v] ?? v });
    return {
      actingAreas: ACTING_AREA_VALUES.map(label),
      userTypes: USER_TYPE_VALUES.map(label),
      countries: countriesFor(lang),
      states: { BR: BRAZIL_STATES.map(([value, name]) => ({ value, label: name })) },
    };
  }
}
