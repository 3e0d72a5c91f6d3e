import type { Kysely } from 'kysely';
import { jsonValue } from '@portal/database';
import type { CatalogueDB } from './schema.js';
import type { CatalogueStation, CertificateRule, Question, Revised } from '@portal/learning/contracts';
import { iso } from '@portal/kernel';

const parse = jsonValue;

export interface CatalogueSnapshot {
  stations: (CatalogueStation & { revision: number; revisedAt: string })[];
  questions: Revised<Question>[];
  certificates: Revised<CertificateRule>[];
  entryDates: Record<string, { mediaUpdatedAt: string; uploadDate: string }>;
}

/** Everything live in the catalogue (retired items left out); `reader` is scoped to the live schema. */
export async function loadCatalogue(reader: Kysely<CatalogueDB>): Promise<CatalogueSnapshot> {
  const [stations, entries, questions, certificates] = await Promise.all([
    reader.selectFrom('stations').select(['data', 'revision', 'revised_at']).where('retired', '=', false).execute(),
    reader.selectFrom('entries').select(['entry_id', 'media_updated_at', 'upload_date']).where('retired', '=', false).execute(),
    reader.selectFrom('questions').select(['data', 'revision']).where('retired', '=', false).execute(),
    reader.selectFrom('certificates').select(['data', 'revision']).where('retired', '=', false).execute(),
  ]);
  return {
    stations: stations.map((r) => ({ ...parse<CatalogueStation>(r.data), revision: Number(r.revision), revisedAt: iso(r.revised_at) })),
    questions: questions.map((r) => ({ ...parse<Question>(r.data), revision: Number(r.revision) })),
    certificates: certificates.map((r) => ({ ...parse<CertificateRule>(r.data), revision: Number(r.revision) })),
    entryDates: Object.fromEntries(entries.map((r) => [String(r.entry_id), { mediaUpdatedAt: iso(r.media_updated_at), uploadDate: iso(r.upload_date) }])),
  };
}

export interface ImportRow {
  packHash: string;
  packVersion: string;
  source: string;
  revised: Record<string, string[]>;
  retired: Record<string, string[]>;
  importedAt: string;
}

export async function listImports(reader: Kysely<CatalogueDB>): Promise<ImportRow[]> {
  const rows = await reader.selectFrom('imports').selectAll().orderBy('imported_at').execute();
  return rows.map((r) => ({
    packHash: String(r.pack_hash),
    packVersion: String(r.pack_version),
    source: String(r.source),
    revised: parse(r.revised),
    retired: parse(r.retired),
    importedAt: iso(r.imported_at),
  }));
}
