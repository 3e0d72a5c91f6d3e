import { Query } from '@nestjs/cqrs';
import type { Locale } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { ExpertThemeOption } from '../../contracts/index.js';

export class ListExpertThemesQuery extends Query<ExpertThemeOption[]> {
  constructor(
    readonly lang: Locale,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
