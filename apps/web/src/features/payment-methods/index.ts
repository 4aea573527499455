// What other features use of payment methods (eslint: a feature imports another only through its index).
export { PayInvoice } from './components/pay-invoice';
export { SavedMethodsCard, MyPaymentMethods } from './components/saved-methods';
export { SetUpPayments } from './components/set-up-payments';
export { ChargeSavedMethod } from './components/charge-saved-method';
export { paymentKeys, useChargeInvoice, useAthletePaymentMethods } from './api/payment-methods';
// Issue 18: the sales portal's pay step (a portal sale's invoice paid by card in the flow).
export { AddPaymentMethod } from './components/add-payment-method';
export { MethodLine } from './components/method-list';
export { useMyPaymentMethods, usePayMyInvoice } from './api/payment-methods';
