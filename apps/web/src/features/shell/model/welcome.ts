/** The flags that remember a welcome was seen (000 §2.10: shown until the flag is stored). */
export const WELCOME_FLAGS = { journey: 'journeyWelcome', university: 'universityWelcome' } as const;
export type WelcomeKind = keyof typeof WELCOME_FLAGS;

/** Shown once the user's flags are known and do not have it (a stored false reads as not seen). */
export const shouldWelcome = (flags: Readonly<Record<string, unknown>> | null | undefined, kind: WelcomeKind): boolean =>
  flags != null && !flags[WELCOME_FLAGS[kind]];
