import type { Locale } from '@portal/kernel';

/** The readable summary's words (index.html in the export ZIP), in the subject's language. */
const WORDS: Record<Locale, Record<'title' | 'intro' | 'profile' | 'events' | 'field' | 'value' | 'type' | 'count' | 'when' | 'stream' | 'files' | 'filesText' | 'generated', string>> = {
  'pt-BR': {
    title: 'Meus dados no portal',
    intro: 'Este arquivo reúne tudo o que o portal guarda sobre você: seu perfil, seus pedidos de privacidade e consentimentos e cada evento registrado sobre você (LGPD, art. 18).',
    profile: 'Perfil',
    events: 'Eventos registrados',
    field: 'Campo',
    value: 'Valor',
    type: 'Tipo',
    count: 'Quantidade',
    when: 'Quando',
    stream: 'Registro',
    files: 'Arquivos',
    filesText: 'profile.json: seu perfil; privacy.json: seus pedidos e consentimentos; events.json: cada evento, completo, em formato legível por máquina (portabilidade).',
    generated: 'Gerado em',
  },
  es: {
    title: 'Mis datos en el portal',
    intro: 'Este archivo reúne todo lo que el portal guarda sobre ti: tu perfil, tus solicitudes de privacidad y consentimientos y cada evento registrado sobre ti.',
    profile: 'Perfil',
    events: 'Eventos registrados',
    field: 'Campo',
    value: 'Valor',
    type: 'Tipo',
    count: 'Cantidad',
    when: 'Cuándo',
    stream: 'Registro',
    files: 'Archivos',
    filesText: 'profile.json: tu perfil; privacy.json: tus solicitudes y consentimientos; events.json: cada evento, completo, en formato legible por máquina (portabilidad).',
    generated: 'Generado el',
  },
  en: {
    title: 'My data in the portal',
    intro: 'This file holds everything the portal keeps about you: your profile, your privacy requests and consents, and every event recorded about you.',
    profile: 'Profile',
    events: 'Recorded events',
    field: 'Field',
    value: 'Value',
    type: 'Type',
    count: 'Count',
    when: 'When',
    stream: 'Record',
    files: 'Files',
    filesText: 'profile.json: your profile; privacy.json: your requests and consents; events.json: every event, complete, machine-readable (portability).',
    generated: 'Generated on',
  },
};

const escape = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A self-contained HTML page (no script, no remote resource). */
export function exportSummaryHtml(
  locale: Locale,
  input: { now: string; profile: Record<string, unknown> | null; events: { type: string; recordedAt: string; streamId: string }[] },
): string {
  const w = WORDS[locale];
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));
  const counts = new Map<string, number>();
  for (const e of input.events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  const profileRows = Object.entries(input.profile ?? {})
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `<tr><td>${escape(k)}</td><td>${escape(v)}</td></tr>`)
    .join('');
  const countRows = [...counts.entries()].map(([type, n]) => `<tr><td>${escape(type)}</td><td>${n}</td></tr>`).join('');
  const eventRows = input.events.map((e) => `<tr><td>${escape(date(e.recordedAt))}</td><td>${escape(e.type)}</td><td>${escape(e.streamId)}</td></tr>`).join('');
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escape(w.title)}</title>
<style>body{font-family:sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;margin-bottom:2rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}</style></head>
<body><h1>${escape(w.title)}</h1><p>${escape(w.intro)}</p><p>${escape(w.generated)} ${escape(date(input.now))}</p>
<h2>${escape(w.profile)}</h2><table><tr><th>${escape(w.field)}</th><th>${escape(w.value)}</th></tr>${profileRows}</table>
<h2>${escape(w.events)} (${input.events.length})</h2><table><tr><th>${escape(w.type)}</th><th>${escape(w.count)}</th></tr>${countRows}</table>
<table><tr><th>${escape(w.when)}</th><th>${escape(w.type)}</th><th>${escape(w.stream)}</th></tr>${eventRows}</table>
<h2>${escape(w.files)}</h2><p>${escape(w.filesText)}</p></body></html>
`;
}
