import { useState } from 'react';
import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { formatMoney, paymentMethodLabel, type ChargeResultView, type InvoiceDetail } from '@spotter/shared';
import { useAthletePaymentMethods, useChargeInvoice } from '../api/payment-methods';

const newKey = () => `charge-${crypto.randomUUID()}`;

/**
 * Issue 19: staff charge an invoice's balance to one of the athlete's saved methods (the invoice detail, InvoiceReportsView).
 * Hidden for a guest's invoice, when card payments are off, when the athlete has no saved method, or nothing is due.
 */
export function ChargeSavedMethod({ invoice }: { invoice: InvoiceDetail }) {
  const athleteId = invoice.athlete?.athleteId ?? '';
  const methods = useAthletePaymentMethods(athleteId);
  const charge = useChargeInvoice(invoice.invoiceId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const [result, setResult] = useState<ChargeResultView | null>(null);
  const due = invoice.balanceMinor > 0 && invoice.status !== 'void' && invoice.status !== 'draft';
  if (!athleteId || !methods.data?.cardPaymentsEnabled || methods.data.results.length === 0) return null;
  if (!due && !result) return null;
  const list = methods.data.results;
  const selected = chosen ?? list.find((m) => m.isDefault)?.paymentMethodId ?? list[0]!.paymentMethodId;
  const submit = () =>
    charge.mutate(
      { paymentMethodId: selected, idempotencyKey: key },
      {
        onSuccess: (r) => {
          setResult(r);
          if (r.outcome === 'failed') setKey(newKey());
        },
      },
    );
  return (
    <Stack gap="xs">
      {result?.outcome === 'succeeded' && (
        <Alert color="teal" role="status">
          Charged: the invoice is paid.
        </Alert>
      )}
      {result?.outcome === 'pending' && (
        <Alert color="blue" role="status">
          The bank payment is processing; the invoice shows as paid once it clears.
        </Alert>
      )}
      {result?.outcome === 'failed' && (
        <Alert color="red" role="alert">
          {result.failureMessage ?? 'The charge was declined.'}
        </Alert>
      )}
      {due && result?.outcome !== 'pending' && (
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Saved method"
            data={list.map((m) => ({ value: m.paymentMethodId, label: paymentMethodLabel(m) }))}
            value={selected}
            onChange={(v) => setChosen(v)}
            allowDeselect={false}
            w={260}
          />
          <Button onClick={submit} loading={charge.isPending}>
            Charge {formatMoney(invoice.balanceMinor, invoice.gym.country)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
