import type { z } from 'zod';
import { foldText, PERMISSIONS, ROLES, VALIDATION_MESSAGES, type Locale, type Permission, type Role } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { findUnstorableInput, loadState } from '@portal/platform';
import type { CatalogueReader } from '@portal/learning/contracts';
import {
  aclTagSchema,
  COUNTRY_CODES,
  emailSchema,
  managedPhoneSchema,
  managedUserFieldsSchema,
  REFERENCE_LISTS,
  referenceStream,
  type ImportField,
  type ImportRowError,
  type ManagedUserDetails,
  type ReferenceList,
} from '../../contracts/index.js';
import { referenceListDecider, type ImportRowInput } from '../../domain/index.js';

/** The detail fields whose values are items of a reference list (ADR 0051), as the user drawer picks them. */
const REFERENCE_FIELDS = {
  userType: 'userTypes',
  actingArea: 'actingAreas',
  salesTeam: 'salesTeams',
  dn: 'dn',
  regional: 'regional',
  position: 'positions',
  group: 'groups',
  responsible: 'groupResponsibles',
  region: 'regions',
  businessUnit: 'businessUnits',
  theme: 'expertThemes',
  subTheme: 'expertSubThemes',
} as const satisfies Partial<Record<ImportField, ReferenceList>>;
type ReferenceField = keyof typeof REFERENCE_FIELDS;
/** Free text, checked by the upsert's field schemas. */
const TEXT_FIELDS = ['name', 'state', 'city', 'otherUserType', 'otherActingArea', 'businessRegion', 'expertState'] as const;

/** How cell values are compared with ids and labels: accents, case and spacing ignored. */
const valueKey = (text: string): string => foldText(text).replace(/[\s_-]+/g, ' ').trim();

const YES = new Set(['sim', 's', 'yes', 'y', 'si', 'true', '1', 'x', 'verdadeiro', 'verdadero']);
const NO = new Set(['nao', 'n', 'no', 'false', '0', 'falso']);
/** allowedStations: every crop, present and future. */
const ALL_CROPS = new Set(['all', 'todas', 'todos', 'all crops', 'todas as culturas', 'todos los cultivos']);
/** A list cell: values separated by semicolons, commas or bars. */
const listOf = (cell: string): string[] => cell.split(/[;,|]/).map((v) => v.trim()).filter((v) => v !== '');

/**
 * What the import resolves cell values against: the reference lists' active items and the crops
 * (the catalogue's active top stations), each by its id or its label in any locale.
 */
export interface ImportReferences {
  /** the item id a cell names in a list, or null */
  item(list: ReferenceList, text: string): string | null;
  /** an item's parent item (a sub-theme's theme, a responsible's group), or null */
  parentOf(list: ReferenceList, itemId: string): string | null;
  /** the crop (station id) a cell names, or null */
  crop(text: string): string | null;
}

const byKey = (entries: { id: string; names: string[] }[]): Map<string, string> => {
  const map = new Map<string, string>();
  for (const { id, names } of entries) for (const name of [id, ...names]) if (!map.has(valueKey(name))) map.set(valueKey(name), id);
  return map;
};

/** Whether a parsed row names a crop the catalogue did not know (then the import reads it again, fresh, once). */
export const missesCrop = (row: ParsedImportRow): boolean => row.errors.some((e) => (e.field === 'allowedStations' || e.field === 'defaultStation') && e.code === 'reference-item-invalid');

/**
 * Reads the reference lists from their streams (identity's own state) and the crops from the
 * catalogue (`fresh`: after waiting for its read model to hold everything committed), once per import.
 */
export async function loadImportReferences(store: EventStore, catalogue: CatalogueReader, options: { fresh?: boolean } = {}): Promise<ImportReferences> {
  const lists = new Map<ReferenceList, { keys: Map<string, string>; parents: Map<string, string | null> }>();
  await Promise.all(
    REFERENCE_LISTS.map(async (list) => {
      const { state } = await loadState(store, referenceStream(list), referenceListDecider);
      const active = Object.entries(state.items).filter(([, item]) => !item.retired);
      lists.set(list, {
        keys: byKey(active.map(([id, item]) => ({ id, names: Object.values(item.labels) }))),
        parents: new Map(active.map(([id, item]) => [id, item.parentId])),
      });
    }),
  );
  const model = await (options.fresh ? catalogue.fresh() : catalogue.model());
  const crops = byKey(
    model.ordered
      .map((id) => model.stations.get(id)!)
      .filter((s) => s.isActive && !s.parent)
      .map((s) => ({ id: s.stationId, names: Object.values(s.title as Record<Locale, string>) })),
  );
  return {
    item: (list, text) => lists.get(list)?.keys.get(valueKey(text)) ?? null,
    parentOf: (list, itemId) => lists.get(list)?.parents.get(itemId) ?? null,
    crop: (text) => crops.get(valueKey(text)) ?? null,
  };
}

/** A zod issue as the row's error code: the 001 §5 key the contract names, email, or invalid-value. */
function issueError(field: ImportField, issue: z.core.$ZodIssue): ImportRowError {
  if ((VALIDATION_MESSAGES as readonly string[]).includes(issue.message)) {
    return { field, code: issue.message, ...(issue.code === 'too_big' ? { limit: Number(issue.maximum) } : {}) };
  }
  if (issue.code === 'too_big') return { field, code: 'maxLength', limit: Number(issue.maximum) };
  if (issue.code === 'invalid_format' && issue.format === 'email') return { field, code: 'email' };
  return { field, code: 'invalid-value' };
}

/** One row parsed: the upsert's input for the domain (null when a cell is wrong), what the preview shows, the errors. */
export interface ParsedImportRow {
  input: ImportRowInput | null;
  values: Partial<Record<ImportField, string | boolean | string[]>>;
  errors: ImportRowError[];
}

