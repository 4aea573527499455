import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const ProgrammingPage = lazyWithReload(
  'programming',
  pick(() => import('../../features/programming/components/programming-page'), 'ProgrammingPage'),
);
const IntegrationPage = lazyWithReload(
  'calendar-integration',
  pick(() => import('../../features/calendar-feeds/components/integration-page'), 'IntegrationPage'),
);

/** Issue 16: the workout of the day per class type, and the private calendar link (spec 2.7's calendar routes). */
export const programmingPages: PageRegistry = {
  staff: { '/calendar/programming': ProgrammingPage, '/calendar/integration': IntegrationPage },
};
