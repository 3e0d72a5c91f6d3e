// Clean: a projection reading its events through contracts.
import { STATION_EVENT_TYPES } from '../../../contexts/learning/contracts/index.js';

export const eventTypes = [...STATION_EVENT_TYPES];
export const progressRows = (userId: string): string[] => [userId];
