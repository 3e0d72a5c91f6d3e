/** The brand mark: a sprouting leaf on the brand colour (decorative; the link around it is named). */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#10384F" />
      <path d="M24 37V22" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M24 26c-7 0-11-5-11-12 7 0 11 5 11 12Z" fill="#8ce99a" />
      <path d="M24 22c0-6 4-10 11-10 0 6-4 10-11 10Z" fill="#51cf66" />
    </svg>
  );
}
