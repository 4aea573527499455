import '@mantine/core/styles/List.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, List, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney, type ChargeResultView, type GymCountry, type PortalPurchase } from '@spotter/shared';
import { errorMessage } from '../../../lib/api-client';
import { SignDocumentForm } from '../../documents';
import { AddPaymentMethod, MethodLine, useMyPaymentMethods, usePayMyInvoice } from '../../payment-methods';
import { usePortalDocument, useSignPortalDocument } from '../api/portal-steps';

export type PortalAfterPurchaseProps = {
  sale: PortalPurchase;
  packageName: string;
  gymTitle: string;
  country: GymCountry;
  allowPayAtDesk: boolean;
  /** The portal's accent on the main buttons. */
  accent: { color: string; c: string };
};

type Paid = 'card' | 'processing' | 'desk' | 'nothing';

/**
 * Issue 18 steps 3 to 5, after the sale is made (issue 20: its required documents were issued with it): sign each
 * document the buyer has open (or leave it for later), pay by card with a saved method or a new one (or at the front
 * desk), then the confirmation, which lists any document still to sign with a link to it. Loaded only once a purchase
 * is made, so the portal's first screen stays small.
 */
export function PortalAfterPurchase({ sale, packageName, gymTitle, country, allowPayAtDesk, accent }: PortalAfterPurchaseProps) {
  const [index, setIndex] = useState(0);
  const [signed, setSigned] = useState<string[]>([]);
  const [paid, setPaid] = useState<Paid | null>(sale.dueMinor <= 0 || !sale.invoiceId ? 'nothing' : sale.paymentMethod === 'front_desk' ? 'desk' : null);
  const documents = sale.documents;
  const current = documents[index];

  if (current) {
    return (
      <SignStep
        key={current.documentId}
        documentId={current.documentId}
        title={current.title}
        position={index + 1}
        count={documents.length}
        onDone={(wasSigned) => {
          if (wasSigned) setSigned((s) => [...s, current.documentId]);
          setIndex((i) => i + 1);
        }}
      />
    );
  }
  if (paid === null) {
    return (
      <PayStep
        invoiceId={sale.invoiceId!}
        dueMinor={sale.dueMinor}
        gymTitle={gymTitle}
        country={country}
        allowPayAtDesk={allowPayAtDesk}
        accent={accent}
        onDone={setPaid}
      />
    );
  }
  const unsigned = documents.filter((d) => !signed.includes(d.documentId));
  const money = formatMoney(sale.dueMinor, country);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {gymTitle}
        </Text>
        <Title order={1} fz={26}>
          Purchase complete
        </Title>
      </Stack>
      <Alert color="teal" title={`You now hold ${packageName}`} role="status">
        {paid === 'card' && `Paid ${money} by card. Thank you!`}
        {paid === 'processing' && `Your payment of ${money} is being processed. It shows as paid once it clears.`}
        {paid === 'desk' && `Pay ${money} at the front desk on your first visit.`}
        {paid === 'nothing' && 'Nothing is due today.'}
      </Alert>
      {unsigned.length > 0 && (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="portal-unsigned">
          <Stack gap="xs">
            <Title order={2} fz="lg" id="portal-unsigned">
              Still to sign
            </Title>
            <Text size="sm">Sign these before your first class: the gym needs them on file.</Text>
            <List spacing={4}>
              {unsigned.map((d) => (
                <List.Item key={d.documentId}>
                  <Anchor component={Link} to={`/documents/unsigned/${d.documentId}`}>
                    Sign {d.title}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Card>
      )}
      <Button component={Link} to="/packages" size="md" fullWidth {...accent}>
        Go to my packages
      </Button>
    </Stack>
  );
}

function SignStep({
  documentId,
  title,
  position,
  count,
  onDone,
}: {
  documentId: string;
  title: string;
  position: number;
  count: number;
  onDone: (signed: boolean) => void;
}) {
  const doc = usePortalDocument(documentId);
  const sign = useSignPortalDocument(documentId);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          Document {position} of {count}
        </Text>
        <Title order={1} fz={26}>
          Sign {title}
        </Title>
        <Text size="sm">Read it, then sign below. Your package is held already; the gym needs this before your first class.</Text>
      </Stack>
      {doc.isPending && (
        <Stack role="status" gap="sm" aria-busy="true" aria-label="Loading the document">
          <Skeleton height={180} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      )}
      {doc.isError && (
        <Alert color="red" title="The document could not be loaded">
          {errorMessage(doc.error)}
        </Alert>
      )}
      {doc.data?.state === 'unsigned' && (
        <SignDocumentForm
          document={doc.data}
          onSign={async (input) => {
            await sign.mutateAsync(input);
            onDone(true);
          }}
          onStale={() => void doc.refetch()}
        />
      )}
      {doc.data && doc.data.state !== 'unsigned' && (
        <Alert color="teal" title={doc.data.state === 'signed' ? 'Already signed' : 'Nothing to sign'}>
          {doc.data.state === 'signed' ? 'This document is signed.' : 'The gym withdrew this document: it needs no signature.'}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => onDone(doc.data?.state === 'signed')}>
          {doc.data?.state === 'signed' ? 'Continue' : 'Sign later'}
        </Button>
      </Group>
    </Stack>
  );
}

const newKey = () => `portal-pay-${crypto.randomUUID()}`;

function PayStep({
  invoiceId,
  dueMinor,
  gymTitle,
  country,
  allowPayAtDesk,
  accent,
  onDone,
}: {
  invoiceId: string;
  dueMinor: number;
  gymTitle: string;
  country: GymCountry;
  allowPayAtDesk: boolean;
  accent: { color: string; c: string };
  onDone: (paid: Paid) => void;
}) {
  const methods = useMyPaymentMethods();
  const pay = usePayMyInvoice(invoiceId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const [failed, setFailed] = useState<ChargeResultView | null>(null);
  const amount = formatMoney(dueMinor, country);
  const list = methods.data?.results ?? [];
  const selected = chosen ?? list.find((m) => m.isDefault)?.paymentMethodId ?? list[0]?.paymentMethodId ?? null;

  const submit = () => {
    if (!selected) return;
    pay.mutate(
      { paymentMethodId: selected, idempotencyKey: key },
      {
        onSuccess: (r) => {
          if (r.outcome === 'succeeded' || r.outcome === 'nothing_due') return onDone('card');
          if (r.outcome === 'pending') return onDone('processing');
          // A declined card may be tried again (another card, or later) as a new payment.
          setFailed(r);
          setKey(newKey());
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {gymTitle}
        </Text>
        <Title order={1} fz={26}>
          Pay {amount}
        </Title>
        <Text size="sm">Your card is charged now. The card details go to the payment provider, never to the gym.</Text>
      </Stack>
      {failed && (
        <Alert color="red" title="The payment did not go through" role="alert">
          {failed.failureMessage ?? 'The payment was declined.'} Choose another card or try again.
        </Alert>
      )}
      {methods.isPending && <Skeleton role="status" height={120} radius="md" aria-busy="true" aria-label="Loading your payment methods" />}
      {methods.isError && (
        <Alert color="red" title="Your payment methods could not be loaded">
          {errorMessage(methods.error)}
        </Alert>
      )}
      {methods.data && (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="portal-pay-with">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="portal-pay-with">
              Pay with
            </Title>
            {list.length === 0 ? (
              <Text size="sm">You have no saved card yet. Add one to pay {amount}.</Text>
            ) : (
              <Radio.Group aria-label="Saved payment methods" value={selected} onChange={setChosen}>
                <Stack gap="xs">
                  {list.map((m) => (
                    <Radio key={m.paymentMethodId} value={m.paymentMethodId} label={<MethodLine method={m} />} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            <AddPaymentMethod compact={list.length > 0} />
          </Stack>
        </Card>
      )}
      <Button size="md" fullWidth {...accent} onClick={submit} loading={pay.isPending} disabled={!selected}>
        Pay {amount}
      </Button>
      {allowPayAtDesk && (
        <Button variant="subtle" onClick={() => onDone('desk')}>
          Pay at the front desk instead
        </Button>
      )}
    </Stack>
  );
}
