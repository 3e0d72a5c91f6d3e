import '../contracts/errors.js'; // registers the codes this decider answers with in the kernel's catalogue
import { AppError } from '@portal/kernel';
import { expertEvents, type ExpertEvent } from '../contracts/events.js';

/**
 * Who answers ask-the-expert questions (ADR 0072): one stream per user, engagement.expert-<userId>,
 * holding the themes the user answers for. A holder of manage_all_companies sets the whole list;
 * an empty list takes the user off the experts.
 */
export interface ExpertState {
  themeIds: readonly string[];
}
export const initialExpertState = (): ExpertState => ({ themeIds: [] });

export type ExpertCommand = {
  type: 'AssignExpertThemes';
  data: {
    userId: string;
    themeIds: readonly string[];
    /** the user has an account (identity's user stream records UserRegistered and no deletion) */
    userKnown: boolean;
    /** identity's active expert themes, read by the handler */
    activeThemeIds: readonly string[];
    by: string;
    now: string;
  };
};

export function decideExpert(command: ExpertCommand, state: ExpertState): ExpertEvent[] {
  switch (command.type) {
    case 'AssignExpertThemes': {
      const d = command.data;
      if (!d.userKnown) throw new AppError('user-not-found');
      const themeIds = [...new Set(d.themeIds)].sort();
      // a theme retired since it was assigned may stay; a new one must be active
      const invalid = themeIds.filter((id) => !d.activeThemeIds.includes(id) && !state.themeIds.includes(id));
      if (invalid.length > 0) {
        throw new AppError(
          'expert-theme-invalid',
          `${invalid.join(', ')} ${invalid.length === 1 ? 'is' : 'are'} not active expert themes`,
          invalid.map((id) => ({ path: `themeIds.${themeIds.indexOf(id)}`, message: `${id} is not an active expert theme`, code: 'expert-theme-invalid' })),
        );
      }
      if (themeIds.length === state.themeIds.length && themeIds.every((id, i) => id === state.themeIds[i])) return [];
      return [{ type: 'ExpertThemesAssigned', data: { userId: d.userId, themeIds, by: d.by, assignedAt: d.now } }];
    }
    default: {
      const exhaustive: never = command.type;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveExpert(_state: ExpertState, event: ExpertEvent): ExpertState {
  switch (event.type) {
    case 'ExpertThemesAssigned':
      return { themeIds: [...event.data.themeIds].sort() };
    default: {
      const exhaustive: never = event.type;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The decider as StreamWriter and handleCommand run it (ADR 0009). */
export const expertDecider = { decide: decideExpert, evolve: evolveExpert, initial: initialExpertState, events: expertEvents };
