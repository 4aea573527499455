// The first screens show notifications without Mantine's whole stylesheet (decision 015).
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_AUTO_CLOSE_MS } from '../lib/notify';

/** Loaded with the first notification (providers.tsx); notify.ts fills the store before this is shown. */
export function NotificationsHost() {
  return <Notifications autoClose={NOTIFICATION_AUTO_CLOSE_MS} position="top-right" />;
}
