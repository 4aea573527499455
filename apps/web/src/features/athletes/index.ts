// What other features use of the athletes list (eslint: a feature imports another only through its index).
export { athleteKeys } from './api/query-keys';
export { useCreateTag, useTags } from './api/tags';
