import type { Locale } from '@portal/kernel';

/**
 * The public content pages of 000 §2.1 (/br..., /tour/..., /ar/content/...) and the /dev/map
 * rule. Content comes from GET /api/pages (the content pack's `pages`).
 */
export const PAGE_SECTIONS = ['br', 'br-articles', 'br-i2x', 'tour', 'ar'] as const;
export type PageSection = (typeof PAGE_SECTIONS)[number];

export type PageRequest = { kind: 'list'; section: PageSection } | { kind: 'page'; section: PageSection; slug: string };

const SLUG = /^[a-z0-9][a-z0-9_-]{0,80}$/;

/** What a public path shows: a section's list or one page; null for any other path. */
export const pageRequestFor = (pathname: string): PageRequest | null => {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const page = (section: PageSection, slug: string | undefined): PageRequest | null => (slug && SLUG.test(slug) ? { kind: 'page', section, slug } : null);
  const [first, second, third, fourth] = parts;
  if (first === 'br') {
    if (parts.length === 1) return { kind: 'list', section: 'br' };
    if (second === 'articles') return parts.length === 2 ? { kind: 'list', section: 'br-articles' } : parts.length === 3 ? page('br-articles', third) : null;
    if (second === 'content' && third === 'i2x') return parts.length === 3 ? { kind: 'list', section: 'br-i2x' } : parts.length === 4 ? page('br-i2x', fourth) : null;
    return parts.length === 2 ? page('br', second) : null;
  }
  if (first === 'tour' && parts.length === 2 && (second === 'ctb_2021' || second === 'mx_ctb_360')) return page('tour', second);
  if (first === 'ar' && second === 'content' && third === 'ambiente-y-densidad' && parts.length === 3) return page('ar', third);
  return null;
};

/** Where a page of a section lives (the list links to it). */
export const pagePath = (section: PageSection, slug: string): string => {
  switch (section) {
    case 'br':
      return `/br/${slug}`;
    case 'br-articles':
      return `/br/articles/${slug}`;
    case 'br-i2x':
      return `/br/content/i2x/${slug}`;
    case 'tour':
      return `/tour/${slug}`;
    case 'ar':
      return `/ar/content/${slug}`;
    default: {
      const unreachable: never = section;
      return unreachable;
    }
  }
};

/** /dev/map (000 §2.1): Argentina and the Spanish locale only, outside production only. */
export const canSeeDevMap = (input: { production: boolean; locale: Locale; country: string | null | undefined }): boolean =>
  !input.production && input.locale === 'es' && input.country === 'AR';

/** The regenerative agriculture map /dev/map links to. */
export const REGENERATIVE_MAP_URL = 'https://ar.agroportal.example/mapa-agricultura-regenerativa';
