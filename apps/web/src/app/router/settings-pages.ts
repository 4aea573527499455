import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const GymSettingsPage = lazyWithReload(
  'gym-settings',
  pick(() => import('../../features/gym-settings/components/gym-settings-page'), 'GymSettingsPage'),
);
const MessageTemplatesPage = lazyWithReload(
  'message-templates',
  pick(() => import('../../features/messages/components/message-templates-page'), 'MessageTemplatesPage'),
);

/**
 * Issue 22: `/gym-settings` (GymMutate; banners are one of its sections) and `/flows/templates` (FlowView: message
 * templates and the message log). Filled by the settings and messages helpers. `/gym-settings` is not one of spec
 * 2.8's phone routes (navigation.ts): the page still stacks its sections on a narrow desktop window.
 */
export const settingsPages: PageRegistry = {
  staff: { '/gym-settings': GymSettingsPage, '/flows/templates': MessageTemplatesPage },
};
