// What other parts of the app use of the package catalogue (eslint: a feature imports another only through its index).
export { packageKeys } from './api/packages';
