import { decideEmailClaim, decideUser, evolveEmailClaim, evolveUser, initialEmailClaimState, initialUserState } from '../../domain/index.js';

export const userDecider = { decide: decideUser, evolve: evolveUser, initial: initialUserState };
export const emailClaimDecider = { decide: decideEmailClaim, evolve: evolveEmailClaim, initial: initialEmailClaimState };
