import { ScheduleScreen } from './schedule-screen';

/** Spec 2.8: on a narrow screen the staff `/` is the schedule, as an agenda of the chosen day. */
export function StaffSchedulePage() {
  return <ScheduleScreen title="Schedule" layout="agenda" />;
}
