import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import {
  groupResponsiblesQuerySchema,
  lookupQuerySchema,
  REFERENCE_LISTS,
  type GroupResponsiblesQuery,
  type LookupQuery,
  type ReferenceList,
  type ReferenceOption,
} from '../../contracts/index.js';
import { ListReferenceOptionsQuery, type ReferenceOptions } from './list-reference-options.query.js';

/** The reference lists' options of 001 §7 (groups, regions, business units, group responsibles) and all lists at once; the manager area. */
@Controller('manage-users')
export class ListReferenceOptionsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  private async one(req: PortalRequest, list: ReferenceList, query: LookupQuery & { text?: string; group?: string }): Promise<ReferenceOption[]> {
    const { lang, ...filter } = query;
    const options = await this.queries.execute(new ListReferenceOptionsQuery(requireUser(req.principal), [list], lang ?? 'pt-BR', filter, req));
    return options[list] ?? [];
  }

  @Get('groups')
  @Authorized()
  groups(@ZodQuery(lookupQuerySchema) query: LookupQuery, @CurrentRequest() req: PortalRequest): Promise<ReferenceOption[]> {
    return this.one(req, 'groups', query);
  }

  @Get('region-options')
  @Authorized()
  regions(@ZodQuery(lookupQuerySchema) query: LookupQuery, @CurrentRequest() req: PortalRequest): Promise<ReferenceOption[]> {
    return this.one(req, 'regions', query);
  }

  @Get('business-unity-options')
  @Authorized()
  businessUnits(@ZodQuery(lookupQuerySchema) query: LookupQuery, @CurrentRequest() req: PortalRequest): Promise<ReferenceOption[]> {
    return this.one(req, 'businessUnits', query);
  }

  @Get('group-responsibles-list')
  @Authorized()
  groupResponsibles(@ZodQuery(groupResponsiblesQuerySchema) query: GroupResponsiblesQuery, @CurrentRequest() req: PortalRequest): Promise<ReferenceOption[]> {
    return this.one(req, 'groupResponsibles', query);
  }

  @Get('reference-options')
  @Authorized()
  all(@ZodQuery(lookupQuerySchema) query: LookupQuery, @CurrentRequest() req: PortalRequest): Promise<ReferenceOptions> {
    return this.queries.execute(new ListReferenceOptionsQuery(requireUser(req.principal), REFERENCE_LISTS, query.lang ?? 'pt-BR', {}, req));
  }
}
