import { Query } from '@nestjs/cqrs';
import type { Locale } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { ReferenceList, ReferenceOption } from '../../contracts/index.js';
import type { UserPrincipal } from '../shared/manager-access.js';

export type ReferenceOptions = Partial<Record<ReferenceList, ReferenceOption[]>>;

export class ListReferenceOptionsQuery extends Query<ReferenceOptions> {
  constructor(
    readonly principal: UserPrincipal,
    readonly lists: readonly ReferenceList[],
    readonly lang: Locale,
    /** text: over the label in the asked locale, accents folded; group: the parent item */
    readonly filter: { text?: string; group?: string },
    /** the request, for read-your-writes (its x-min-position) */
    readonly req: PortalRequest,
  ) {
    super();
  }
}
