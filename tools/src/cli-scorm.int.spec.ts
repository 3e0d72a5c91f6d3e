import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '@portal/database';
import { createPostgresEventStore } from '@portal/eventstore';
import { catalogueEvents } from '@portal/learning/contracts';
import { fixtureFiles, UPLOAD_FIXTURE_ENTRY, zipOf, zipWithName } from '../../contexts/learning/testing/scorm-zips.js';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, 'cli.ts');
const tsx = join(here, '../../node_modules/.bin/tsx');

const portal = (env: Record<string, string>, ...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(tsx, [cli, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', EVENTSTORE_URL: '', DATABASE_URL: '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

// Issue 27: npm run portal -- content import-scorm <zip> --station <id>, on the embedded PGlite of DATA_DIR.
describe('npm run portal -- content import-scorm', () => {
  it('publishes a zip into a station as its next revision, and refuses a zip-slip zip with nothing written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cli-scorm-'));
    const env = { DATA_DIR: dataDir };
    const good = join(dataDir, 'course.zip');
    const slip = join(dataDir, 'slip.zip');
    writeFileSync(good, await zipOf(fixtureFiles()));
    writeFileSync(slip, await zipWithName({ ...fixtureFiles(), 'zz/evil.htm': 'owned' }, 'zz/evil.htm', '../evil.htm'));

    const refused = await portal(env, 'content', 'import-scorm', slip, '--station', 'soja-plantio');
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain('zip_unsafe_path');
    expect(readdirSync(join(dataDir, 'scorm-packages'))).toEqual([]);

    const imported = await portal(env, 'content', 'import');
    expect(imported.code, imported.stderr).toBe(0);
    const run = await portal(env, 'content', 'import-scorm', good, '--station', 'soja-plantio');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Irrigação por gotejamento (agro.upload.irrigacao): SCORM 2004-4th, 2 SCOs');
    expect(run.stdout).toMatch(new RegExp(`published into soja-plantio as ${UPLOAD_FIXTURE_ENTRY}: station revision 2`));
    expect(existsSync(join(dataDir, 'evil.htm'))).toBe(false);

    const database = await createDatabase({ dataDir: join(dataDir, 'pglite') });
    const store = createPostgresEventStore(database);
    const stream = (await store.readStream('learning.station-soja-plantio')).map((e) => ({ ...catalogueEvents.parse(e), metadata: e.metadata }));
    const last = stream.at(-1)!;
    expect(last.type).toBe('StationRevised');
    expect(last.metadata).toMatchObject({ actor: 'system', origin: 'cli' });
    const entry = last.type === 'StationRevised' ? last.data.station.entries.find((e) => e.entryId === UPLOAD_FIXTURE_ENTRY) : undefined;
    expect(entry).toMatchObject({ type: 'scorm', scormVersion: '2004', package: { identifier: 'agro.upload.irrigacao', edition: '2004-4th' } });
    expect(readdirSync(join(dataDir, 'scorm-packages'))).toEqual([entry!.package!.packageId]);
    await store.close();
    await database.close();
  }, 120_000);
});
