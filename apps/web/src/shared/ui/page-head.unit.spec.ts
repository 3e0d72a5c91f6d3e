import { describe, expect, it } from 'vitest';
import { describeHtml, documentTitle } from './page-head';

describe('page head (ADR 0090)', () => {
  it('puts the screen title before the branding, or the branding alone', () => {
    expect(documentTitle({ title: 'Sobre o portal' }, 'Portal Agro')).toBe('Sobre o portal | Portal Agro');
    expect(documentTitle(null, 'Portal Agro')).toBe('Portal Agro');
    expect(documentTitle({ title: '' }, 'Portal Agro')).toBe('Portal Agro');
  });

  it("describes a page by its HTML's text, without tags, scripts or entities, at most 160 characters cut at a word", () => {
    expect(describeHtml('<h2>Quem&nbsp;somos</h2><script>alert(1)</script><p>Produtores &amp; equipes</p>')).toBe('Quem somos Produtores & equipes');
    const long = describeHtml(`<p>${'palavra '.repeat(40)}</p>`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('palavra…')).toBe(true);
    expect(describeHtml('<p> </p>')).toBe('');
  });
});
