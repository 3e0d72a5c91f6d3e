import { registerRoutes } from '@portal/platform';
import { companyRoutes } from '../contracts/index.js';
import { ChangeCompanyDomainsController } from './change-company-domains/change-company-domains.http.controller.js';
import { ChangeCompanyDomainsHandler } from './change-company-domains/change-company-domains.handler.js';
import { CreateCompanyController } from './create-company/create-company.http.controller.js';
import { CreateCompanyHandler } from './create-company/create-company.handler.js';
import { GetAclOptionsController } from './get-acl-options/get-acl-options.http.controller.js';
import { GetAclOptionsHandler } from './get-acl-options/get-acl-options.query-handler.js';
import { GetCompanyController } from './get-company/get-company.http.controller.js';
import { GetCompanyHandler } from './get-company/get-company.query-handler.js';
import { GetManagerCompanyController } from './get-manager-company/get-manager-company.http.controller.js';
import { GetManagerCompanyHandler } from './get-manager-company/get-manager-company.query-handler.js';
import { GetReferenceDataController } from './get-reference-data/get-reference-data.http.controller.js';
import { GetReferenceDataHandler } from './get-reference-data/get-reference-data.query-handler.js';
import { ListAclTagsController } from './list-acl-tags/list-acl-tags.http.controller.js';
import { ListAclTagsHandler } from './list-acl-tags/list-acl-tags.query-handler.js';
import { ListCompaniesController } from './list-companies/list-companies.http.controller.js';
import { ListCompaniesHandler } from './list-companies/list-companies.query-handler.js';
import { ListCropsController } from './list-crops/list-crops.http.controller.js';
import { ListCropsHandler } from './list-crops/list-crops.query-handler.js';
import { ListReferenceOptionsController } from './list-reference-options/list-reference-options.http.controller.js';
import { ListReferenceOptionsHandler } from './list-reference-options/list-reference-options.query-handler.js';
import { RetireReferenceItemController } from './retire-reference-item/retire-reference-item.http.controller.js';
import { RetireReferenceItemHandler } from './retire-reference-item/retire-reference-item.handler.js';
import { SaveReferenceItemController } from './save-reference-item/save-reference-item.http.controller.js';
import { SaveReferenceItemHandler } from './save-reference-item/save-reference-item.handler.js';
import { UpdateCompanyController } from './update-company/update-company.http.controller.js';
import { UpdateCompanyHandler } from './update-company/update-company.handler.js';

registerRoutes('identity', companyRoutes);

/** The manager area's companies, domains, reference data and lookups (issue 14, ADR 0051): IdentityModule lists them. */
export const COMPANY_CONTROLLERS = [
  ListCompaniesController,
  GetCompanyController,
  GetManagerCompanyController,
  GetAclOptionsController,
  ListCropsController,
  ListReferenceOptionsController,
  ListAclTagsController,
  GetReferenceDataController,
  CreateCompanyController,
  UpdateCompanyController,
  ChangeCompanyDomainsController,
  SaveReferenceItemController,
  RetireReferenceItemController,
];
export const COMPANY_HANDLERS = [
  ListCompaniesHandler,
  GetCompanyHandler,
  GetManagerCompanyHandler,
  GetAclOptionsHandler,
  ListCropsHandler,
  ListReferenceOptionsHandler,
  ListAclTagsHandler,
  GetReferenceDataHandler,
  CreateCompanyHandler,
  UpdateCompanyHandler,
  ChangeCompanyDomainsHandler,
  SaveReferenceItemHandler,
  RetireReferenceItemHandler,
];
