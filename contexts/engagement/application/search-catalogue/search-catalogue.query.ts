import { Query } from '@nestjs/cqrs';
import type { Locale } from '@portal/kernel';
import type { SearchResult } from '../../contracts/index.js';

export class SearchCatalogueQuery extends Query<SearchResult[]> {
  constructor(
    readonly query: string,
    readonly lang: Locale,
  ) {
    super();
  }
}
