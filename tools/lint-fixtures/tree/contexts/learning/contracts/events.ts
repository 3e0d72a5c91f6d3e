// Clean: learning's stored events, re-exported by the contracts barrel.
export const STATION_REVISED = 'StationRevised';
