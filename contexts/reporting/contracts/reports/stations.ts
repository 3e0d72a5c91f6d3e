import type { Locale } from '@portal/kernel';
import type { ViewType } from '@portal/learning/contracts/shapes';
import { defineReport, h, learnerFields } from '../report-definition.js';

/** Where a station was visited from (learning's ViewType): the map, or the station's own page. */
const VIEW_TYPE_LABELS = {
  map: h('Mapa', 'Mapa', 'Map'),
  detail: h('Página da estação', 'Página de la estación', 'Station page'),
} as const satisfies Record<ViewType, Record<Locale, string>>;

/** One learner's visits of one station (001 §3 station view record): how many, the last one's view type (map, detail), first and last. */
export const stationsReport = defineReport({
  name: 'stations',
  title: h('Visitas às estações', 'Visitas a las estaciones', 'Station visits'),
  summary: 'Stations report (001 §2 stations-report): visits per learner and station',
  access: 'reports',
  defaultSort: 'lastViewedAt',
  fields: [
    ...learnerFields,
    { key: 'stationId', kind: 'text' },
    { key: 'station', header: h('Estação', 'Estación', 'Station'), kind: 'text', sortable: true },
    { key: 'views', header: h('Visualizações', 'Visualizaciones', 'Views'), kind: 'number', int: true, sortable: true },
    { key: 'lastViewType', header: h('Tipo da última visualização', 'Tipo de la última visualización', 'Last view type'), kind: 'text', sortable: true, values: VIEW_TYPE_LABELS },
    { key: 'firstViewedAt', header: h('Primeira visualização', 'Primera visualización', 'First view'), kind: 'datetime', sortable: true },
    { key: 'lastViewedAt', header: h('Última visualização', 'Última visualización', 'Last view'), kind: 'datetime', sortable: true },
  ],
});
