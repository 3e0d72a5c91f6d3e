import { AppError } from '@portal/kernel';
import { emailClaimEvents, type EmailClaimEvent } from '../contracts/events.js';

/** One e-mail address belongs to at most one user: a claim stream per normalised address. */
export type EmailClaimState = { owner: string | null; claimedAt: string | null };
export const initialEmailClaimState = (): EmailClaimState => ({ owner: null, claimedAt: null });

export type EmailClaimCommand =
  | { type: 'ClaimEmail'; data: { email: string; userId: string; now: string } }
  | { type: 'ReleaseEmail'; data: { email: string; userId: string; now: string } };

export function decideEmailClaim(command: EmailClaimCommand, state: EmailClaimState): EmailClaimEvent[] {
  switch (command.type) {
    case 'ClaimEmail':
      if (state.owner !== null && state.owner !== command.data.userId) throw new AppError('email-already-in-use');
      if (state.owner === command.data.userId) return [];
      return [{ type: 'EmailClaimed', data: { email: command.data.email, userId: command.data.userId, claimedAt: command.data.now } }];
    case 'ReleaseEmail':
      if (state.owner !== command.data.userId) return [];
      return [{ type: 'EmailReleased', data: { email: command.data.email, userId: command.data.userId, releasedAt: command.data.now } }];
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export function evolveEmailClaim(state: EmailClaimState, event: EmailClaimEvent): EmailClaimState {
  switch (event.type) {
    case 'EmailClaimed':
      return { owner: event.data.userId, claimedAt: event.data.claimedAt };
    case 'EmailReleased':
      return { owner: null, claimedAt: null };
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The e-mail claim's decider (one stream per normalised address). */
export const emailClaimDecider = { decide: decideEmailClaim, evolve: evolveEmailClaim, initial: initialEmailClaimState, events: emailClaimEvents };
