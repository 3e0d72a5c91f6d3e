import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 28 item 3, ADR 0088: helpers and rules that were written two or three times are defined
 * once, in their owner's place, and imported everywhere else. This scan of the sources fails when
 * a second definition comes back (a local `const iso = ...` in a projection, an SPA `addDays`, a
 * copy of a rule in a read model); the message names the file to import from instead.
 */

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const TREES = ['apps', 'libs', 'contexts', 'projections', 'tools'];
const SKIP = new Set(['node_modules', 'dist', 'lint-fixtures', '.data', 'coverage']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (SKIP.has(d.name) || d.name.startsWith('.')) return [];
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return /\.(ts|tsx|mts|mjs)$/.test(d.name) && !d.name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = TREES.flatMap((t) => sources(join(root, t))).map((path) => ({ path: relative(root, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));

/** A definition of `name`: `const|let|var name =`, `function name(`, or `export { x as name }` is not one (a re-export). */
const definitionOf = (name: string) => new RegExp(`(?:^|[^\\w.$])(?:(?:const|let|var)\\s+${name}\\s*(?::[^=]+)?=|function\\s*\\*?\\s*${name}\\s*[<(])`, 'm');
/** A type declaration of `name`. */
const typeOf = (name: string) => new RegExp(`(?:^|[;\\s])(?:interface|type)\\s+${name}\\s*(?:[<{=]|extends\\b)`, 'm');

const SINGLE: { what: string; pattern: RegExp; home: string }[] = [
  { what: 'iso (an instant as an ISO string)', pattern: definitionOf('iso'), home: 'libs/kernel/src/clock.ts' },
  { what: 'isoOrNull', pattern: definitionOf('isoOrNull'), home: 'libs/kernel/src/clock.ts' },
  { what: 'addDays (a local date moved by days)', pattern: definitionOf('addDays'), home: 'libs/kernel/src/local-time.ts' },
  { what: 'the access claims every principal, token and SPA session carries', pattern: typeOf('UserClaims'), home: 'libs/kernel/src/principal.ts' },
  { what: 'the content status of 000 §4.1', pattern: definitionOf('contentStatusOf'), home: 'contexts/learning/contracts/content-status.ts' },
  { what: 'the progress status of 000 §4.1', pattern: definitionOf('progressStatusOf'), home: 'contexts/learning/contracts/content-status.ts' },
  { what: 'certificate eligibility (000 §4.3, 001 §4)', pattern: definitionOf('certificateStatusOf'), home: 'contexts/scoring/contracts/certificate-rule.ts' },
  { what: 'the booking range rule default (ADR 0010)', pattern: definitionOf('DEFAULT_RANGE_DAYS'), home: 'contexts/booking/domain/visitor.ts' },
];

const self = 'tools/src/single-definitions.unit.spec.ts';
const definers = (pattern: RegExp) => files.filter((f) => f.path !== self && pattern.test(f.text)).map((f) => f.path);

describe('one definition in one place (issue 28 item 3, ADR 0088)', () => {
  it.each(SINGLE)('$what is defined only in $home', ({ pattern, home }) => {
    expect(definers(pattern), `import it from ${home} instead of defining it again`).toEqual([home]);
  });

  it('the token and the SPA carry the kernel access claims rather than their own list', () => {
    const token = files.find((f) => f.path === 'libs/platform/src/token-service.ts')!.text;
    const spa = files.find((f) => f.path === 'apps/web/src/shared/session/claims.ts')!.text;
    expect(token).toMatch(/interface AccessClaims extends UserClaims\b/);
    expect(spa).toMatch(/interface AuthClaims extends UserClaims\b/);
    // the claim list is written once: no other declaration lists the token's fields beside one another
    const list = /aclTags: string\[\];\s*companyId: string \| null;\s*country: string \| null;\s*allowedStations:/;
    expect(files.filter((f) => f.path !== self && list.test(f.text)).map((f) => f.path)).toEqual(['libs/kernel/src/principal.ts']);
  });

  it('the booking range default is read from the booking domain by the app config, not written there again', () => {
    const config = files.find((f) => f.path === 'apps/api/src/config.ts')!.text;
    expect(config).toMatch(/BOOKING_RANGE_DAYS: [^\n]*\.default\(DEFAULT_RANGE_DAYS\)/);
  });

  it('the scan sees the tree and tells a definition from a use', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(definitionOf('iso').test('const iso = (v: Date) => v.toISOString();')).toBe(true);
    expect(definitionOf('iso').test('export function iso(value: unknown) {')).toBe(true);
    expect(definitionOf('addDays').test('export const addDays = (d: string, n: number): string => d;')).toBe(true);
    expect(definitionOf('iso').test('createdAt: iso(r.created_at),')).toBe(false);
    expect(definitionOf('iso').test('const isolation = 1;')).toBe(false);
    expect(definitionOf('iso').test('x.iso = 1;')).toBe(false);
    expect(typeOf('UserClaims').test('export interface UserClaims {')).toBe(true);
    expect(typeOf('UserClaims').test("import { type UserClaims } from '@portal/kernel';")).toBe(false);
  });
});
