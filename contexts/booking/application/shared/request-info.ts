import { isLocale, DEFAULT_LOCALE, type Locale } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { ChangeSource } from '../../contracts/index.js';

const header = (req: PortalRequest, name: string): string | null => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : null;
};

/** Where a change came from, for the audit: channel, the link's hash, ip and user agent. */
export const sourceOf = (req: PortalRequest, channel: ChangeSource['channel'], linkHash: string | null = null): ChangeSource => ({
  channel,
  linkHash,
  ip: req.ip ?? null,
  userAgent: header(req, 'user-agent')?.slice(0, 300) ?? null,
});

/** The reader's language: an explicit `lang`, else the first supported Accept-Language entry, else pt-BR. */
export function localeOf(req: PortalRequest, lang?: string | null): Locale {
  if (lang && isLocale(lang)) return lang;
  const accept = header(req, 'accept-language') ?? '';
  for (const part of accept.split(',')) {
    const tag = part.split(';')[0]!.trim();
    if (!tag) continue;
    if (isLocale(tag)) return tag;
    const base = tag.slice(0, 2).toLowerCase();
    if (base === 'pt') return 'pt-BR';
    if (base === 'es' || base === 'en') return base;
  }
  return DEFAULT_LOCALE;
}
