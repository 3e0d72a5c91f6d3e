import { sql, type RawBuilder } from 'kysely';
import type { ReportField, RowOf } from '@portal/reporting/contracts/report-definition';
import type { ReportQuerySpec, ReportSqlContext } from './report.js';
import { iso } from '@portal/kernel';

/** A report's definition as the kit reads it (`defineReport` of contexts/reporting/contracts). */
interface Definition<Fs extends readonly ReportField[]> {
  name: string;
  fields: Fs;
}
type SortKey<Fs extends readonly ReportField[]> = Extract<Fs[number], { sortable: true }>['key'];

/**
 * A report's SQL (ADR 0070, as data: ADR 0085): its fact table, filters' columns and joins, and
 * one expression per field of its definition. The select list (`expr as "key"`, in field
 * order), the sort whitelist (the sortable fields' expressions, or `sortBy`'s where the order
 * must read another one) and the conversion of a database row to the contract's row (by each
 * field's kind and nullability) are derived from them.
 */
export function reportQuery<const Fs extends readonly ReportField[]>(
  definition: Definition<Fs>,
  spec: Omit<ReportQuerySpec<RowOf<Fs>>, 'select' | 'sortable' | 'toRow'> & {
    /** the projection it reads (projections/report-<name>) */
    projection: string;
    fields(ctx: ReportSqlContext): Record<Fs[number]['key'], RawBuilder<unknown>>;
    /** a sortable field sorted by another expression than the one it selects */
    sortBy?(ctx: ReportSqlContext): Partial<Record<SortKey<Fs>, RawBuilder<unknown>>>;
  },
): ReportQuerySpec<RowOf<Fs>> & { report: string; projection: string } {
  const { fields, sortBy, ...rest } = spec;
  const defs = definition.fields as readonly ReportField[];
  return {
    ...rest,
    report: definition.name,
    select: (ctx) => {
      const exprs = fields(ctx) as Record<string, RawBuilder<unknown>>;
      return sql.join(defs.map((f) => sql`${exprs[f.key]} as ${sql.id(f.key)}`));
    },
    sortable: (ctx) => {
      const exprs = fields(ctx) as Record<string, RawBuilder<unknown>>;
      const overrides = (sortBy?.(ctx) ?? {}) as Record<string, RawBuilder<unknown>>;
      return Object.fromEntries(defs.filter((f) => f.sortable).map((f) => [f.key, overrides[f.key] ?? exprs[f.key]!]));
    },
    toRow: (raw) => Object.fromEntries(defs.map((f) => [f.key, cell(f, raw[f.key])])) as RowOf<Fs>,
  };
}


/** A database value as the field's kind: null kept for a nullable field, else '' or 0; a code outside the field's list reads the first. */
function cell(f: ReportField, v: unknown): unknown {
  if (v === null || v === undefined) {
    if (f.nullable) return null;
    if (f.codes) return f.codes[0];
    return f.kind === 'number' ? 0 : f.kind === 'boolean' ? false : '';
  }
  switch (f.kind) {
    case 'number':
      return Number(v);
    case 'boolean':
      return Boolean(v);
    case 'datetime':
      return iso(v);
    case 'text':
      return f.codes ? (f.codes.find((c) => c === v) ?? f.codes[0]) : String(v);
  }
}
