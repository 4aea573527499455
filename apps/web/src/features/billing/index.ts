// What other features use of billing (eslint: a feature imports another only through its index).
export { PaymentSettingsButton } from './components/payment-settings-button';
export { RunBillingButton } from './components/run-billing-button';
