import type { Locale } from '@portal/kernel';
import { defineReport, h, learnerFields } from '../report-definition.js';

/** A language (a file's, a podcast episode's), named in the reader's language. */
const LANGUAGE_LABELS = {
  'pt-BR': h('Português', 'Portugués', 'Portuguese'),
  es: h('Espanhol', 'Español', 'Spanish'),
  en: h('Inglês', 'Inglés', 'English'),
} as const satisfies Record<Locale, Record<Locale, string>>;

/** One download of a podcast episode (001 §3 podcast download record): the episode's title in the reader's locale, who, the file's language, when. */
export const podcastDownloadsReport = defineReport({
  name: 'podcast-downloads',
  title: h('Downloads de podcast', 'Descargas de podcast', 'Podcast downloads'),
  summary: 'Podcast downloads report (001 §2 ctb-cast-dowload-status): episode, learner, date',
  access: 'reports',
  defaultSort: 'downloadedAt',
  fields: [
    { key: 'downloadId', kind: 'text' },
    ...learnerFields,
    { key: 'station', header: h('Estação', 'Estación', 'Station'), kind: 'text', nullable: true, sortable: true },
    { key: 'entryId', kind: 'text' },
    { key: 'episode', header: h('Episódio', 'Episodio', 'Episode'), kind: 'text', sortable: true },
    { key: 'language', header: h('Idioma', 'Idioma', 'Language'), kind: 'text', sortable: true, values: LANGUAGE_LABELS },
    { key: 'downloadedAt', header: h('Baixado em', 'Descargado el', 'Downloaded at'), kind: 'datetime', sortable: true },
  ],
});
