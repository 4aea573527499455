// What other features use of the event set-up (eslint: a feature imports another only through its index).
export { setupKeys } from './api/query-keys';
export { LoadError, SKELETON_ROW_HEIGHT, useIsNarrow } from './components/setup-table';
