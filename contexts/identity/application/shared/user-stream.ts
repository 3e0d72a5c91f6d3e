import type { AppendContext, Checkpoint, EventStore } from '@portal/eventstore';
import { handleCommand } from '@portal/platform';
import { userStream, type UserEvent } from '../../contracts/index.js';
import { userDecider, type UserCommand, type UserState } from '../../domain/index.js';

/**
 * Runs one command of the user's own account on its stream (handleCommand with the domain's
 * userDecider): the events, the state after and the checkpoint to answer with (null when the
 * decision was to do nothing).
 */
export async function decideOnUser(
  store: EventStore,
  userId: string,
  command: UserCommand,
  context: AppendContext,
): Promise<{ events: UserEvent[]; state: UserState; checkpoint: Checkpoint | null }> {
  const { events, state, result } = await handleCommand(store, userStream(userId), userDecider, command, context);
  return { events, state, checkpoint: result?.checkpoint ?? null };
}
