/** Lowercase without accents ("Agropecuária" -> "agropecuaria"): how names are searched. */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
