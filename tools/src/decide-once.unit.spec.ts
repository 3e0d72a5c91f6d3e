import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decide once (ADR 0087): an application layer never runs a decider itself to find out what it
 * would decide (a dry run before the decider runner decides the same command again). Reservations
 * in other streams come first and their outcome goes into the command; the decision is made by
 * the runner (`handleCommand`, `StreamWriter`, a context's writer). A static scan of every
 * `contexts/<context>/application/**` source for a `<name>Decider.decide(` call or a call of a
 * domain's decide function by name (`decideScheduledEvent(`).
 */
const root = join(import.meta.dirname, '..', '..');
const contextsDir = join(root, 'contexts');

/** Where a direct decision is the design, or not migrated yet (file: why). */
const ALLOWED: Record<string, string> = {
  // the imports' dry runs: one decision on the stream as loaded, appending nothing
  'contexts/events/application/shared/event-writer.ts': 'ScheduledEventWriter.judge',
  // still dry-runs the user decider before claiming the address (not in issue 28's list; see ADR 0087)
  'contexts/identity/application/upsert-managed-user/upsert-managed-user.handler.ts': 'not migrated yet',
};

const DIRECT_DECISION = /\b[a-z]\w*Decider\.decide\(/;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'testing' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.spec.') ? [path] : [];
  });

const layerSources = (layer: 'application' | 'domain'): string[] =>
  readdirSync(contextsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const dir = join(contextsDir, d.name, layer);
      try {
        return sources(dir);
      } catch {
        return [];
      }
    });

/** The decide functions the domains export as their deciders' `decide` (`xDecider = { decide: decideX, ... }`). */
const deciderFunctions = (): string[] => [...new Set(layerSources('domain').flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/\bdecide:\s*(decide\w+)/g)].map((m) => m[1]!)))];

/** Files that call a decider's decide (`xDecider.decide(`, or one of `functions` by name). */
export const directDecisions = (files: { path: string; text: string }[], functions: string[] = []): string[] => {
  const byName = functions.length > 0 ? new RegExp(`\\b(${functions.join('|')})\\(`) : null;
  return files.filter((f) => DIRECT_DECISION.test(f.text) || byName?.test(f.text)).map((f) => f.path).sort();
};

describe('decide once: no dry run of a decider in an application layer', () => {
  it('finds a dry run where one is written (the scan bites)', () => {
    const dryRun = "const refused = bookingDecider.decide(command, bookingDecider.initial());";
    const byFunction = 'const decided = decideScheduledEvent(command, state);';
    const runner = 'await handleCommand(store, stream, bookingDecider, command, context);';
    expect(directDecisions([{ path: 'a.ts', text: dryRun }, { path: 'b.ts', text: runner }, { path: 'c.ts', text: byFunction }], ['decideScheduledEvent'])).toEqual(['a.ts', 'c.ts']);
  });

  it('only the listed files decide directly', () => {
    expect(deciderFunctions()).toEqual(expect.arrayContaining(['decideBooking', 'decideScheduledEvent', 'decideAnswerSheet']));
    const files = layerSources('application').map((path) => ({ path: relative(root, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(directDecisions(files, deciderFunctions())).toEqual(Object.keys(ALLOWED).sort());
  });
});
