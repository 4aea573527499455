// What other features use of the athlete's schedule (eslint: a feature imports another only through its index).
export { scheduleKeys } from './api/schedule';
