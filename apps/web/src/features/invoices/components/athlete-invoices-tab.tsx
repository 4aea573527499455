import { useState } from 'react';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentSession } from '../../auth';
import { useIsNarrow } from '../../event-setup';
import { useGym } from '../../events';
import { SavedMethodsCard } from '../../payment-methods';
import { useAthleteInvoices } from '../api/invoices';
import { Empty, InvoiceDrawer, InvoiceList, InvoiceTotals } from './invoice-list';

/** The athlete page's Invoices tab (issue 19): the athlete's invoices with their totals; each opens its detail. */
export function AthleteInvoicesTab({ athleteId, canManage }: { athleteId: string; canManage: boolean }) {
  const session = useCurrentSession();
  const gym = useGym(session.gym?.gymId ?? '');
  const country = gym.data?.country ?? null;
  const isNarrow = useIsNarrow();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const invoices = useAthleteInvoices(athleteId, page);
  return (
    <>
      <SavedMethodsCard athleteId={athleteId} />
      <InvoiceTotals page={invoices.data} country={country} />
      <InvoiceList
        query={invoices}
        country={country}
        page={page}
        onPage={setPage}
        onOpen={canManage ? setOpenId : undefined}
        isNarrow={isNarrow}
        withParty={false}
        empty={<Empty>No invoices yet. Selling this athlete a package or an item at the front desk makes one.</Empty>}
      />
      {canManage && (
        <Group mt="sm">
          <Anchor component={Link} to={`/invoices?athleteId=${athleteId}`} size="sm">
            Open in Invoices
          </Anchor>
        </Group>
      )}
      {!canManage && (
        <Text size="xs" c="#495057" mt="sm">
          Taking payments and refunds needs the Invoice Reports permission.
        </Text>
      )}
      {canManage && <InvoiceDrawer invoiceId={openId} onClose={() => setOpenId(null)} isNarrow={isNarrow} />}
    </>
  );
}
