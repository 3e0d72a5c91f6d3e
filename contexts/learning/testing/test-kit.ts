// Spec-only helpers for the learning context's HTTP tests (a testing/ folder: only specs import it, ADR 0009).
import { accessTokenFor, type TestUser } from '@portal/testing/identity';
import type { TestApp } from '@portal/testing/app';
import { importContentPack } from '../application/catalogue-import/import-pack.js';

/** The demo learner (learner@demo.agro): Brazil, every station, dist:all. */
export const LEARNER_ID = '01900000-0000-7000-8000-000000000001';

/**
 * The demo pack, projected, and a session of the demo learner. The token is issued by the API's
 * own token service with the demo learner's claims: seeding the identity context's demo users
 * from here would import another context's application layer (lint:deps), and the learning
 * endpoints read nothing but the token's principal.
 */
export async function seedLearning(t: TestApp): Promise<TestUser> {
  const report = await importContentPack(t.infra.store, t.infra.clock);
  if (report.checkpoint) await t.infra.projections.waitFor('catalogue', report.checkpoint, 30_000);
  const token = await tokenFor(t, { sub: LEARNER_ID, email: 'learner@demo.agro' });
  return { userId: LEARNER_ID, email: 'learner@demo.agro', token, refresh: '' };
}

/** A signed-in, verified, Completed learner with the access claims a test needs. */
export const tokenFor = accessTokenFor;

/** Reads after a write: the x-event-position of the answer as x-min-position. */
export const after = (res: { headers: Record<string, unknown> }): Record<string, string> => {
  const p = res.headers['x-event-position'];
  return typeof p === 'string' ? { 'x-min-position': p } : {};
};
