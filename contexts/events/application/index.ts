export { EventsModule } from './events.module.js';
export { ScheduledEventWriter } from './shared/event-writer.js';
export { EventCodes } from './shared/codes.js';
