/**
 * Which layout of 000 §2.3 a path gets. A route may ask for another one with
 * `handle: { layout: '<name>' }`; otherwise the path decides. Pure, so the table is tested.
 */
export const LAYOUT_NAMES = [
  'booking',
  'compact',
  'default',
  'empty',
  'full',
  'home',
  'home-dark',
  'journey-main',
  'learning',
  'main',
  'public',
  'public-training-main',
  'schedule-events',
  'start_profile',
  'training-main',
] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];

export const isLayoutName = (value: unknown): value is LayoutName => typeof value === 'string' && (LAYOUT_NAMES as readonly string[]).includes(value);

const under = (pathname: string, prefix: string): boolean => pathname === prefix || pathname.startsWith(`${prefix}/`);

export const layoutFor = (pathname: string, override?: unknown): LayoutName => {
  if (isLayoutName(override)) return override;
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return 'public';
  if (under(path, '/br/content/i2x')) return 'public-training-main';
  if (under(path, '/br') || under(path, '/tour') || under(path, '/ar') || under(path, '/dev')) return 'public';
  if (under(path, '/public/booking')) return 'booking';
  if (under(path, '/public')) return 'full';
  if (path === '/auth/logoff') return 'empty';
  if (path === '/account/profile') return 'start_profile';
  if (under(path, '/auth') || under(path, '/auth2') || under(path, '/account')) return 'compact';
  if (under(path, '/home')) return 'home';
  if (under(path, '/scheduled-events')) return 'schedule-events';
  if (under(path, '/journey')) return 'journey-main';
  if (under(path, '/training')) return 'training-main';
  if (under(path, '/station')) return 'main';
  if (under(path, '/learning') || under(path, '/area')) return 'learning';
  if (under(path, '/feed') || under(path, '/courses') || under(path, '/download') || under(path, '/manager')) return 'default';
  // unknown paths (the not-found page) need no data
  return 'compact';
};

/** The family of a layout: which component draws it. */
export type LayoutFamily = 'side-menu' | 'journey' | 'training' | 'public' | 'own-chrome' | 'bare';

export const familyOf = (layout: LayoutName): LayoutFamily => {
  switch (layout) {
    case 'default':
    case 'home':
    case 'home-dark':
    case 'main':
    case 'learning':
      return 'side-menu';
    case 'journey-main':
    case 'schedule-events':
      return 'journey';
    case 'training-main':
      return 'training';
    case 'public':
    case 'public-training-main':
      return 'public';
    case 'booking':
    case 'compact':
    case 'start_profile':
    case 'empty':
      // the screens draw their own frame (the booking layout, the compact page shell)
      return 'own-chrome';
    case 'full':
      return 'bare';
    default: {
      const unreachable: never = layout;
      return unreachable;
    }
  }
};

/** The welcome dialog a path shows (000 §2.10): the journey one on the journey home and events, the university one on the training home. */
export const welcomeFor = (pathname: string): 'journey' | 'university' | null => {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/journey' || under(path, '/scheduled-events')) return 'journey';
  if (path === '/training') return 'university';
  return null;
};
