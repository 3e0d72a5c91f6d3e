import { randomBytes } from 'node:crypto';
import { generate } from 'json-schema-faker';
import { z } from 'zod';
import { SECRET_FIELDS } from '@portal/eventstore';
import { auditedEvents } from '@portal/projection-audit-subjects';

/** Every stored event type of every context: the auditor's index reads them all (ADR 0071). */
export const EVERY_EVENT_TYPE: readonly string[] = auditedEvents.types;

/**
 * Strings as the writers store them where the schema only says "string": times, dates, ids,
 * addresses, small numbers (the projections write them into typed columns); a secret as a
 * 64-hex hash no other field could hold by chance.
 */
function realistic(value: unknown, key = '', seed = 0): unknown {
  if (Array.isArray(value)) return value.map((v, i) => realistic(v, key, seed + i));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v], i) => [k, realistic(v, k, seed * 31 + i)]));
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= 1000 ? value : 1 + (Math.round(Math.abs(value)) % 99);
  if (typeof value !== 'string') return value;
  if ((SECRET_FIELDS as readonly string[]).includes(key)) return randomBytes(32).toString('hex');
  if (/(At|Time|^at|^expires|^until)$/.test(key)) return new Date(Date.UTC(2026, 10, 1 + (seed % 27), 10)).toISOString();
  if (/(^d|D)ate$/.test(key)) return `2026-11-${String(1 + (seed % 27)).padStart(2, '0')}`;
  if (/(^i|I)d$/.test(key) && !/^[0-9a-f-]{36}$/.test(value)) return `0190${String(seed % 10_000).padStart(4, '0')}-0000-7000-8000-${String(seed).padStart(12, '0').slice(-12)}`;
  if (/(^e|E)mail$/.test(key)) return `probe${seed}@example.com`;
  return value;
}

/** One event type's data that its own schema accepts, generated from the schema (json-schema-faker, seeded), every optional field filled. */
export async function sampleData(type: string, seed: number): Promise<Record<string, unknown>> {
  const schema = auditedEvents.schemaOf(type);
  if (!schema) throw new Error(`no schema for ${type}`);
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  for (let attempt = 0; attempt < 20; attempt++) {
    const generated: unknown = await generate(json as never, { seed: seed * 100 + attempt, optionalsProbability: 1, alwaysFakeOptionals: true, useDefaultValue: false, maxItems: 2 } as never);
    for (const value of [realistic(generated, '', seed), generated]) if (schema.safeParse(value).success) return value as Record<string, unknown>;
  }
  throw new Error(`no data its schema accepts could be generated for ${type}`);
}

/**
 * An event of each type whose data its schema accepts, holding a value of every secret field:
 * where the schema has the field, and nested under a field no schema reads (`auditProbe`, at the
 * top, in an object and in a list), unless that makes the schema refuse the data.
 */
export async function everyEventWithSecrets(seed: number): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const events: { type: string; data: Record<string, unknown> }[] = [];
  for (const [i, type] of EVERY_EVENT_TYPE.entries()) {
    const data = await sampleData(type, seed + i);
    const secrets = Object.fromEntries(SECRET_FIELDS.map((f) => [f, randomBytes(32).toString('hex')]));
    const probed = { ...data, auditProbe: { ...secrets, nested: { ...secrets }, items: [secrets] } };
    events.push({ type, data: auditedEvents.schemaOf(type)!.safeParse(probed).success ? probed : data });
  }
  return events;
}
