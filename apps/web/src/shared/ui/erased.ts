import { useTranslation } from 'react-i18next';

/**
 * What a personal field of an erased data subject reads as in every API answer (ADR 0091:
 * crypto-shredding; the server's ERASED). The screens show the reader's word for it instead.
 */
export const ERASED_VALUE = '[erased]';

/** The value as shown: the translated word for an erased one, else the value itself. */
export function personalText<T extends string | null | undefined>(value: T, erasedWord: string): T | string {
  return value === ERASED_VALUE ? erasedWord : value;
}

/** Every erased string inside a JSON value (an audited event's data) replaced by the translated word. */
export function withErasedWords(value: unknown, erasedWord: string): unknown {
  if (value === ERASED_VALUE) return erasedWord;
  if (Array.isArray(value)) return value.map((v) => withErasedWords(v, erasedWord));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withErasedWords(v, erasedWord)]));
  return value;
}

/** A summary line's erased values (`name: [erased]`) in the translated word. */
export const summaryText = (summary: string, erasedWord: string): string => summary.replaceAll(ERASED_VALUE, erasedWord);

/** The reader's word for an erased value ("apagado", "borrado", "erased"). */
export function useErasedWord(): string {
  const { t } = useTranslation('common');
  return t('privacy.erased');
}
