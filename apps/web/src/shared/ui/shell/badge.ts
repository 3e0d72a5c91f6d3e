/** 000 §2.6, §9 badge text: the count, "99+" above 99, nothing at 0. */
export const BADGE_MAX = 99;

export const badgeLabel = (count: number): string | null => {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(count));
};
