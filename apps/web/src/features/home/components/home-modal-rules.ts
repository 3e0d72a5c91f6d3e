import type { UserData } from '@portal/identity/contracts/http';

/** The home modals of the user store state (000 §3 interactions, §4.5). */
export interface HomeModalFlags {
  /** Brazil users ("BR", case-sensitive) until advertenceAlertConfirmed is recorded. */
  showHomeAlertModal: boolean;
  /** Until the first video is viewed, unless closed for this session. */
  showHomeVideoModal: boolean;
}

export const homeModalFlags = (user: Pick<UserData, 'country' | 'interactions'>, videoClosedThisSession: boolean): HomeModalFlags => ({
  showHomeAlertModal: user.country === 'BR' && !user.interactions.advertenceAlertConfirmed,
  showHomeVideoModal: !user.interactions.firstVideoContentViewed && !videoClosedThisSession,
});

/** One modal at a time: the alert first, then the first-video one. */
export const homeModalToShow = (flags: HomeModalFlags): 'alert' | 'video' | null =>
  flags.showHomeAlertModal ? 'alert' : flags.showHomeVideoModal ? 'video' : null;

/** sessionStorage key of "watch later": the user id whose first-video modal was closed. */
export const VIDEO_MODAL_CLOSED_KEY = 'portal.firstVideoModalClosed';
