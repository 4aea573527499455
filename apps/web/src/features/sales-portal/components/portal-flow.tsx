import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Radio, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatMoney,
  packageKindLabels,
  salesPortalMessages,
  type PortalPackage,
  type PortalPaymentMethod,
  type PortalPurchase,
  type SalesPortal,
} from '@spotter/shared';
import { RichText } from '../../../components/rich-text';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { usePortalPurchase, useSalesPortal } from '../api/portal';
import { accentButton, dateText, firstCharge, fromPrice, packageAllowance, planCadence, planPrice } from '../lib/plans';
import { PortalAccount } from './portal-account';

// Steps 3 to 5 (documents, card, confirmation) load once a purchase is made: the first screen stays small (decision 014).
const PortalAfterPurchase = lazy(() => import('./portal-after-purchase').then((m) => ({ default: m.PortalAfterPurchase })));

export type PortalFlowProps = {
  slug: string;
  /** Where the flow's steps live: /sales-portal/{slug} (public) or /packages/sales-portal (the athlete app). */
  base: string;
  packageId?: string;
  billingPlanId?: string;
};

const FETCH_FAILED = 'Something went wrong while fetching data!';

/**
 * Issue 18: the sales portal's steps, phone first. A package, then one of its billing plans with its first charge, then
 * an account (made or logged in to, without leaving the page) and the way to pay; the purchase is then made (issuing the
 * package's required documents), the buyer signs their documents, pays by card (or at the desk) and lands in the athlete
 * app holding the package.
 */
export function PortalFlow({ slug, base, packageId, billingPlanId }: PortalFlowProps) {
  const portal = useSalesPortal(slug);
  if (portal.isPending) return <FlowSkeleton />;
  if (portal.isError) {
    const isMissing = isApiError(portal.error) && portal.error.status === 404;
    return (
      <Alert color="red" title={isMissing ? 'Sales portal not found' : 'Error'}>
        {isMissing ? salesPortalMessages.portalNotFound : FETCH_FAILED}
      </Alert>
    );
  }
  const data = portal.data;
  const pkg = packageId ? data.packages.find((p) => p.packageId === packageId) : undefined;
  if (packageId && !pkg) return <Missing base={base} text={salesPortalMessages.packageNotFound} />;
  if (!pkg) return <PackageList portal={data} base={base} />;
  const plan = billingPlanId ? pkg.billingPlans.find((p) => p.billingPlanId === billingPlanId) : undefined;
  if (billingPlanId && !plan) return <Missing base={`${base}/${pkg.packageId}`} text="This billing plan is not offered any more. Choose another one." />;
  if (!plan) return <PlanList portal={data} pkg={pkg} base={base} />;
  return <Checkout portal={data} pkg={pkg} planId={plan.billingPlanId} base={base} slug={slug} />;
}

function FlowSkeleton() {
  return (
    <Stack role="status" gap="md" aria-busy="true" aria-label="Loading the sales portal">
      <Skeleton height={32} width="70%" />
      <Skeleton height={16} width="90%" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={112} radius="md" />
      ))}
    </Stack>
  );
}

function Missing({ base, text }: { base: string; text: string }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" title="Not available">
        {text}
      </Alert>
      <Anchor component={Link} to={base}>
        See every package
      </Anchor>
    </Stack>
  );
}

function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      ← {children}
    </Anchor>
  );
}

