import { createTheme } from '@mantine/core';
import { BRAND_SHADE, BRAND_COLOR, paletteAround } from './palette';

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
});
