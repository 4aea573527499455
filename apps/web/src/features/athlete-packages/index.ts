// What other features use of athlete packages (eslint: a feature imports another only through its index).
export { PackagesTab, AthleteSellPackageDialog } from './components/packages-tab';
export { athletePackageKeys } from './api/athlete-packages';
