// Breaks web-reaches-no-stored-events: the SPA importing a contracts barrel, which re-exports the stored events.
import { STATION_EVENT_TYPES } from '../../../../../contexts/learning/contracts/index.js';

export const stationTypes = () => STATION_EVENT_TYPES;
