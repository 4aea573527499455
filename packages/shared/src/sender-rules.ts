/**
 * Spec 5: the gym's sender name and reply-to (issue 22's email identity). A module of its own, not validation-rules.ts:
 * only the settings page and the server use them, and validation-rules is on every first screen.
 */

const SENDER_NAME = /^[A-Za-z0-9 '&.-]{1,64}$/;
export const senderNameMessages = {
  required: 'Sender name is required.',
  invalid: 'Sender name must be 1 to 64 characters: letters, digits, spaces, apostrophes, ampersands, periods and hyphens.',
} as const;
export function isValidSenderName(value: string): boolean {
  return SENDER_NAME.test(value);
}
export const replyToMessages = {
  required: "'Reply to' email is required.",
  invalid: "Please provide a valid 'Reply To' value.",
} as const;
