// What other parts of the app use of the sales portal (eslint: a feature imports another only through its index).
export { portalKeys } from './api/portal';
