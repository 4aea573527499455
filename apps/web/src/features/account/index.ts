// What other features use of the account (eslint: a feature imports another only through its index).
export { StaffProfileForm, fieldErrorsOf } from './components/staff-profile-form';
export { emailError, requiredNameError } from './components/account-form-rules';
