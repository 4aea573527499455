import { Box, Paper } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { useCurrentSession } from '../../auth';
import { CalendarFeedCard } from '../../calendar-feeds';
import { MyPaymentMethods } from '../../payment-methods';
import { AccountPanel } from './account-panel';

/** /account on a phone (spec 2.4 athlete tab, spec 2.8 mobile menu): the Account Details panel as a page. */
export function AccountPage() {
  const session = useCurrentSession();
  return (
    <>
      <PageHeader title="Account" />
      <Paper withBorder p="md" radius="md">
        <AccountPanel session={session} />
      </Paper>
      {/* Issue 16: the private calendar link of this gym profile (staff on a phone reach it here too). */}
      {session.gym && (
        <Paper withBorder p="md" radius="md" mt="md">
          <CalendarFeedCard holds={session.role === 'athlete' ? 'bookings' : 'coaching'} />
        </Paper>
      )}
      {/* Issue 19: an athlete's saved payment methods (shown when the gym takes card payments). */}
      {session.role === 'athlete' && session.gym && (
        <Box mt="md">
          <MyPaymentMethods />
        </Box>
      )}
    </>
  );
}
