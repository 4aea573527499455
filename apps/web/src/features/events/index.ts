// What other features use of events (eslint: a feature imports another only through its index).
export { eventKeys } from './api/query-keys';
export { useClassPreview, type ClassPreviewParams } from './api/get-class-preview';
export { useEventSettings, type EventSettings } from './api/get-event-settings';
export { useTaxRates } from './api/get-tax-rates';
export { useGym } from './api/get-gym';
