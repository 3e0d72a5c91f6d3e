export { EventsModule } from './events.module.js';
export { ScheduledEventWriter } from './shared/event-writer.js';
export { EventCodes } from './shared/codes.js';
export { EventClockProcess } from './clock/event-clock.process.js';
export { EventNotices } from './shared/event-notices.js';
