import { erasureEvents, type SubjectErased } from '../contracts/events.js';

/**
 * A data subject's erasure (ADR 0091): once. The command carries what the shredder did (the keys
 * it destroyed); a subject already erased decides nothing, so a second erasure is a no-op and its
 * caller answers the first proof.
 */
export type SubjectErasureState = { status: 'none' } | { status: 'erased'; erasedAt: string };
export type SubjectErasureCommand = { type: 'RecordErasure'; data: { subjectId: string; requestId: string; by: string; keysDestroyed: number; now: string } };
type SubjectErasureEvent = Extract<ReturnType<typeof erasureEvents.parse>, { type: 'SubjectErased' }>;

export const subjectErasureDecider = {
  initial: (): SubjectErasureState => ({ status: 'none' }),
  evolve: (state: SubjectErasureState, event: SubjectErasureEvent): SubjectErasureState => {
    switch (event.type) {
      case 'SubjectErased':
        return state.status === 'erased' ? state : { status: 'erased', erasedAt: event.data.erasedAt };
      default: {
        const never: never = event.type;
        return never;
      }
    }
  },
  decide: (command: SubjectErasureCommand, state: SubjectErasureState): SubjectErasureEvent[] => {
    switch (command.type) {
      case 'RecordErasure': {
        if (state.status === 'erased') return [];
        const d = command.data;
        const event: SubjectErased = { type: 'SubjectErased', data: { subjectId: d.subjectId, requestId: d.requestId, by: d.by, keysDestroyed: d.keysDestroyed, erasedAt: d.now } };
        return [event];
      }
      default: {
        const never: never = command.type;
        return never;
      }
    }
  },
  events: erasureEvents.pick('SubjectErased'),
};

/**
 * The network-data retention (Marco Civil art. 15, ADR 0091): a run that destroyed keys records it
 * (which months, how many keys); a run that found nothing to destroy records nothing.
 */
type NetworkDataExpiredEvent = Extract<ReturnType<typeof erasureEvents.parse>, { type: 'NetworkDataExpired' }>;
export type NetworkRetentionCommand = { type: 'RecordNetworkExpiry'; data: { before: string; keysDestroyed: number; now: string } };
export const networkRetentionDecider = {
  initial: (): { runs: number } => ({ runs: 0 }),
  evolve: (state: { runs: number }, event: NetworkDataExpiredEvent): { runs: number } => {
    switch (event.type) {
      case 'NetworkDataExpired':
        return { runs: state.runs + 1 };
      default: {
        const never: never = event.type;
        return never;
      }
    }
  },
  decide: (command: NetworkRetentionCommand, _state: { runs: number }): NetworkDataExpiredEvent[] => {
    switch (command.type) {
      case 'RecordNetworkExpiry':
        return command.data.keysDestroyed > 0 ? [{ type: 'NetworkDataExpired', data: { before: command.data.before, keysDestroyed: command.data.keysDestroyed, expiredAt: command.data.now } }] : [];
      default: {
        const never: never = command.type;
        return never;
      }
    }
  },
  events: erasureEvents.pick('NetworkDataExpired'),
};
