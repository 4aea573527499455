import { Paper } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { CalendarFeedCard } from './calendar-feed-card';

/** Spec 2.7 `/calendar/integration` (issue 16): the staff member's private calendar link. */
export function IntegrationPage() {
  return (
    <>
      <PageHeader title="Integration" />
      <Paper withBorder p="md" radius="md" maw={760}>
        <CalendarFeedCard holds="coaching" />
      </Paper>
    </>
  );
}
