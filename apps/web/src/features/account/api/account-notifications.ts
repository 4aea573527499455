/** Spec 8: the account details texts. */
export const accountUpdateNotices = {
  success: 'Account details updated successfully',
  errorTitle: 'Account details update failed',
} as const;
