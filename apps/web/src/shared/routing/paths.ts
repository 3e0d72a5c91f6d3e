/** Paths of the learner area (000 §2.1) that more than one feature links to. */
export const paths = {
  start: '/',
  home: '/home',
  signIn: '/auth',
  signIn2: '/auth2',
  register: '/auth/register',
  logoff: '/auth/logoff',
  resetPassword: '/auth/reset-password',
  emailAction: '/auth/action',
  phoneVerification: '/auth2/verification',
  profile: '/account/profile',
  /** the data subject's rights (LGPD, features/privacy) */
  privacy: '/account/privacy',
  verifyEmail: '/account/verify-email',
} as const;

/**
 * The `next` worth keeping for a visitor of `pathname` (000 §2.2): the original path with its
 * query and hash, unless the path is the root or contains /auth or /account.
 */
export const nextFor = (pathname: string, search = '', hash = ''): string | undefined => {
  if (pathname === '/' || pathname === '' || pathname.includes('/auth') || pathname.includes('/account')) return undefined;
  return `${pathname}${search}${hash}`;
};

/** `target` with `?next=` when there is a next to keep. */
export const withNext = (target: string, next: string | null | undefined): string =>
  next ? `${target}?${new URLSearchParams({ next }).toString()}` : target;

/**
 * Where an unauthenticated visitor of `pathname` goes (000 §2.2): the sign-in page, keeping
 * the original path (with its query and hash) as `next`, unless the path is the root or
 * contains /auth or /account.
 */
export const signInPathFor = (pathname: string, search = '', hash = ''): string => withNext(paths.signIn, nextFor(pathname, search, hash));

/**
 * The `next` to follow after sign-in, or undefined. Only a path on this site counts: it must
 * start with a single "/" (no "//host" or "/\host", no scheme) and must not lead back to an
 * auth screen.
 */
export const safeNextPath = (next: string | null | undefined): string | undefined => {
  if (!next) return undefined;
  const value = next.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (/[\u0000-\u001f]/.test(value)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value, 'https://portal.invalid');
  } catch {
    return undefined;
  }
  if (parsed.origin !== 'https://portal.invalid') return undefined;
  if (parsed.pathname.includes('/auth')) return undefined;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
};

/** After sign-in or registration: `next` when it is safe, else the personal home. */
export const afterSignInPath = (next: string | null | undefined): string => safeNextPath(next) ?? paths.home;
