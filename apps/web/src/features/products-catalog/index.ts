// What other features use of the products catalog (eslint: a feature imports another only through its index).
export { catalogKeys } from './api/catalog';
