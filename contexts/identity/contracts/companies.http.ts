/**
 * HTTP contracts of the manager area's companies, company domains, reference data and lookups
 * (issue 14, 001 §3 Company, §7 Main API; ADR 0051). Paths under /api; the lookups answer option
 * lists whose labels are picked by `lang` (default pt-BR). Imports nothing but zod, the kernel and
 * this context's other contracts.
 */
import { z } from 'zod';
import { isValidBusinessCode, LOCALES, PERMISSIONS, ROLES } from '@portal/kernel';
import { REFERENCE_LISTS, type ReferenceList } from './shapes.js';
import { emailSchema } from './http.js';

/** A company domain: lowercase host name without "@" (cooperativa.com.br). */
export const companyDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, ''))
  .pipe(z.string().max(253).regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'domain'));
export const companyDomainsSchema = z.array(companyDomainSchema).max(50);

const optionalText = (max: number) => z.string().trim().max(max).nullable();
const companyPhoneSchema = z.string().trim().regex(/^\+?[0-9 ()-]{8,20}$/, 'phoneNumberInvalid').nullable();

/** 001 §3 Company: the fields an administrator edits (domains and invitation-only have their own call). */
export const companyFieldsSchema = z.object({
  name: z.string().trim().min(1, 'notEmpty').max(120),
  businessCode: z.string().trim().min(1, 'notEmpty').max(40).refine(isValidBusinessCode, 'cpf'),
  phone: companyPhoneSchema,
  contactEmail: emailSchema.nullable(),
  contactName: optionalText(120),
  contactPhone: companyPhoneSchema,
});
export type CompanyFieldsInput = z.infer<typeof companyFieldsSchema>;

/** POST /manage-users/company: a new company, with its domains and invitation-only flag. */
export const createCompanyRequestSchema = companyFieldsSchema.extend({
  domains: companyDomainsSchema.default([]),
  invitationOnly: z.boolean().default(false),
});
export type CreateCompanyRequest = z.input<typeof createCompanyRequestSchema>;
/** PUT /manage-users/company/{id}: the fields that change (at least one). */
export const updateCompanyRequestSchema = companyFieldsSchema.partial().refine((d) => Object.keys(d).length > 0, { message: 'notEmpty' });
export type UpdateCompanyRequest = z.input<typeof updateCompanyRequestSchema>;
/** PUT /manage-users/company/{id}/domains: the whole domain list after the change and the flag. */
export const companyDomainsRequestSchema = z.object({ domains: companyDomainsSchema, invitationOnly: z.boolean() });
export type CompanyDomainsRequest = z.infer<typeof companyDomainsRequestSchema>;

export const companyIdParamsSchema = z.object({ id: z.uuid({ message: 'uuidNotEmpty' }) });

/** A company as the manager area shows it (001 §3). */
export const companySchema = z.object({
  companyId: z.string(),
  name: z.string(),
  businessCode: z.string(),
  phone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  domains: z.array(z.string()),
  /** only pre-registered addresses of its domains may register (app/invalid-whitelist-email) */
  invitationOnly: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;
export const companyListQuerySchema = z.object({ text: z.string().trim().max(120).optional() });
/** GET /manage-users/company-list: every company (manage_all_companies) or the manager's own, by name. */
export const companyListResponseSchema = z.array(companySchema);

// ---------------------------------------------------------------- lookups

export const lookupQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });
export type LookupQuery = z.infer<typeof lookupQuerySchema>;
/** An option of a reference list, labelled in the asked locale. */
export const referenceOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** a sub-theme's theme, a group responsible's group */
  parentId: z.string().nullable(),
  /** choosing it asks for free text ("Other") */
  other: z.boolean(),
});
export type ReferenceOption = z.infer<typeof referenceOptionSchema>;
export const referenceOptionsResponseSchema = z.array(referenceOptionSchema);
/** GET /manage-users/reference-options: every list's active options at once (the user drawer's selects). */
export const allReferenceOptionsResponseSchema = z.record(z.enum(REFERENCE_LISTS), referenceOptionsResponseSchema);
export const groupResponsiblesQuerySchema = lookupQuerySchema.extend({
  /** free text over the label (accents folded) */
  text: z.string().trim().max(120).optional(),
  /** only the responsibles of this group */
  group: z.string().trim().max(64).optional(),
});
export type GroupResponsiblesQuery = z.infer<typeof groupResponsiblesQuerySchema>;

/** GET /manage-users/crops: the crops (the catalogue's top stations) a manager may allow. */
export const cropOptionSchema = z.object({ value: z.string(), label: z.string(), countries: z.array(z.string()) });
export const cropOptionsResponseSchema = z.array(cropOptionSchema);
/** GET /manage-users/acl-options: what the caller may grant (ADR 0050: nobody grants what they lack). */
export const aclOptionsResponseSchema = z.object({
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  aclTags: z.array(z.string()),
});
export type AclOptions = z.infer<typeof aclOptionsResponseSchema>;
/** GET /adminApi/manager-reports-lookups/acl-tags-options: the ACL tags of the catalogue (dist:all first). */
export const aclTagOptionsResponseSchema = z.array(z.object({ value: z.string(), label: z.string() }));

// ---------------------------------------------------------------- reference data administration

/** Lists whose items hang under an item of another list, and whether they must (ADR 0051). */
export const REFERENCE_PARENTS: Partial<Record<ReferenceList, { list: ReferenceList; required: boolean }>> = {
  expertSubThemes: { list: 'expertThemes', required: true },
  groupResponsibles: { list: 'groups', required: false },
};

