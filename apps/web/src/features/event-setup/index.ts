// What other features use of the event set-up (eslint: a feature imports another only through its index).
export { setupKeys } from './api/query-keys';
export { SetupTable, LoadError, SKELETON_ROW_HEIGHT, useIsNarrow, type Column } from './components/setup-table';
export { ConfirmDialog, SetupEmpty, type Confirmation } from './components/setup-parts';
