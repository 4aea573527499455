// What other features use of the event set-up (eslint: a feature imports another only through its index).
export { setupKeys } from './api/query-keys';
export { SetupTable, LoadError, SKELETON_ROW_HEIGHT, useIsNarrow, type Column } from './components/setup-table';
export { ConfirmDialog, RowActions, SetupEmpty, SetupToolbar, StatusBadge, type Confirmation, type RowAction } from './components/setup-parts';
export { useSetupGym } from './components/use-setup-list';
// Issue 18: the product catalogue's lists and forms share these.
export { Section, WholeInput, HELP_BELOW } from './components/type-fields';
