// What other features use of the kiosk (eslint: a feature imports another only through its index).
export { getEligibleAthletes } from './api/get-eligible-athletes';
