import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { classifiedPaths, type EventPrivacy } from '@portal/eventstore';
import { identityEvents, erasureEvents } from '@portal/identity/contracts';
import { bookingEvents } from '@portal/booking/contracts';
import { engagementEvents } from '@portal/engagement/contracts';
import { eventsContextEvents } from '@portal/events/contracts';
import { learningEvents } from '@portal/learning/contracts';
import { assessmentEvents } from '@portal/assessment/contracts';
import { scoringEvents } from '@portal/scoring/contracts';
import { auditEvents, reportingEvents } from '@portal/reporting/contracts';
import { PRIVACY_CLASSIFICATION } from './privacy-classification.js';

const contracts: Array<{ types: readonly string[]; schemas: Record<string, z.ZodType> }> = [identityEvents, erasureEvents, bookingEvents, engagementEvents, eventsContextEvents, learningEvents, assessmentEvents, scoringEvents, reportingEvents, auditEvents];
const classification: Record<string, EventPrivacy> = PRIVACY_CLASSIFICATION;

/** An object schema's keys, through optional/nullable/default wrappers; none for anything else. */
const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> | null => {
  // zod 4's definition: wrappers carry innerType, objects their shape
  let def = (schema as unknown as { _zod: { def: { innerType?: z.ZodType; shape?: Record<string, z.ZodType> } } })._zod.def;
  while (def.innerType) def = (def.innerType as unknown as { _zod: { def: typeof def } })._zod.def;
  return def.shape ?? null;
};

/** Every field of a schema: a key, or its nested keys when the classification splits it (`details.name`). */
const fieldsOf = (schema: z.ZodType, classified: ReadonlySet<string>, prefix = ''): string[] =>
  Object.entries(shapeOf(schema) ?? {}).flatMap(([key, inner]) => {
    const path = `${prefix}${key}`;
    if (classified.has(path)) return [path];
    const nested = shapeOf(inner);
    return nested ? fieldsOf(inner, classified, `${path}.`) : [path];
  });

const catalogueTable = (): string =>
  [
    '| event | subject | personal | pseudonymous | non-personal |',
    '|---|---|---|---|---|',
    ...Object.entries(classification).map(
      ([type, p]) => `| \`${type}\` | ${p.subject.join(', ') || '–'} | ${p.personal.join(', ') || '–'} | ${p.pseudonymous.join(', ') || '–'} | ${p.nonPersonal.join(', ') || '–'} |`,
    ),
  ].join('\n');

describe('the privacy classification (ADR 0091)', () => {
  const types = contracts.flatMap((c) => c.types.map((type) => [type, c.schemas[type]!] as const));

  it('classifies every field of every stored event type, once', () => {
    const problems: string[] = [];
    for (const [type, schema] of types) {
      const privacy = classification[type];
      if (!privacy) {
        problems.push(`${type}: not classified`);
        continue;
      }
      const classified = classifiedPaths(privacy);
      const set = new Set(classified);
      if (set.size !== classified.length) problems.push(`${type}: a field is classified twice`);
      const fields = fieldsOf(schema, set);
      for (const field of fields) if (!set.has(field)) problems.push(`${type}.${field}: unclassified`);
      for (const path of set) if (!fields.includes(path)) problems.push(`${type}.${path}: classified but not a field`);
      if (privacy.personal.length > 0 && privacy.subject.length === 0) problems.push(`${type}: personal fields but no subject`);
    }
    for (const type of Object.keys(classification)) if (!types.some(([t]) => t === type)) problems.push(`${type}: classified but no contract names it`);
    expect(problems).toEqual([]);
  });

  it('is the table docs/event-catalogue.md shows', () => {
    const catalogue = readFileSync(new URL('../../../../docs/event-catalogue.md', import.meta.url), 'utf8');
    const block = /<!-- privacy-classification -->\n([\s\S]*?)\n<!-- \/privacy-classification -->/.exec(catalogue)?.[1];
    expect(block, 'paste this table between the privacy-classification markers').toBe(catalogueTable());
  });
});
