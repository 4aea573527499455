// What other features use of the account (eslint: a feature imports another only through its index).
export { StaffProfileForm, fieldErrorsOf } from './components/staff-profile-form';
export { ProfilePictureUpload } from './components/profile-picture-upload';
export { dobError, emailError, optionalNameError, requiredNameError, today, zipCodeError } from './components/account-form-rules';
export { AddressFields, asCountry, toAddressFormValues, toAddressInput, type AddressFormValues } from './components/address-fields';
