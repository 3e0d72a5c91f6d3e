import type { ReactNode } from 'react';

/** The few icons the shell needs, inline so no icon library ships. Decorative: aria-hidden. */
interface IconProps {
  size?: number;
}

export function GlobeIcon({ size = 18 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M3.6 9h16.8M3.6 15h16.8M11.5 3a17 17 0 0 0 0 18M12.5 3a17 17 0 0 1 0 18" />
    </svg>
  );
}

export function CheckIcon({ size = 16 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}

export function CrossIcon({ size = 16 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M18 6L6 18M6 6l12 12" />
    </svg>
  );
}

/** Stroke icons of the shell (24 px grid), decorative: the control carries the label. */
const stroke = (paths: string[], extra?: ReactNode) =>
  function StrokeIcon({ size = 20 }: IconProps) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
        {extra}
      </svg>
    );
  };

export const SearchIcon = stroke(['M21 21l-4.3-4.3'], <circle cx="11" cy="11" r="7" />);
export const BellIcon = stroke(['M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.9 1.9 0 0 0 3.4 0']);
export const HelpIcon = stroke(['M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3', 'M12 17h.01'], <circle cx="12" cy="12" r="9" />);
export const LogoutIcon = stroke(['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'M16 17l5-5-5-5', 'M21 12H9']);
export const MenuIcon = stroke(['M4 6h16', 'M4 12h16', 'M4 18h16']);
export const ArrowLeftIcon = stroke(['M19 12H5', 'M12 19l-7-7 7-7']);
export const HomeIcon = stroke(['M3 10.5L12 3l9 7.5', 'M5 9.5V21h14V9.5']);
export const StarIcon = stroke(['M12 3l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.8 6.2 20.9l1.1-6.5L2.6 9.8l6.5-.9z']);
export const AppsIcon = stroke([], (
  <>
    <rect x="4" y="4" width="6" height="6" rx="1" />
    <rect x="14" y="4" width="6" height="6" rx="1" />
    <rect x="4" y="14" width="6" height="6" rx="1" />
    <rect x="14" y="14" width="6" height="6" rx="1" />
  </>
));
export const ChatIcon = stroke(['M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z']);
export const PhoneIcon = stroke(['M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z']);
export const UserIcon = stroke(['M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2'], <circle cx="12" cy="7" r="4" />);
export const BookIcon = stroke(['M4 19.5A2.5 2.5 0 0 1 6.5 17H20', 'M6.5 2H20v20H6.5A2.5 2.5 0 0 1 4 19.5v-15A2.5 2.5 0 0 1 6.5 2z']);
export const ChartIcon = stroke(['M3 3v18h18', 'M7 14l4-4 4 4 5-5']);
export const UsersIcon = stroke(['M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2', 'M23 21v-2a4 4 0 0 0-3-3.9', 'M16 3.1a4 4 0 0 1 0 7.8'], <circle cx="9" cy="7" r="4" />);
export const ShieldIcon = stroke(['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'M9 12l2 2 4-4']);
export const CalendarIcon = stroke(['M16 2v4', 'M8 2v4', 'M3 10h18'], <rect x="3" y="4" width="18" height="18" rx="2" />);
export const CoursesIcon = stroke(['M22 10L12 5 2 10l10 5 10-5z', 'M6 12v5c3 2 9 2 12 0v-5']);
export const ChevronDownIcon = stroke(['M6 9l6 6 6-6']);
export const ExternalIcon = stroke(['M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6', 'M15 3h6v6', 'M10 14L21 3']);
export const OfflineIcon = stroke(['M1 1l22 22', 'M16.7 11.1A10.9 10.9 0 0 1 19 12.6', 'M5 12.6a10.9 10.9 0 0 1 5.2-2.5', 'M10.7 5.1A16 16 0 0 1 22.6 9', 'M1.4 9a15.9 15.9 0 0 1 4.7-2.9', 'M8.5 16.1a6 6 0 0 1 7 0', 'M12 20h.01']);
