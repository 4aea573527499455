// The events module's surface: what other modules use. Another module imports only from '../events' (issue 33 item 7,
// decision 048); files inside the module import each other directly.
export {
  classFilter,
  coachRowsSql,
  countEvents,
  endsAt,
  eventTypeName,
  findEvent,
  findTaxRate,
  loadAttendees,
  parseJson,
  selectEvents,
  toCoaches,
  toEventRow,
  toEventSummary,
} from './events.repository';
export type { EventRow } from './events.repository';
