import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { formatDate, type AthletePackage, type GymCountry } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useAthletePackage, useMyPackages, usePackageLedger } from '../api/athlete-packages';
import { MyInvoicesSection } from '../../invoices';
import { CancelDialog } from './package-dialogs';
import { Facts, LedgerView, LOAD_ERROR, StatusBadge, allowanceOf, byStanding, endsAtPeriodEnd, factsOf, isLive, kindOf, useGymLocale } from './parts';

function Failed() {
  return (
    <Alert color="red" title="Error">
      {LOAD_ERROR}
    </Alert>
  );
}

function Loading({ n = 2 }: { n?: number }) {
  return (
    <Stack aria-busy="true">
      {Array.from({ length: n }, (_, i) => (
        <Skeleton key={i} height={112} radius="md" />
      ))}
    </Stack>
  );
}

/** The one line a member reads first: what is left to book, when it bills next, or the hold. */
function summaryOf(p: AthletePackage, country: GymCountry | null): string[] {
  const lines = [p.credits ? `${p.credits.balance} credit${p.credits.balance === 1 ? '' : 's'} left` : allowanceOf(p)];
  if (p.holdStartsOn && p.holdEndsOn && isLive(p)) lines.push(`On hold ${formatDate(p.holdStartsOn, country)} – ${formatDate(p.holdEndsOn, country)}`);
  if (p.nextBillingDate && isLive(p) && !endsAtPeriodEnd(p)) lines.push(`Next billing ${formatDate(p.nextBillingDate, country)}`);
  if (p.endDate && !isLive(p)) lines.push(`Ended ${formatDate(p.endDate, country)}`);
  return lines;
}

/** Spec 2.4 `/packages` (issue 18): the athlete's packages, phone-first. */
export function MyPackagesPage() {
  const list = useMyPackages();
  const { country, isError } = useGymLocale();
  return (
    <>
      <PageHeader title="Packages" />
      {list.isError || isError ? (
        <Failed />
      ) : !list.data ? (
        <Loading />
      ) : list.data.results.length === 0 ? (
        <Alert title="No packages yet">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">You need a package to book classes. See what your gym offers.</Text>
            <Button component={Link} to="/packages/sales-portal">
              Browse packages
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="My packages">
          {byStanding(list.data.results).map((p) => (
            <li key={p.athletePackageId}>
              <Card withBorder padding="md" radius="md" component={Link} to={`/packages/${p.athletePackageId}`} aria-label={`${p.package.name}, ${kindOf(p)}`}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text fw={600} lineClamp={2}>
                      {p.package.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {kindOf(p)}
                    </Text>
                    {summaryOf(p, country).map((line) => (
                      <Text key={line} size="sm">
                        {line}
                      </Text>
                    ))}
                  </Stack>
                  <StatusBadge p={p} country={country} />
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      <MyInvoicesSection />
    </>
  );
}

/** Spec 2.4 `/packages/:athletePackageId` (issue 18): one package, its ledger, and cancel at period end. */
export function MyPackagePage() {
  const { athletePackageId = '' } = useParams();
  const one = useAthletePackage(athletePackageId);
  const ledger = usePackageLedger(athletePackageId, one.isSuccess);
  const { country, timeZone, isError } = useGymLocale();
  const [cancelling, setCancelling] = useState(false);
  const back = (
    <Anchor component={Link} to="/packages" size="sm">
      ‹ All packages
    </Anchor>
  );
  if (one.isError) {
    return (
      <Stack gap="sm">
        {back}
        {isApiError(one.error) && one.error.status === 404 ? <Alert title="No results found">This package is not yours or does not exist.</Alert> : <Failed />}
      </Stack>
    );
  }
  if (isError) return <Failed />;
  if (!one.data) {
    return (
      <Stack gap="sm">
        {back}
        <Loading n={2} />
      </Stack>
    );
  }
  const p = one.data;
  // Only what bills again can be cancelled at period end (a one-payment plan simply runs out).
  const canCancel = isLive(p) && !endsAtPeriodEnd(p) && p.nextBillingDate !== null;
  return (
    <Stack gap="md">
      {back}
      <PageHeader title={p.package.name} />
      <Card withBorder padding="md" radius="md">
        <Stack gap="sm">
          <StatusBadge p={p} country={country} />
          <Facts facts={factsOf(p, country)} />
          {canCancel && (
            <Button variant="default" color="red" onClick={() => setCancelling(true)} style={{ alignSelf: 'flex-start' }}>
              Cancel at period end
            </Button>
          )}
        </Stack>
      </Card>
      <Title order={2} size="h4">
        Credits ledger
      </Title>
      {ledger.isError ? (
        <Failed />
      ) : (
        <LedgerView rows={ledger.data?.results} classPath={(id) => `/classes/${id}`} country={country} timeZone={timeZone} layout="list" />
      )}
      <CancelDialog p={p} opened={cancelling} onClose={() => setCancelling(false)} country={country} athleteMode />
    </Stack>
  );
}
