// What other features use of the athlete record (eslint: a feature imports another only through its index).
export { AddAthleteButton, athletePath } from './components/add-athlete-button';
export { athleteRecordKeys } from './api/athlete-record';
