/**
 * A 10-shade palette around the brand colour #10384F (000 §9), built in HSL so the brand
 * colour itself is one of the shades (the primary shade) and lightness falls monotonically.
 */
export const BRAND_COLOR = '#10384F';
export const BRAND_SHADE = 7;

type Hsl = { h: number; s: number; l: number };

const hexToHsl = (hex: string): Hsl => {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => parseInt(part ?? '0', 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? ((g - b) / d + (g < b ? 6 : 0)) * 60 : max === g ? ((b - r) / d + 2) * 60 : ((r - g) / d + 4) * 60;
  return { h, s, l };
};

const hslToHex = ({ h, s, l }: Hsl): string => {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)].map((v) => Math.round(v * 255).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
};

/** Lightness of each shade; the brand colour's own lightness replaces index `shade`. */
const LIGHTNESS = [0.96, 0.89, 0.79, 0.67, 0.55, 0.43, 0.31, 0.19, 0.14, 0.09] as const;

export type Palette = readonly [string, string, string, string, string, string, string, string, string, string];

export const paletteAround = (hex: string, shade: number = BRAND_SHADE): Palette => {
  const base = hexToHsl(hex);
  const shades = LIGHTNESS.map((lightness, index) => {
    if (index === shade) return `#${hex.replace('#', '').toUpperCase()}`;
    // Light tints look washed out at full saturation; soften them a little.
    const s = index < shade ? Math.max(0.25, base.s * (0.6 + 0.4 * (index / shade))) : base.s;
    const l = index < shade ? Math.max(lightness, base.l + 0.01) : Math.min(lightness, base.l - 0.01 * (index - shade));
    return hslToHex({ h: base.h, s, l });
  });
  const [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9] = shades as [string, string, string, string, string, string, string, string, string, string];
  return [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9];
};

export const lightnessOf = (hex: string): number => hexToHsl(hex).l;
