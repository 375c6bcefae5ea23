// A node clock the owner can move forward on test and demo nodes (PLAZA_CLOCK_CONTROL=on).
export { controlledClock, type ClockControl } from './control.js';
export { clockRoutes } from './routes.js';