/**
 * Parses a row's cells with the upsert's field schemas (user-admin.http.ts): an empty cell names
 * nothing (the field is left as it is); reference fields take an item's id or label in any locale;
 * lists (roles, permissions, ACL tags, crops) are separated by ; , or |; a yes/no in pt-BR, es or en.
 */
export function parseImportRow(cells: Partial<Record<ImportField, string>>, refs: ImportReferences): ParsedImportRow {
  const errors: ImportRowError[] = [];
  const values: ParsedImportRow['values'] = {};
  const details: Record<string, unknown> = {};
  const access: ImportRowInput['access'] = {};
  const fail = (field: ImportField, code: string, value?: string) => errors.push({ field, code, ...(value !== undefined ? { value } : {}) });
  const check = <S extends z.ZodType>(field: ImportField, schema: S, value: unknown): z.output<S> | undefined => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    errors.push(issueError(field, result.error.issues[0]!));
    return undefined;
  };

  for (const [key, cell] of Object.entries(cells) as [ImportField, string][]) {
    if (findUnstorableInput(cell)) {
      fail(key, 'invalid-value');
      continue;
    }
    values[key] = cell;
  }
  const cell = (field: ImportField): string | undefined => (errors.some((e) => e.field === field) ? undefined : cells[field]);

  const emailCell = cell('email');
  const email = emailCell === undefined ? (fail('email', 'required'), undefined) : check('email', emailSchema, emailCell);
  if (email !== undefined) values.email = email;

  for (const field of TEXT_FIELDS) {
    const text = cell(field);
    if (text === undefined) continue;
    const parsed = check(field, managedUserFieldsSchema.shape[field], text);
    if (parsed !== undefined) details[field] = parsed;
  }
  const country = cell('country');
  if (country !== undefined) {
    const code = country.toUpperCase();
    if ((COUNTRY_CODES as readonly string[]).includes(code)) details.country = values.country = code;
    else fail('country', 'invalid-value', country);
  }
  const phone = cell('phone');
  if (phone !== undefined) {
    const parsed = check('phone', managedPhoneSchema, phone);
    if (parsed !== undefined) details.phone = parsed;
  }
  const inner = cell('isInnerEmployee');
  if (inner !== undefined) {
    const key = valueKey(inner);
    if (YES.has(key) || NO.has(key)) details.isInnerEmployee = values.isInnerEmployee = YES.has(key);
    else fail('isInnerEmployee', 'invalid-value', inner);
  }
  for (const [field, list] of Object.entries(REFERENCE_FIELDS) as [ReferenceField, ReferenceList][]) {
    const text = cell(field);
    if (text === undefined) continue;
    const itemId = refs.item(list, text);
    if (itemId === null) fail(field, 'reference-item-invalid', text);
    else details[field] = values[field] = itemId;
  }
  // a sub-theme belongs to its theme, a responsible (when it names one) to its group
  for (const [child, parent] of [['subTheme', 'theme'], ['responsible', 'group']] as const) {
    const childId = details[child] as string | undefined;
    const parentId = details[parent] as string | undefined;
    if (childId === undefined || parentId === undefined) continue;
    const owner = refs.parentOf(REFERENCE_FIELDS[child], childId);
    if (owner !== null && owner !== parentId) fail(child, 'reference-item-invalid', cells[child]);
  }
  const station = cell('defaultStation');
  if (station !== undefined) {
    const crop = refs.crop(station);
    if (crop === null) fail('defaultStation', 'reference-item-invalid', station);
    else details.defaultStation = values.defaultStation = crop;
  }

  const roles = cell('roles');
  if (roles !== undefined) {
    const parsed = listOf(roles).map((r) => ({ r, role: ROLES.find((x) => x === r.toLowerCase()) }));
    for (const { r } of parsed.filter((p) => !p.role)) fail('roles', 'invalid-value', r);
    access.roles = [...new Set(parsed.flatMap((p) => (p.role ? [p.role as Role] : [])))];
    values.roles = access.roles;
  }
  const permissions = cell('permissions');
  if (permissions !== undefined) {
    const parsed = listOf(permissions).map((p) => ({ p, permission: PERMISSIONS.find((x) => x === p.toLowerCase()) }));
    for (const { p } of parsed.filter((x) => !x.permission)) fail('permissions', 'invalid-value', p);
    access.permissions = [...new Set(parsed.flatMap((x) => (x.permission ? [x.permission as Permission] : [])))];
    values.permissions = access.permissions;
  }
  const tags = cell('aclTags');
  if (tags !== undefined) {
    const parsed = listOf(tags).map((tag) => ({ tag, ok: aclTagSchema.safeParse(tag.toLowerCase()) }));
    for (const { tag } of parsed.filter((x) => !x.ok.success)) fail('aclTags', 'invalid-value', tag);
    access.aclTags = [...new Set(parsed.flatMap((x) => (x.ok.success ? [x.ok.data] : [])))];
    values.aclTags = access.aclTags;
  }
  const crops = cell('allowedStations');
  if (crops !== undefined) {
    if (ALL_CROPS.has(valueKey(crops))) {
      access.allowedStations = 'all';
      values.allowedStations = 'all';
    } else {
      const ids: string[] = [];
      for (const name of listOf(crops)) {
        const crop = refs.crop(name);
        if (crop === null) fail('allowedStations', 'reference-item-invalid', name);
        else if (!ids.includes(crop)) ids.push(crop);
      }
      access.allowedStations = Object.fromEntries(ids.map((id) => [id, true as const]));
      values.allowedStations = ids;
    }
  }
  const input = email !== undefined && errors.length === 0 ? { email, details: details as ManagedUserDetails, access } : null;
  return { input, values, errors };
}
