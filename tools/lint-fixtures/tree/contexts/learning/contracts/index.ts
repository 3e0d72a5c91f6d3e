// Clean: learning's public surface.
export const STATION_EVENT_TYPES = ['StationRevised'] as const;
export * from './events.js';
