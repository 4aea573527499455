// What other features use of the gym settings (eslint: a feature imports another only through its index).
export { gymSettingsKeys, useGymSettings } from './api/gym-settings';
