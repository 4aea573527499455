import { notifications } from '@mantine/notifications';

export const NOTIFICATION_AUTO_CLOSE_MS = 5000;

type NotifyInput = { title?: string; message: string };

// The close button is an icon only; it needs a name (axe button-name).
function toInput(input: NotifyInput | string) {
  return { closeButtonProps: { 'aria-label': 'Close notification' }, ...(typeof input === 'string' ? { message: input } : input) };
}

/** Spec 9: success is teal, error red, info yellow. */
export function notifySuccess(input: NotifyInput | string): void {
  notifications.show({ color: 'teal', autoClose: NOTIFICATION_AUTO_CLOSE_MS, ...toInput(input) });
}

export function notifyError(input: NotifyInput | string): void {
  notifications.show({ color: 'red', autoClose: NOTIFICATION_AUTO_CLOSE_MS, ...toInput(input) });
}

export function notifyInfo(input: NotifyInput | string): void {
  notifications.show({ color: 'yellow', autoClose: NOTIFICATION_AUTO_CLOSE_MS, ...toInput(input) });
}