function PackageList({ portal, base }: { portal: SalesPortal; base: string }) {
  const country = portal.gym.country;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {portal.gym.title}
        </Text>
        <Title order={1} fz={26}>
          {portal.headline || `Join ${portal.gym.title}`}
        </Title>
        {portal.introduction && <RichText html={portal.introduction} />}
      </Stack>
      {portal.packages.length === 0 ? (
        <Alert color="gray" title="Nothing on sale yet">
          This gym has no packages on sale online yet. Ask the front desk.
        </Alert>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Packages">
          {portal.packages.map((pkg) => (
            <Card component="li" key={pkg.packageId} withBorder radius="md" padding="md">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={2} fz="lg">
                    {pkg.name}
                  </Title>
                  <Badge variant="light" color="gray" style={{ flexShrink: 0 }} maw="none">
                    {packageKindLabels[pkg.kind]}
                  </Badge>
                </Group>
                <Text size="sm">{packageAllowance(pkg)}</Text>
                {fromPrice(pkg, country) && (
                  <Text fw={700} size="lg">
                    {fromPrice(pkg, country)}
                  </Text>
                )}
                <Button
                  component={Link}
                  to={`${base}/${pkg.packageId}`}
                  {...accentButton(portal.accentColor)}
                  fullWidth
                  mt={4}
                  aria-label={`Choose ${pkg.name}`}
                >
                  Choose
                </Button>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PlanList({ portal, pkg, base }: { portal: SalesPortal; pkg: PortalPackage; base: string }) {
  const { country, isTaxInclusive } = portal.gym;
  return (
    <Stack gap="lg">
      <BackLink to={base}>All packages</BackLink>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {portal.gym.title} · {packageKindLabels[pkg.kind]}
        </Text>
        <Title order={1} fz={26}>
          {pkg.name}
        </Title>
        <Text size="sm">{packageAllowance(pkg)}</Text>
        {pkg.description && <RichText html={pkg.description} />}
      </Stack>
      <Title order={2} fz="lg">
        Choose a billing plan
      </Title>
      {pkg.billingPlans.length === 0 ? (
        <Alert color="gray">This package has no billing plan on sale yet. Ask the front desk.</Alert>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Billing plans">
          {pkg.billingPlans.map((plan) => {
            const charge = firstCharge(pkg, plan, portal.today, country, isTaxInclusive);
            return (
              <Card component="li" key={plan.billingPlanId} withBorder radius="md" padding="md">
                <Stack gap={6}>
                  <Title order={3} fz="md">
                    {plan.name}
                  </Title>
                  <Text fw={700}>{planPrice(plan, country)}</Text>
                  {charge.isProrated && (
                    <Text size="sm">
                      First charge {formatMoney(charge.firstChargeMinor, country)} for today to {dateText(charge.periodEnd, country)} (prorated).
                    </Text>
                  )}
                  {pkg.signUpFeeMinor > 0 && <Text size="sm">Sign-up fee {formatMoney(pkg.signUpFeeMinor, country)}</Text>}
                  <Button
                    component={Link}
                    to={`${base}/${pkg.packageId}/${plan.billingPlanId}`}
                    {...accentButton(portal.accentColor)}
                    fullWidth
                    mt={4}
                    aria-label={`Choose ${plan.name}`}
                  >
                    Choose this plan
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

function Checkout({ portal, pkg, planId, base, slug }: { portal: SalesPortal; pkg: PortalPackage; planId: string; base: string; slug: string }) {
  const plan = pkg.billingPlans.find((p) => p.billingPlanId === planId)!;
  const { country, isTaxInclusive } = portal.gym;
  const charge = firstCharge(pkg, plan, portal.today, country, isTaxInclusive);
  const session = useSession().data ?? null;
  const purchase = usePortalPurchase(slug);
  // One key per checkout: a retry or a double click is the same purchase.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const ways: PortalPaymentMethod[] = [...(portal.acceptsCards ? (['card'] as const) : []), ...(portal.allowPayAtDesk ? (['front_desk'] as const) : [])];
  const [method, setMethod] = useState<PortalPaymentMethod | null>(ways[0] ?? null);
  const [step, setStep] = useState<'create' | 'login'>('create');
  const [sale, setSale] = useState<PortalPurchase | null>(null);
  const money = (minor: number) => formatMoney(minor, country);

  const confirm = () => {
    if (!method) return;
    purchase.mutate({ packageId: pkg.packageId, billingPlanId: plan.billingPlanId, paymentMethod: method, idempotencyKey }, { onSuccess: setSale });
  };

  if (sale) {
    return (
      <Suspense fallback={<FlowSkeleton />}>
        <PortalAfterPurchase
          sale={sale}
          packageName={pkg.name}
          gymTitle={portal.gym.title}
          country={country}
          allowPayAtDesk={portal.allowPayAtDesk}
          accent={accentButton(portal.accentColor)}
        />
      </Suspense>
    );
  }

  return (
    <Stack gap="lg">
      <BackLink to={`${base}/${pkg.packageId}`}>Other plans</BackLink>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {portal.gym.title}
        </Text>
        <Title order={1} fz={26}>
          Checkout
        </Title>
      </Stack>

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="portal-summary">
        <Stack gap={6}>
          <Title order={2} fz="lg" id="portal-summary">
            {pkg.name} · {plan.name}
          </Title>
          <Text size="sm">{packageAllowance(pkg)}</Text>
          <Text size="sm">{planPrice(plan, country)}</Text>
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 4 }}>
            <Text component="dt" size="sm">
              {charge.isProrated
                ? `First period, today to ${dateText(charge.periodEnd, country)} (prorated)`
                : `First ${plan.paymentCount === 1 ? 'payment' : 'period'}`}
            </Text>
            <Text component="dd" size="sm" m={0} ta="right">
              {money(charge.firstChargeMinor)}
            </Text>
            {charge.signUpFeeMinor > 0 && (
              <>
                <Text component="dt" size="sm">
                  Sign-up fee
                </Text>
                <Text component="dd" size="sm" m={0} ta="right">
                  {money(charge.signUpFeeMinor)}
                </Text>
              </>
            )}
            <Text component="dt" fw={700}>
              Due today
            </Text>
            <Text component="dd" fw={700} m={0} ta="right">
              {money(charge.dueMinor)}
            </Text>
          </dl>
          {charge.taxWording && (
            <Text size="sm" c="dimmed">
              {charge.taxWording}
            </Text>
          )}
          {charge.nextBillingDate && plan.paymentCount !== 1 && (
            <Text size="sm" c="dimmed">
              Then {money(plan.priceMinor)} {planCadence(plan)}, next on {dateText(charge.nextBillingDate, country)}.
            </Text>
          )}
        </Stack>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="portal-account">
        <Title order={2} fz="lg" id="portal-account">
          Your account
        </Title>
        {session ? (
          <Text size="sm">
            Buying as <strong>{session.user.email}</strong>
            {session.gym?.title !== portal.gym.title ? `: you will continue as a member of ${portal.gym.title}.` : '.'}
          </Text>
        ) : (
          <>
            <SegmentedControl
              fullWidth
              value={step}
              onChange={(v) => setStep(v as 'create' | 'login')}
              data={[
                { value: 'create', label: 'Create account' },
                { value: 'login', label: 'Log in' },
              ]}
              aria-label="Account"
            />
            <PortalAccount slug={slug} mode={step} onLogIn={() => setStep('login')} />
          </>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="portal-payment">
        <Title order={2} fz="lg" id="portal-payment">
          Payment
        </Title>
        {ways.length > 0 ? (
          <Radio.Group value={method} onChange={(v) => setMethod(v as PortalPaymentMethod)} label="Payment method">
            <Stack gap="xs" mt="xs">
              {portal.acceptsCards && (
                <Radio
                  value="card"
                  label={`Pay by card now (${money(charge.dueMinor)})`}
                  description="After signing any documents, with a saved card or a new one."
                  color={accentButton(portal.accentColor).color}
                />
              )}
              {portal.allowPayAtDesk && (
                <Radio value="front_desk" label={`Pay at the front desk (${money(charge.dueMinor)})`} color={accentButton(portal.accentColor).color} />
              )}
            </Stack>
          </Radio.Group>
        ) : (
          <Alert color="yellow">{salesPortalMessages.noPayment}</Alert>
        )}
      </Stack>

      <Button size="md" fullWidth {...accentButton(portal.accentColor)} disabled={!session || !method} loading={purchase.isPending} onClick={confirm}>
        Confirm purchase
      </Button>
      {!session && (
        <Text size="sm" c="dimmed" ta="center">
          Create an account or log in above to confirm.
        </Text>
      )}
    </Stack>
  );
}
