// What other features use of the account (eslint: a feature imports another only through its index).
export { ProfilePictureUpload } from './components/profile-picture-upload';
export { dobError, firstFieldErrors, optionalNameError, requiredNameError, today, zipCodeError } from './components/account-form-rules';