export const referenceLabelsSchema = z.object({
  'pt-BR': z.string().trim().min(1, 'notEmpty').max(120),
  es: z.string().trim().min(1, 'notEmpty').max(120),
  en: z.string().trim().min(1, 'notEmpty').max(120),
});
export const referenceListParamsSchema = z.object({ list: z.enum(REFERENCE_LISTS) });
/** An item's id: the value users hold (userTypes keep the profile's values: Agricultor, Market Development...). */
export const referenceItemIdSchema = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/, 'referenceItemId');
export const referenceItemParamsSchema = referenceListParamsSchema.extend({ itemId: referenceItemIdSchema });
/** POST /manage-users/reference-data/{list}: adds an item (no itemId, or a new one) or changes one. */
export const saveReferenceItemRequestSchema = z.object({
  itemId: referenceItemIdSchema.optional(),
  labels: referenceLabelsSchema,
  /** required for expertSubThemes (a theme's id), optional for groupResponsibles (a group's id), refused elsewhere */
  parentId: referenceItemIdSchema.nullable().default(null),
  other: z.boolean().default(false),
});
export type SaveReferenceItemRequest = z.input<typeof saveReferenceItemRequestSchema>;
export const referenceItemSchema = z.object({
  list: z.enum(REFERENCE_LISTS),
  itemId: z.string(),
  labels: z.object({ 'pt-BR': z.string(), es: z.string(), en: z.string() }),
  parentId: z.string().nullable(),
  other: z.boolean(),
  retired: z.boolean(),
  updatedAt: z.string(),
});
export type ReferenceItem = z.infer<typeof referenceItemSchema>;
/** GET /manage-users/reference-data: every list with its items in the three locales (retired ones flagged). */
export const referenceDataResponseSchema = z.record(z.enum(REFERENCE_LISTS), z.array(referenceItemSchema));

/** HTTP routes of the manager area's companies and reference data (paths under /api). */
export const companyRoutes = {
  companyList: { method: 'GET', path: '/manage-users/company-list', query: companyListQuerySchema, response: companyListResponseSchema, summary: 'Companies in the caller\'s scope (all with manage_all_companies, else the manager\'s own), by name' },
  company: { method: 'GET', path: '/manage-users/company/:id', params: companyIdParamsSchema, response: companySchema, summary: 'A company in the caller\'s scope (404 outside it, as an unknown one)' },
  managerCompany: { method: 'GET', path: '/manage-users/manager-company', response: companySchema, summary: "The caller's own company (404 without one)" },
  createCompany: {
    method: 'POST',
    path: '/manage-users/company',
    body: createCompanyRequestSchema,
    response: companySchema,
    summary: 'Create a company (manage_all_companies)',
    errors: ['company-domain-already-in-use'],
  },
  updateCompany: { method: 'PUT', path: '/manage-users/company/:id', params: companyIdParamsSchema, body: updateCompanyRequestSchema, response: companySchema, summary: "Change a company's fields (manage_all_companies)" },
  changeCompanyDomains: {
    method: 'PUT',
    path: '/manage-users/company/:id/domains',
    params: companyIdParamsSchema,
    body: companyDomainsRequestSchema,
    response: companySchema,
    summary: "Set a company's domains and invitation-only flag (manage_all_companies); a domain belongs to one company only",
    errors: ['company-domain-already-in-use'],
  },
  aclOptions: { method: 'GET', path: '/manage-users/acl-options', response: aclOptionsResponseSchema, summary: 'The roles, permissions and ACL tags the caller may grant' },
  crops: { method: 'GET', path: '/manage-users/crops', query: lookupQuerySchema, response: cropOptionsResponseSchema, summary: 'The crops (top stations of the catalogue) for allowed crops' },
  groups: { method: 'GET', path: '/manage-users/groups', query: lookupQuerySchema, response: referenceOptionsResponseSchema, summary: 'The groups (reference data)' },
  regionOptions: { method: 'GET', path: '/manage-users/region-options', query: lookupQuerySchema, response: referenceOptionsResponseSchema, summary: 'The regions (reference data)' },
  businessUnityOptions: { method: 'GET', path: '/manage-users/business-unity-options', query: lookupQuerySchema, response: referenceOptionsResponseSchema, summary: 'The business units (reference data)' },
  groupResponsiblesList: {
    method: 'GET',
    path: '/manage-users/group-responsibles-list',
    query: groupResponsiblesQuerySchema,
    response: referenceOptionsResponseSchema,
    summary: 'The group responsibles (reference data), filtered by text and group',
  },
  referenceOptions: { method: 'GET', path: '/manage-users/reference-options', query: lookupQuerySchema, response: allReferenceOptionsResponseSchema, summary: "Every reference list's active options (the user form's selects)" },
  aclTagsOptions: { method: 'GET', path: '/adminApi/manager-reports-lookups/acl-tags-options', response: aclTagOptionsResponseSchema, summary: 'The ACL tags of the catalogue (report filters)' },
  referenceData: { method: 'GET', path: '/manage-users/reference-data', response: referenceDataResponseSchema, summary: 'Every reference list with its items in three locales (manage_all_companies)' },
  saveReferenceItem: {
    method: 'POST',
    path: '/manage-users/reference-data/:list',
    params: referenceListParamsSchema,
    body: saveReferenceItemRequestSchema,
    response: referenceItemSchema,
    summary: 'Add or change a reference item (manage_all_companies)',
    errors: ['reference-item-invalid'],
  },
  retireReferenceItem: {
    method: 'DELETE',
    path: '/manage-users/reference-data/:list/:itemId',
    params: referenceItemParamsSchema,
    response: referenceItemSchema,
    summary: 'Retire a reference item: it leaves the options, users keep their value (manage_all_companies)',
    errors: ['reference-item-invalid'],
  },
} as const;
