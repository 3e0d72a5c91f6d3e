/**
 * HTTP contract of bulk onboarding (issue 14 "Bulk onboarding", ADR 0055): a CSV file of users of
 * one company, previewed (dryRun) and imported, idempotent by e-mail. The columns and the headers
 * accepted in pt-BR, es and en live here so the API parses them and the SPA writes its template
 * with the same names. Shared by the API and the SPA.
 */
import { z } from 'zod';
import { foldText, LOCALES, type Locale } from '@portal/kernel';
import { uuidNotEmptySchema } from './user-admin.http.js';

/** At most this many data rows in one file (the header row not counted). */
export const IMPORT_MAX_ROWS = 10_000;
/** At most this many bytes in one file (the multipart limit of the API). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The fields a row may name: 001 §3 "User (manager view)" and the access fields; the company is the file's. */
export const IMPORT_FIELDS = [
  'email',
  'name',
  'country',
  'state',
  'city',
  'phone',
  'userType',
  'otherUserType',
  'actingArea',
  'otherActingArea',
  'defaultStation',
  'isInnerEmployee',
  'salesTeam',
  'dn',
  'regional',
  'position',
  'group',
  'responsible',
  'region',
  'businessRegion',
  'businessUnit',
  'expertState',
  'theme',
  'subTheme',
  'roles',
  'permissions',
  'aclTags',
  'allowedStations',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/**
 * Each column's header in the three locales (the template writes these) and further names it is
 * known by. A header is matched with accents, case, spaces and punctuation ignored ("E-mail",
 * "email", "Correo electrónico"); the field's own name (userType) is accepted too.
 */
export const IMPORT_COLUMNS: Record<ImportField, { headers: Record<Locale, string>; aliases?: readonly string[] }> = {
  email: { headers: { 'pt-BR': 'E-mail', es: 'Correo', en: 'Email' }, aliases: ['Correo electrónico', 'Endereço de e-mail', 'Email address', 'Mail', 'E-mail address'] },
  name: { headers: { 'pt-BR': 'Nome', es: 'Nombre', en: 'Name' }, aliases: ['Nome completo', 'Nombre completo', 'Full name', 'Nome e sobrenome', 'Nombre y apellido'] },
  country: { headers: { 'pt-BR': 'País', es: 'País', en: 'Country' }, aliases: ['Código do país', 'Código de país', 'Country code'] },
  state: { headers: { 'pt-BR': 'Estado', es: 'Estado', en: 'State' }, aliases: ['UF', 'Provincia', 'Province'] },
  city: { headers: { 'pt-BR': 'Cidade', es: 'Ciudad', en: 'City' }, aliases: ['Município', 'Municipio', 'Localidad', 'Town'] },
  phone: { headers: { 'pt-BR': 'Telefone', es: 'Teléfono', en: 'Phone' }, aliases: ['Celular', 'Telephone', 'Móvil', 'Mobile', 'Phone number'] },
  userType: { headers: { 'pt-BR': 'Tipo de usuário', es: 'Tipo de usuario', en: 'User type' } },
  otherUserType: { headers: { 'pt-BR': 'Outro tipo de usuário', es: 'Otro tipo de usuario', en: 'Other user type' } },
  actingArea: { headers: { 'pt-BR': 'Área de atuação', es: 'Área de actuación', en: 'Acting area' } },
  otherActingArea: { headers: { 'pt-BR': 'Outra área de atuação', es: 'Otra área de actuación', en: 'Other acting area' } },
  defaultStation: { headers: { 'pt-BR': 'Cultura preferida', es: 'Cultivo preferido', en: 'Preferred crop' } },
  isInnerEmployee: { headers: { 'pt-BR': 'Funcionário interno', es: 'Empleado interno', en: 'Inner employee' } },
  salesTeam: { headers: { 'pt-BR': 'Equipe de vendas', es: 'Equipo de ventas', en: 'Sales team' } },
  dn: { headers: { 'pt-BR': 'DN', es: 'DN', en: 'DN' } },
  regional: { headers: { 'pt-BR': 'Regional', es: 'Regional', en: 'Regional' } },
  position: { headers: { 'pt-BR': 'Cargo', es: 'Cargo', en: 'Position' } },
  group: { headers: { 'pt-BR': 'Grupo', es: 'Grupo', en: 'Group' } },
  responsible: { headers: { 'pt-BR': 'Responsável', es: 'Responsable', en: 'Responsible' } },
  region: { headers: { 'pt-BR': 'Região', es: 'Región', en: 'Region' } },
  businessRegion: { headers: { 'pt-BR': 'Região de negócio', es: 'Región de negocio', en: 'Business region' } },
  businessUnit: { headers: { 'pt-BR': 'Unidade de negócio', es: 'Unidad de negocio', en: 'Business unit' } },
  expertState: { headers: { 'pt-BR': 'Estado do especialista', es: 'Estado del experto', en: "Expert's state" } },
  theme: { headers: { 'pt-BR': 'Tema', es: 'Tema', en: 'Theme' } },
  subTheme: { headers: { 'pt-BR': 'Subtema', es: 'Subtema', en: 'Sub-theme' } },
  roles: { headers: { 'pt-BR': 'Papéis', es: 'Roles', en: 'Roles' }, aliases: ['Perfis', 'Perfiles', 'Papel', 'Perfil', 'Rol', 'Role'] },
  permissions: { headers: { 'pt-BR': 'Permissões', es: 'Permisos', en: 'Permissions' } },
  aclTags: { headers: { 'pt-BR': 'Tags ACL', es: 'Etiquetas ACL', en: 'ACL tags' } },
  allowedStations: { headers: { 'pt-BR': 'Culturas permitidas', es: 'Cultivos permitidos', en: 'Allowed crops' } },
};

/**
 * A name given in two columns, first and last (`first_name,last_name`, "Nome;Sobrenome"): the two
 * cells joined by a space are the row's name (ADR 0082). A file has either a name column or these.
 */
export const NAME_PARTS = ['first', 'last'] as const;
export type NamePart = (typeof NAME_PARTS)[number];
export const IMPORT_NAME_PART_HEADERS: Record<NamePart, readonly string[]> = {
  first: ['Primeiro nome', 'Prenome', 'Primer nombre', 'First name', 'Given name', 'firstName'],
  last: ['Sobrenome', 'Último nome', 'Apellido', 'Apellidos', 'Last name', 'Surname', 'Family name', 'lastName'],
};

/**
 * The columns a file must have (ADR 0082): the e-mail, and the name (a name column, or at least a
 * first-name column). Without one the file is refused, preview included: import-column-missing.
 */
export const IMPORT_REQUIRED_FIELDS = ['email', 'name'] as const satisfies readonly ImportField[];

/** How headers are compared: accents, case, spaces and punctuation ignored. */
export const headerKey = (header: string): string => foldText(header).replace(/[^a-z0-9]/g, '');

/** What a header names: a field, and for the name given in two columns which part. */
export interface ImportHeaderMeaning {
  field: ImportField;
  part?: NamePart;
}

/** Every accepted header (by headerKey) and what it names. */
export const IMPORT_HEADER_KEYS: ReadonlyMap<string, ImportHeaderMeaning> = (() => {
  const keys = new Map<string, ImportHeaderMeaning>();
  const add = (name: string, meaning: ImportHeaderMeaning) => {
    const key = headerKey(name);
    const known = keys.get(key);
    if (known && (known.field !== meaning.field || known.part !== meaning.part)) throw new Error(`import header "${name}" names both ${known.field} and ${meaning.field}`);
    keys.set(key, meaning);
  };
  for (const field of IMPORT_FIELDS) {
    const { headers, aliases = [] } = IMPORT_COLUMNS[field];
    for (const name of [field, ...Object.values(headers), ...aliases]) add(name, { field });
  }
  for (const part of NAME_PARTS) for (const name of IMPORT_NAME_PART_HEADERS[part]) add(name, { field: 'name', part });
  return keys;
})();

/** Every name a column is known by besides its header in `lang`: the other locales' headers and the aliases (the template lists them). */
export const importColumnAliases = (field: ImportField, lang: Locale): string[] => {
  const { headers, aliases = [] } = IMPORT_COLUMNS[field];
  const names = [...Object.values(headers), ...aliases].filter((n) => n !== headers[lang]);
  return [...new Set(names)];
};

/** The template's header row in a locale: every column, in IMPORT_FIELDS order. */
export const importTemplateHeaders = (lang: Locale): string[] => IMPORT_FIELDS.map((f) => IMPORT_COLUMNS[f].headers[lang]);

/** `true`/`false` in a query string. */
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * POST /manage-users/import query. `companyId`: the file's company (default the manager's own;
 * another only with manage_all_companies, else company-invalid). `dryRun`: judge every row and
 * write nothing. `sendInvitations`: mail the invitation to each user the import creates, in `lang`
 * (default the manager's).
 */
export const importUsersQuerySchema = z.object({
  companyId: uuidNotEmptySchema.optional(),
  dryRun: flag.default(false),
  sendInvitations: flag.default(false),
  lang: z.enum(LOCALES).optional(),
});
export type ImportUsersQuery = z.infer<typeof importUsersQuerySchema>;

/** The multipart body: the CSV file in the field `file`. */
export const importUsersFormSchema = z.object({
  file: z.string().meta({
    format: 'binary',
    description: `CSV (UTF-8 or Windows-1252; comma, semicolon or tab separated), a header row then at most ${IMPORT_MAX_ROWS} rows, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  }),
});

/**
 * One problem with a row: the field (an ImportField, or `row`) and a code. Codes: the 001 §5
 * validation keys (required, email, maxLength with `limit`, lettersOnly, phoneNumberInvalid,
 * notEmpty), catalogue codes (email-already-in-use, company-email-already-in-use,
 * reference-item-invalid for a value no reference list or crop has), the access policy's
 * `not-held`, `needs:manage_companies_managers`, `needs:manage_all_companies`, `own-access`, and
 * the import's own `invalid-value` (not one of the values the column takes) and
 * `duplicate-in-file` (the address is on an earlier row, whose `line` is `limit`).
 */
export const importRowErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  /** the offending value (a role, a tag, an unknown reference value) */
  value: z.string().optional(),
  /** maxLength's length; duplicate-in-file's earlier line */
  limit: z.number().int().optional(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'invalid'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** A parsed value as the preview shows it: text, yes/no, a list; allowedStations is "all" or the crops' ids. */
export const importValueSchema = z.union([z.string(), z.boolean(), z.array(z.string())]);

export const importRowSchema = z.object({
  /** the row's line in the file (the header is line 1; a row with line breaks inside quoted cells: its last line) */
  line: z.number().int(),
  email: z.string().nullable(),
  action: z.enum(IMPORT_ACTIONS),
  /** the existing user the row updates or leaves as is (null for a new or invalid row; a created row's new id after the import) */
  userId: z.string().nullable(),
  /** what the row names, parsed (reference values as their ids); empty cells are left out */
  values: z.partialRecord(z.enum(IMPORT_FIELDS), importValueSchema),
  /** the fields an update changes */
  changes: z.array(z.enum(IMPORT_FIELDS)),
  errors: z.array(importRowErrorSchema),
  /** an invitation mail went out for this row */
  invited: z.boolean(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importUsersResponseSchema = z.object({
  dryRun: z.boolean(),
  companyId: z.string(),
  /** the file's columns in order: the field each names, null for one the import does not know (ignored) */
  columns: z.array(z.object({ header: z.string(), field: z.enum(IMPORT_FIELDS).nullable(), part: z.enum(NAME_PARTS).optional() })),
  totals: z.object({
    rows: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    invalid: z.number().int(),
    invited: z.number().int(),
  }),
  rows: z.array(importRowSchema),
});
export type ImportUsersResponse = z.infer<typeof importUsersResponseSchema>;

/** HTTP route of bulk onboarding (path under /api). */
export const userImportRoutes = {
  importUsers: {
    method: 'POST',
    path: '/manage-users/import',
    query: importUsersQuerySchema,
    form: importUsersFormSchema,
    response: importUsersResponseSchema,
    summary:
      'Import users of one company from a CSV file (multipart field "file"): with dryRun=true a preview of every row (its parsed values, errors and whether it creates, updates or leaves a user), else the valid rows are written and the same report answered. Idempotent by e-mail: rows equal to the stored user change nothing (ADR 0055)',
    errors: ['company-invalid', 'import-too-large', 'import-column-missing'],
  },
} as const;
