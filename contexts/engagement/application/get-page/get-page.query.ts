import { Query } from '@nestjs/cqrs';
import type { Locale } from '@portal/kernel';
import type { Page, PageSection } from '../../contracts/index.js';

export class GetPageQuery extends Query<Page> {
  constructor(
    readonly section: PageSection,
    readonly slug: string,
    readonly lang: Locale,
  ) {
    super();
  }
}
