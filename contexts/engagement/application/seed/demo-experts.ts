import type { AppendContext, EventStore } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import { handleCommand } from '@portal/platform';
import { expertStream } from '../../contracts/index.js';
import { expertDecider } from '../../domain/index.js';
import { readExpertThemeCatalogue, readIdentityUser } from '../shared/identity-reads.js';

/** The demo's expert (ADR 0072): Elena Torres (tc.admin@demo.agro) answers soybean and corn questions. */
export const DEMO_EXPERTS: { userId: string; themeIds: string[] }[] = [{ userId: '01900000-0000-7000-8000-000000000005', themeIds: ['milho', 'soja'] }];

/** Idempotent (the decider records nothing when the themes are the same); after the demo users and reference lists. */
export async function seedDemoExperts(store: EventStore, clock: Clock): Promise<void> {
  const ctx: AppendContext = { correlationId: 'seed-demo-experts', actor: 'system', origin: 'cli' };
  const catalogue = await readExpertThemeCatalogue(store);
  const activeThemeIds = [...catalogue.themes].filter(([, item]) => !item.retired).map(([id]) => id);
  for (const e of DEMO_EXPERTS) {
    const user = await readIdentityUser(store, e.userId);
    if (!user.registered) continue;
    await handleCommand(
      store,
      expertStream(e.userId),
      expertDecider,
      { type: 'AssignExpertThemes', data: { userId: e.userId, themeIds: e.themeIds, userKnown: true, activeThemeIds, by: 'system:seed', now: clock.now().toISOString() } },
      ctx,
    );
  }
}
