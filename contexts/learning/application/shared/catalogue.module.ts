import { Global, Module } from '@nestjs/common';
import { CATALOGUE } from '@portal/platform';
import { CatalogueService } from './catalogue.service.js';

/**
 * The one catalogue cache of the process, global so that assessment and scoring inject it as
 * `CATALOGUE` (a `CatalogueReader` of learning's contracts) without importing learning's modules.
 */
@Global()
@Module({
  providers: [CatalogueService, { provide: CATALOGUE, useExisting: CatalogueService }],
  exports: [CatalogueService, CATALOGUE],
})
export class CatalogueModule {}
