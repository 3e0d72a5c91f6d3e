import type { EventStore } from '@portal/eventstore';
import type { Role } from '@portal/kernel';
import { loadState } from '@portal/platform';
import { expertStream } from '../../contracts/index.js';
import { expertDecider } from '../../domain/index.js';

/** Who asks and answers (ADR 0072): every role of the learner area; the auditor only reads (001 §6). */
export const ASKING_ROLES: Role[] = ['learner', 'company_manager', 'company_admin', 'tc_manager', 'tc_admin'];

/** The themes a user answers for, from their expert stream (the write path's source; reads use the projection). */
export async function expertThemesOf(store: EventStore, userId: string): Promise<readonly string[]> {
  const { state } = await loadState(store, expertStream(userId), expertDecider);
  return state.themeIds;
}
