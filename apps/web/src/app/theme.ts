import { Anchor, createTheme, darken, defaultVariantColorsResolver, parseThemeColor, type CSSVariablesResolver, type VariantColorsResolver } from '@mantine/core';
import { BRAND_SHADE, BRAND_COLOR, paletteAround } from './palette';

/**
 * WCAG 1.4.3 (axe color-contrast): the text of light and outline badges and buttons uses the
 * colour's darkest shade, darkened further, so small bold labels ("Novo", "Iniciado") read at
 * 4.5:1 or more on their tinted background.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'outline') return base;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || !parsed.color) return base;
  const text = darken(input.theme.colors[parsed.color]?.[9] ?? parsed.value, 0.3);
  return input.variant === 'outline' ? { ...base, color: text, border: `1px solid ${text}` } : { ...base, color: text, hoverColor: text };
};

/** Mantine theme: the brand palette around #10384F (000 §9) as the primary colour. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: BRAND_SHADE, dark: 5 },
  colors: { brand: paletteAround(BRAND_COLOR, BRAND_SHADE) },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  // 000 §9 breakpoints: xs 576, sm 768, md 992, lg 1200 (in em, 16px base).
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  variantColorResolver,
  components: {
    // WCAG 1.4.1 (axe link-in-text-block): a link inside text is told apart by more than colour
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});

/**
 * WCAG 1.4.3 (axe color-contrast): Mantine's "dimmed" text (gray 6, 3.3:1 on white) and error
 * text (red 6, 3.3:1) are too light for small text; gray 7 reads at 8:1, red 9 at 5.4:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
