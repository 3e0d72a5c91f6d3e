import { describe, expect, it } from 'vitest';
import { canSeeDevMap, pagePath, pageRequestFor } from './public-pages';

describe('public pages (000 §2.1)', () => {
  it.each([
    ['/br', { kind: 'list', section: 'br' }],
    ['/br/', { kind: 'list', section: 'br' }],
    ['/br/articles', { kind: 'list', section: 'br-articles' }],
    ['/br/articles/manejo-integrado', { kind: 'page', section: 'br-articles', slug: 'manejo-integrado' }],
    ['/br/content/i2x', { kind: 'list', section: 'br-i2x' }],
    ['/br/content/i2x/sementes', { kind: 'page', section: 'br-i2x', slug: 'sementes' }],
    ['/br/sobre', { kind: 'page', section: 'br', slug: 'sobre' }],
    ['/tour/ctb_2021', { kind: 'page', section: 'tour', slug: 'ctb_2021' }],
    ['/tour/mx_ctb_360', { kind: 'page', section: 'tour', slug: 'mx_ctb_360' }],
    ['/ar/content/ambiente-y-densidad', { kind: 'page', section: 'ar', slug: 'ambiente-y-densidad' }],
  ])('%s', (path, request) => {
    expect(pageRequestFor(path)).toEqual(request);
  });

  it('knows no other path', () => {
    for (const path of ['/tour/other', '/ar/content/other', '/br/articles/a/b', '/br/Bad_Slug!', '/br/content/x', '/home', '/']) expect(pageRequestFor(path), path).toBeNull();
  });

  it('links a page of each section', () => {
    expect(pagePath('br', 'a')).toBe('/br/a');
    expect(pagePath('br-articles', 'a')).toBe('/br/articles/a');
    expect(pagePath('br-i2x', 'a')).toBe('/br/content/i2x/a');
    expect(pagePath('tour', 'ctb_2021')).toBe('/tour/ctb_2021');
    expect(pagePath('ar', 'ambiente-y-densidad')).toBe('/ar/content/ambiente-y-densidad');
  });

  it('/dev/map: Argentina, Spanish locale, non-production only', () => {
    expect(canSeeDevMap({ production: false, locale: 'es', country: 'AR' })).toBe(true);
    expect(canSeeDevMap({ production: true, locale: 'es', country: 'AR' })).toBe(false);
    expect(canSeeDevMap({ production: false, locale: 'pt-BR', country: 'AR' })).toBe(false);
    expect(canSeeDevMap({ production: false, locale: 'es', country: 'MX' })).toBe(false);
    expect(canSeeDevMap({ production: false, locale: 'es', country: null })).toBe(false);
  });
});
