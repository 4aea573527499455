import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { localeOf, manualPaymentChoices, type InvoiceDetail, type ManualPaymentType, type PaymentView } from '@spotter/shared';
import { newIdempotencyKey, useRecordPayment, useRefundPayment, useVoidInvoice } from '../api/invoices';
import { money, toMinor } from './invoice-parts';

const currencyOf = (invoice: InvoiceDetail) => localeOf(invoice.gym.country).currency;

/** Record a manual payment (spec 3's four types): the balance by default, never more. */
export function RecordPaymentModal({ invoice, opened, onClose }: { invoice: InvoiceDetail; opened: boolean; onClose: () => void }) {
  const record = useRecordPayment(invoice.invoiceId);
  const [amount, setAmount] = useState<string | number>(invoice.balanceMinor / 100);
  const [type, setType] = useState<ManualPaymentType>('cash_or_check');
  const [reference, setReference] = useState('');
  // One key per attempt: a double click or a retry after a lost answer records one payment.
  const [key, setKey] = useState(newIdempotencyKey);
  const minor = toMinor(amount);
  const error =
    !Number.isFinite(minor) || minor <= 0
      ? 'Enter an amount greater than zero.'
      : minor > invoice.balanceMinor
        ? `At most the balance, ${money(invoice.balanceMinor, invoice.gym.country)}.`
        : null;
  const close = () => {
    setKey(newIdempotencyKey());
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Record a payment on ${invoice.numberText}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (error) return;
          record.mutate({ amountMinor: minor, type, reference: reference.trim() || undefined, idempotencyKey: key }, { onSuccess: close });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">Balance due: {money(invoice.balanceMinor, invoice.gym.country)}</Text>
          <NumberInput
            label={`Amount (${currencyOf(invoice)})`}
            value={amount}
            onChange={setAmount}
            min={0.01}
            decimalScale={2}
            fixedDecimalScale
            error={error}
            required
            data-autofocus
          />
          <Select
            label="Paid by"
            data={manualPaymentChoices(invoice.gym.country)}
            value={type}
            onChange={(v) => v && setType(v as ManualPaymentType)}
            allowDeselect={false}
            required
          />
          <TextInput
            label="Reference"
            description="A check number, gift card code or terminal receipt (optional)"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            maxLength={100}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending} disabled={Boolean(error)}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Refund part or all of a payment, with a reason; never more than it still holds. */
export function RefundModal({ invoice, payment, onClose }: { invoice: InvoiceDetail; payment: PaymentView | null; onClose: () => void }) {
  const refund = useRefundPayment(invoice.invoiceId);
  const left = payment ? payment.amountMinor - payment.refundedMinor : 0;
  const [amount, setAmount] = useState<string | number>(left / 100);
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (payment && shownFor !== payment.paymentId) {
    // A new payment chosen: its whole remainder by default, a new attempt.
    setShownFor(payment.paymentId);
    setAmount(left / 100);
    setReason('');
    setKey(newIdempotencyKey());
  }
  const minor = toMinor(amount);
  const amountError =
    !Number.isFinite(minor) || minor <= 0
      ? 'Enter an amount greater than zero.'
      : minor > left
        ? `At most what is left of this payment, ${money(left, invoice.gym.country)}.`
        : null;
  return (
    <Modal opened={payment !== null} onClose={onClose} title="Refund a payment" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {payment && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (amountError || !reason.trim()) return;
            refund.mutate({ paymentId: payment.paymentId, amountMinor: minor, reason: reason.trim(), idempotencyKey: key }, { onSuccess: onClose });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {money(payment.amountMinor, invoice.gym.country)} paid; {money(left, invoice.gym.country)} can still be refunded.
            </Text>
            <NumberInput
              label={`Refund amount (${currencyOf(invoice)})`}
              value={amount}
              onChange={setAmount}
              min={0.01}
              decimalScale={2}
              fixedDecimalScale
              error={amountError}
              required
              data-autofocus
            />
            <Textarea label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} required autosize minRows={2} />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="red.9" loading={refund.isPending} disabled={Boolean(amountError) || !reason.trim()}>
                Refund
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Void an invoice with nothing paid on it, with a reason. */
export function VoidModal({ invoice, opened, onClose }: { invoice: InvoiceDetail; opened: boolean; onClose: () => void }) {
  const voidIt = useVoidInvoice(invoice.invoiceId);
  const [reason, setReason] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={`Void ${invoice.numberText}?`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) return;
          voidIt.mutate(reason.trim(), { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">A void invoice stays in the list, but nothing is owed on it and it cannot be paid.</Text>
          <Textarea
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            required
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Keep it
            </Button>
            <Button type="submit" color="red.9" loading={voidIt.isPending} disabled={!reason.trim()}>
              Void invoice
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
