import { AppError } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { loadState } from '@portal/platform';
import { userStream } from '../../contracts/index.js';
import { userDecider } from '../../domain/index.js';
import { parseActionCode } from './codes.js';

/** The account an e-mail action link names (checking and using a link); a code naming none is invalid. */
export async function loadForCode(store: EventStore, oobCode: string) {
  const parsed = parseActionCode(oobCode);
  if (!parsed) throw new AppError('invalid-action-code');
  const { state } = await loadState(store, userStream(parsed.userId), userDecider);
  if (state.status !== 'registered') throw new AppError('invalid-action-code');
  return { parsed, state };
}
