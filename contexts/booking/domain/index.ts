export * from './time.js';
export * from './schedule.js';
export * from './location.js';
export * from './booking.js';
export * from './slot.js';
export * from './visitor.js';
