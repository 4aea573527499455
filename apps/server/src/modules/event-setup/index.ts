// The event-setup module's surface: what other modules use. Another module imports only from '../event-setup' (issue 33 item 7,
// decision 048); files inside the module import each other directly.
export { checkNewName, checkTaxRate, col, copyFeesToUpcoming, exportFileName, feesChanged, filterOf, refusingTakenNames, toIso } from './setup';
