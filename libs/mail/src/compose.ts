/** A mail paragraph: text, or text followed by a link on its own line. */
export type MailParagraph = string | readonly [text: string, link: string];

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The portal's plain mail: the same paragraphs as text and as simple HTML in the reader's language. */
export function composeMail(lang: string, paragraphs: readonly MailParagraph[]): { text: string; html: string } {
  const text = paragraphs.map((p) => (typeof p === 'string' ? p : `${p[0]}\n${p[1]}`)).join('\n\n');
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><body style="font-family:system-ui,sans-serif;color:#10384F">${paragraphs
    .map((p) => (typeof p === 'string' ? `<p>${escapeHtml(p)}</p>` : `<p>${escapeHtml(p[0])}<br><a href="${escapeHtml(p[1])}">${escapeHtml(p[1])}</a></p>`))
    .join('')}</body></html>`;
  return { text, html };
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** "segunda-feira, 23 de novembro de 2026 10:00 (America/Sao_Paulo)" in the reader's language. */
export const formatInstant = (iso: string, timeZone: string, locale: string): string => {
  const key = `${locale}|${timeZone}`;
  let format = instantFormats.get(key);
  if (!format) {
    // building a formatter costs far more than using one: one per language and zone
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone });
    instantFormats.set(key, format);
  }
  return `${format.format(new Date(iso))} (${timeZone})`;
};

/**
 * Mails sent after the answer (notices of a change the user already sees on screen): a failed
 * send is logged and the change stands; `settled()` waits for those still going (tests, shutdown).
 */
export class MailsAfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (message: string) => void) {}

  later(send: () => Promise<void>): void {
    const task = send()
      .catch((error: unknown) => this.onError(error instanceof Error ? error.message : String(error)))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
