// Breaks libs-below-contexts: a library depending on a context.
import { STATION_EVENT_TYPES } from '../../../contexts/learning/contracts/index.js';

export const mailTypes = () => STATION_EVENT_TYPES;
