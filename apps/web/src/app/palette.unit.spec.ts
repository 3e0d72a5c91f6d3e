import { describe, expect, it } from 'vitest';
import { BRAND_COLOR, BRAND_SHADE, lightnessOf, paletteAround } from './palette';

describe('paletteAround', () => {
  const palette = paletteAround(BRAND_COLOR);

  it('has ten #rrggbb shades with the brand colour as the primary shade', () => {
    expect(palette).toHaveLength(10);
    for (const shade of palette) expect(shade).toMatch(/^#[0-9A-F]{6}$/);
    expect(palette[BRAND_SHADE]).toBe('#10384F');
  });

  it('goes from light to dark', () => {
    const lightness = palette.map(lightnessOf);
    for (let i = 1; i < lightness.length; i += 1) expect(lightness[i]).toBeLessThan(lightness[i - 1]!);
    expect(lightness[0]).toBeGreaterThan(0.9);
  });

  it('rejects colours that are not #rrggbb', () => {
    expect(() => paletteAround('blue')).toThrow();
  });
});
