import { Query } from '@nestjs/cqrs';
import type { Locale } from '@portal/kernel';
import type { PageSection, PageSummary } from '../../contracts/index.js';

export class ListPagesQuery extends Query<PageSummary[]> {
  constructor(
    readonly section: PageSection,
    readonly lang: Locale,
  ) {
    super();
  }
}
