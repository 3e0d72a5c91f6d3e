/** Derived profile fields of 000 §3: display name and initials (first letters of first and last words). */
export const displayNameOf = (name: string | null | undefined, email: string): string => {
  const trimmed = (name ?? '').trim().replace(/\s+/g, ' ');
  return trimmed.length > 0 ? trimmed : email.split('@')[0] ?? email;
};
export const initialsOf = (displayName: string): string => {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
};

/** Accent- and case-insensitive text for search: the same folding for documents and queries ("João" -> "joao"). */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
