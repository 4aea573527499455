import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { invoiceSourceLabels, localeOf, paymentChannelLabel, toZoned, type InvoiceDetail, type PaymentView } from '@spotter/shared';
import { useIsNarrow } from '../../event-setup';
import { useDownloadInvoicePdf, useSendInvoice } from '../api/invoices';
import { RecordPaymentModal, RefundModal, VoidModal } from './invoice-actions';
import { billedTo, day, InvoiceStatusBadge, money } from './invoice-parts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="#495057" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** Spec 9: the totals in the country's words (Pre-tax / Tax in the US and Canada; Total / includes VAT in the UK). */
function Totals({ invoice }: { invoice: InvoiceDetail }) {
  const l = localeOf(invoice.gym.country);
  const m = (n: number) => money(n, invoice.gym.country);
  const rows: [string, string, boolean][] = invoice.isTaxInclusive
    ? [
        ['Total', m(invoice.totalMinor), true],
        [`includes ${l.taxLabel}`, m(invoice.taxMinor), false],
      ]
    : [
        [l.amountLabel === 'Total' ? `Before ${l.taxLabel}` : 'Pre-tax', m(invoice.netMinor), false],
        [l.taxLabel, m(invoice.taxMinor), false],
        ['Total', m(invoice.totalMinor), true],
      ];
  rows.push(['Paid', m(invoice.paidMinor), false], ['Balance due', m(invoice.balanceMinor), true]);
  return (
    <Stack gap={2} align="flex-end" aria-label="Totals">
      {rows.map(([k, v, strong]) => (
        <Group key={k} gap="md" justify="flex-end" wrap="nowrap">
          <Text size="sm" fw={strong ? 700 : 400}>
            {k}
          </Text>
          <Text size="sm" fw={strong ? 700 : 400} miw={90} ta="right">
            {v}
          </Text>
        </Group>
      ))}
      {invoice.isTaxInclusive && (
        <Text size="xs" c="#495057">
          Prices include {l.taxLabel === 'VAT' ? 'VAT' : 'tax'}.
        </Text>
      )}
    </Stack>
  );
}

function paymentWhat(p: PaymentView, country: InvoiceDetail['gym']['country']) {
  const how = p.methodLabel ?? paymentChannelLabel(p.channel, country);
  return p.kind === 'refund' ? `Refund · ${how}` : how;
}

