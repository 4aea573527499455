// What other features use of the staff calendar (eslint: a feature imports another only through its index).
export { calendarKeys } from './api/query-keys';
