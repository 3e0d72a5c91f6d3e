import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, spawnPortal, stopPortal, waitCaughtUp } from './portal-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the built portal seeded with the demo content and stopped in (harness.ts copies it). */
    portalTemplate: string;
  }
}

/**
 * Global setup of the e2e project: the built portal starts once on an empty data directory,
 * seeds the demo content (users, companies, locations, experts, content pack), lets every read
 * model catch up, and stops gracefully. Each spec file then starts on its own copy of that
 * directory (harness.ts), isolated from the others as before but without seeding again: the
 * seed is idempotent, so the start on a copy only finds everything already there. Removed
 * after the run.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-template-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = await spawnPortal(url, { DATA_DIR: dataDir, PORT: String(port), CONTENT_PORT: '0' }, (d) => (log += d));
  try {
    await waitCaughtUp(url);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${log}`);
  } finally {
    await stopPortal(child);
  }
  console.log(`e2e: seeded portal data directory ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('portalTemplate', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
