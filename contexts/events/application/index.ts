export { EventsModule } from './events.module.js';
export { ScheduledEventWriter } from './shared/event-writer.js';
export { EventCodes } from './shared/codes.js';
export { EventReminderProcess } from './reminders/event-reminder.process.js';
export { EventNotices } from './shared/event-notices.js';
