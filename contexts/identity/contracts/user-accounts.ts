/**
 * Identity's answer to "who has this e-mail?" for other contexts' write paths (ADR 0062: tc_admin
 * adds an attendee by e-mail, the users import of scheduled events): read from the address's claim
 * stream and the user's stream (the source of truth), never from a read model. Injected as
 * `USER_ACCOUNTS` (libs/platform); identity provides it.
 */
import type { Locale } from '@portal/kernel';

export interface UserAccount {
  userId: string;
  email: string;
  /** the language the person chose (null for a pre-registration or when never set) */
  lang: Locale | null;
  /** false for a pre-registration: a manager created the person, who has no account yet */
  hasAccount: boolean;
}

export interface UserAccounts {
  /** The registered or pre-registered user holding this address (case-insensitive), or null. */
  byEmail(email: string): Promise<UserAccount | null>;
}