function Payments({ invoice, onRefund }: { invoice: InvoiceDetail; onRefund?: (p: PaymentView) => void }) {
  const tz = invoice.gym.timeZone;
  if (invoice.payments.length === 0) {
    return (
      <Text size="sm" c="#495057">
        No payments yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Payments and refunds">
      {invoice.payments.map((p) => {
        const left = p.amountMinor - p.refundedMinor;
        const refundable = onRefund && p.kind === 'payment' && p.status === 'succeeded' && left > 0 && invoice.status !== 'void';
        return (
          <Card key={p.paymentId} component="li" withBorder radius="sm" padding="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {paymentWhat(p, invoice.gym.country)}
                  {p.status !== 'succeeded' && ` (${p.status === 'pending' ? 'processing' : 'failed'})`}
                </Text>
                <Text size="xs" c="#495057">
                  {day(toZoned(new Date(p.createdAt), tz).date, invoice.gym.country)}
                  {p.reference ? ` · Ref. ${p.reference}` : ''}
                  {p.reason ? ` · ${p.reason}` : ''}
                  {p.failureMessage ? ` · ${p.failureMessage}` : ''}
                  {p.kind === 'payment' && p.refundedMinor > 0 ? ` · ${money(p.refundedMinor, invoice.gym.country)} refunded` : ''}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} c={p.kind === 'refund' ? '#8f1d1d' : undefined}>
                  {p.kind === 'refund' ? '−' : ''}
                  {money(p.amountMinor, invoice.gym.country)}
                </Text>
                {refundable && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => onRefund(p)}
                    aria-label={`Refund ${paymentWhat(p, invoice.gym.country)} ${money(p.amountMinor, invoice.gym.country)}`}
                  >
                    Refund
                  </Button>
                )}
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

type Props = {
  invoice: InvoiceDetail;
  /** Staff holding InvoiceReportsView: payments, refunds, void, send. */
  staff?: boolean;
  /** The athlete's own invoice (its PDF through the athlete's endpoint). */
  mine?: boolean;
  /** The athlete's Pay area (H3's PayInvoice), shown under the totals. */
  payArea?: ReactNode;
};

/** One invoice: who and when, its lines, totals in the gym's words, payments and refunds, and what staff may do. */
export function InvoiceDetailView({ invoice, staff = false, mine = false, payArea }: Props) {
  const country = invoice.gym.country;
  const l = localeOf(country);
  const isNarrow = useIsNarrow();
  const pdf = useDownloadInvoicePdf(mine);
  const send = useSendInvoice(invoice.invoiceId);
  const [paying, setPaying] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [refunding, setRefunding] = useState<PaymentView | null>(null);
  const isVoid = invoice.status === 'void';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3">
            {invoice.numberText}
          </Title>
          <Text size="sm">{billedTo(invoice)}</Text>
        </div>
        <InvoiceStatusBadge status={invoice.status} />
      </Group>
      <Group gap="xl" wrap="wrap">
        <Fact label="Issued">{day(invoice.issueDate, country)}</Fact>
        <Fact label="Due">{day(invoice.dueDate, country)}</Fact>
        <Fact label="For">{invoiceSourceLabels[invoice.source]}</Fact>
        {invoice.periodStart && invoice.periodEnd && <Fact label="Period">{`${day(invoice.periodStart, country)} – ${day(invoice.periodEnd, country)}`}</Fact>}
      </Group>
      {invoice.failedAttempts > 0 && !isVoid && invoice.balanceMinor > 0 && (
        <Alert color="red" variant="light" title="A card payment failed" c="#8f1d1d">
          {invoice.lastFailureMessage ?? 'The saved payment method was declined.'}
          {invoice.nextRetryOn ? ` It will be tried again on ${day(invoice.nextRetryOn, country)}.` : ''}
        </Alert>
      )}
      {isVoid && (
        <Alert color="gray" variant="light" title="Void" c="#343a40">
          {invoice.voidReason ?? 'This invoice is void.'}
        </Alert>
      )}
      {isNarrow ? (
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Invoice lines">
          {invoice.lines.map((line, i) => (
            <Group key={i} component="li" justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm">{line.description}</Text>
                <Text size="xs" c="#495057">
                  {`${line.quantity} × ${money(line.itemPriceMinor, country)}${line.taxRateValue === null ? '' : ` · ${l.taxLabel} ${line.taxRateValue}%`}`}
                </Text>
              </Stack>
              <Text size="sm">{money(invoice.isTaxInclusive ? line.totalMinor : line.netMinor, country)}</Text>
            </Group>
          ))}
        </Stack>
      ) : (
        <Table verticalSpacing={4} aria-label="Invoice lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">{`${l.taxLabel} rate`}</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((line, i) => (
              <Table.Tr key={i}>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td ta="right">{money(line.itemPriceMinor, country)}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{line.taxRateValue === null ? '—' : `${line.taxRateValue}%`}</Table.Td>
                <Table.Td ta="right">{money(invoice.isTaxInclusive ? line.totalMinor : line.netMinor, country)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Totals invoice={invoice} />
      {payArea}
      <div>
        <Title order={3} size="h5" mb="xs">
          Payments and refunds
        </Title>
        <Payments invoice={invoice} onRefund={staff ? setRefunding : undefined} />
      </div>
      <Group gap="sm" wrap="wrap">
        {staff && !isVoid && invoice.balanceMinor > 0 && <Button onClick={() => setPaying(true)}>Record payment</Button>}
        <Button variant="default" onClick={() => pdf.mutate(invoice)} loading={pdf.isPending}>
          Download PDF
        </Button>
        {staff && (
          <Button variant="default" onClick={() => send.mutate()} loading={send.isPending}>
            Email invoice
          </Button>
        )}
        {staff && !isVoid && invoice.paidMinor === 0 && (
          <Button variant="subtle" color="red" c="#a51d1d" onClick={() => setVoiding(true)}>
            Void
          </Button>
        )}
      </Group>
      {staff && (
        <>
          {paying && <RecordPaymentModal invoice={invoice} opened={paying} onClose={() => setPaying(false)} />}
          {voiding && <VoidModal invoice={invoice} opened={voiding} onClose={() => setVoiding(false)} />}
          <RefundModal invoice={invoice} payment={refunding} onClose={() => setRefunding(null)} />
        </>
      )}
    </Stack>
  );
}
