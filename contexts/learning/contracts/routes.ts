import type { ContentEntry, Station } from './pack.js';

/** What route building needs of a catalogue: its stations by id (a Map, or the learning model's). */
export interface RoutedStations {
  get(stationId: string): Pick<Station, 'path' | 'parent' | 'routeArea'> | undefined;
}

/** 000 §2.1: the route area of an item picks its named route (a Detail inherits its Map's). */
export function routeAreaIn(stations: RoutedStations, stationId: string): Station['routeArea'] {
  const station = stations.get(stationId);
  if (!station) return 'default';
  const parent = station.parent ? stations.get(station.parent) : undefined;
  if (parent && station.routeArea === 'default') return parent.routeArea;
  return station.routeArea;
}

/** The SPA path of a station (000 §2.1 named routes). */
export function pageIn(stations: RoutedStations, stationId: string): string {
  const station = stations.get(stationId);
  if (!station) return '/';
  const parent = station.parent ? stations.get(station.parent) : undefined;
  const tail = parent ? `${parent.path}/${station.path}` : station.path;
  const area = routeAreaIn(stations, stationId);
  switch (area) {
    case 'journey':
      return `/journey/${tail}`;
    case 'training':
      return `/training/${tail}`;
    case 'assessment':
      return `/area/assessment/${station.path}`;
    case 'default':
      return `/station/${tail}`;
    default: {
      const exhaustive: never = area;
      return `/station/${String(exhaustive)}`;
    }
  }
}

/** 000 §2.1 content link: group, video (the entry id) and start=true. */
export function entryLinkIn(stations: RoutedStations, stationId: string, entry: Pick<ContentEntry, 'entryId' | 'groupKey'>): string {
  const params = new URLSearchParams();
  if (entry.groupKey) params.set('group', entry.groupKey);
  params.set('video', entry.entryId);
  params.set('start', 'true');
  return `${pageIn(stations, stationId)}?${params.toString()}`;
}
