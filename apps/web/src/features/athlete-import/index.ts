// What other features use of the athlete import (eslint: a feature imports another only through its index).
export { ImportAthletesButton } from './components/import-athletes-button';
export { athleteImportKeys } from './api/query-keys';
