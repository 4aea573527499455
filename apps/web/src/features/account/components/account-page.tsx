import { Paper } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { useCurrentSession } from '../../auth';
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
    </>
  );
}
