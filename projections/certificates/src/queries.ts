import type { Kysely, Selectable } from 'kysely';
import type { CertificatesDB, CertIssuedTable } from './schema.js';
import { jsonValue } from '@portal/database';
import type { CertificateLockReason, StationRuleStatus } from '@portal/scoring/contracts/certificate-rule';
import { iso } from '@portal/kernel';

const parse = jsonValue;

export interface IssuedCertificateRow {
  issuedId: string;
  actor: string;
  certificateId: string;
  cropId: string;
  holderName: string | null;
  lang: string;
  title: Record<string, string>;
  rules: StationRuleStatus[];
  issuedAt: string;
}
const toIssued = (r: Selectable<CertIssuedTable>): IssuedCertificateRow => ({
  issuedId: r.issued_id,
  actor: r.actor,
  certificateId: r.certificate_id,
  cropId: r.crop_id,
  holderName: r.holder_name ?? null,
  lang: r.lang,
  title: parse(r.title),
  rules: parse(r.rules),
  issuedAt: iso(r.issued_at),
});

export interface CertificateStatusRow {
  certificateId: string;
  cropId: string;
  ruleRevision: number;
  met: boolean;
  lockReason: CertificateLockReason | null;
  rules: StationRuleStatus[];
}

/** Learners whose certificate rules are met and who hold no certificate yet (the process manager's to-do list). */
export async function pendingIssues(reader: Kysely<CertificatesDB>, options: { actor?: string; limit?: number } = {}): Promise<(CertificateStatusRow & { actor: string })[]> {
  let q = reader
    .selectFrom('cert_status as s')
    .selectAll('s')
    .where('s.met', '=', true)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('cert_issued as i').select('i.issued_id').whereRef('i.actor', '=', 's.actor').whereRef('i.certificate_id', '=', 's.certificate_id'))));
  if (options.actor) q = q.where('s.actor', '=', options.actor);
  const rows = await q.orderBy('s.actor').orderBy('s.certificate_id').limit(options.limit ?? 200).execute();
  return rows.map((r) => ({
    actor: String(r.actor),
    certificateId: String(r.certificate_id),
    cropId: String(r.crop_id),
    ruleRevision: Number(r.rule_revision),
    met: Boolean(r.met),
    lockReason: r.lock_reason ?? null,
    rules: parse(r.rules),
  }));
}

/** A learner's status for every certificate rule (none until the learner has a fact). */
export async function certificateStatuses(reader: Kysely<CertificatesDB>, actor: string): Promise<CertificateStatusRow[]> {
  const rows = await reader.selectFrom('cert_status').selectAll().where('actor', '=', actor).execute();
  return rows.map((r) => ({
    certificateId: String(r.certificate_id),
    cropId: String(r.crop_id),
    ruleRevision: Number(r.rule_revision),
    met: Boolean(r.met),
    lockReason: r.lock_reason ?? null,
    rules: parse(r.rules),
  }));
}

export async function issuedCertificates(reader: Kysely<CertificatesDB>, actor: string): Promise<IssuedCertificateRow[]> {
  const rows = await reader.selectFrom('cert_issued').selectAll().where('actor', '=', actor).orderBy('issued_at').execute();
  return rows.map(toIssued);
}

export async function findIssuedCertificate(reader: Kysely<CertificatesDB>, issuedId: string): Promise<IssuedCertificateRow | null> {
  const row = await reader.selectFrom('cert_issued').selectAll().where('issued_id', '=', issuedId).executeTakeFirst();
  return row ? toIssued(row) : null;
}
