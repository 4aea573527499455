import { useState } from 'react';
import { Alert, Button, Card, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type ChargeResultView, type InvoiceDetail } from '@spotter/shared';
import { useMyPaymentMethods, usePayMyInvoice } from '../api/payment-methods';
import { MethodLine } from './method-list';
import { AddPaymentMethod } from './add-payment-method';

const newKey = () => `pay-${crypto.randomUUID()}`;

/** What the athlete reads once they paid: paid, being processed (a bank debit), or declined with the provider's reason. */
function Outcome({ result }: { result: ChargeResultView }) {
  if (result.outcome === 'succeeded' || result.outcome === 'nothing_due') {
    return (
      <Alert color="teal" title="Paid" role="status">
        Thank you: the invoice is paid.
      </Alert>
    );
  }
  if (result.outcome === 'pending') {
    return (
      <Alert color="blue" title="Payment processing" role="status">
        Your bank payment is on its way. The invoice shows as paid once it clears, usually within a few days.
      </Alert>
    );
  }
  return (
    <Alert color="red" title="The payment did not go through" role="alert">
      {result.failureMessage ?? 'The payment was declined.'} Choose another method or try again.
    </Alert>
  );
}

/**
 * Issue 19: the athlete's "Pay" area on `/invoices/{invoiceId}`: choose a saved method and pay the balance. Hidden when
 * card payments are off or nothing is due; with no saved method it offers to add one (Stripe.js, when configured).
 */
export function PayInvoice({ invoice }: { invoice: InvoiceDetail }) {
  const methods = useMyPaymentMethods();
  const pay = usePayMyInvoice(invoice.invoiceId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const [result, setResult] = useState<ChargeResultView | null>(null);
  const due = invoice.balanceMinor > 0 && invoice.status !== 'void' && invoice.status !== 'draft';
  if (methods.isError) return null;
  if (!methods.data) return due ? <Skeleton height={120} radius="md" aria-busy="true" /> : null;
  if (!methods.data.cardPaymentsEnabled) return null;
  if (!due && !result) return null;
  const list = methods.data.results;
  // A bank debit (or a charge) still in flight: paying again would be refused until it settles.
  const inFlight = invoice.payments.some((p) => p.kind === 'payment' && p.status === 'pending');
  if (inFlight && !result) {
    return (
      <Alert color="blue" title="Payment processing" role="status">
        A payment of this invoice is being processed. It shows as paid once it clears.
      </Alert>
    );
  }
  const selected = chosen ?? list.find((m) => m.isDefault)?.paymentMethodId ?? list[0]?.paymentMethodId ?? null;
  const amount = formatMoney(invoice.balanceMinor, invoice.gym.country);

  const submit = () => {
    if (!selected) return;
    pay.mutate(
      { paymentMethodId: selected, idempotencyKey: key },
      {
        onSuccess: (r) => {
          setResult(r);
          // A declined charge may be tried again (another method, or later) as a new payment.
          if (r.outcome === 'failed') setKey(newKey());
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="pay-invoice-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="pay-invoice-title">
          Pay this invoice
        </Title>
        {result && <Outcome result={result} />}
        {due && result?.outcome !== 'pending' && (
          <>
            {list.length === 0 ? (
              <Text size="sm">You have no saved payment method yet. Add one to pay {amount}.</Text>
            ) : (
              <Radio.Group label="Pay with" value={selected} onChange={setChosen}>
                <Stack gap="xs" mt="xs">
                  {list.map((m) => (
                    <Radio key={m.paymentMethodId} value={m.paymentMethodId} label={<MethodLine method={m} />} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {list.length > 0 && (
              <Button onClick={submit} loading={pay.isPending} disabled={!selected} fullWidth={false}>
                Pay {amount}
              </Button>
            )}
            <AddPaymentMethod compact={list.length > 0} />
          </>
        )}
      </Stack>
    </Card>
  );
}
