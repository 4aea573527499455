import { useState } from 'react';
import { Alert, Button, Card, Group, Menu, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AthletePackage, GymCountry } from '@spotter/shared';
import { useAthletePackages, usePackageLedger, useRemoveHold } from '../api/athlete-packages';
import { AdjustDialog, CancelDialog, HoldDialog, RenewDialog, SellPackageDialog } from './package-dialogs';
import { Facts, LedgerView, LOAD_ERROR, StatusBadge, byStanding, factsOf, isLive, todayIn, useGymLocale } from './parts';

type Dialog = 'hold' | 'cancel' | 'renew' | 'adjust' | null;

/** Issue 18: the athlete page's Packages tab: the athlete's packages, active first, with their actions and ledgers. */
export function PackagesTab({ athleteId, readOnly = false }: { athleteId: string; readOnly?: boolean }) {
  const list = useAthletePackages(athleteId);
  const { country, timeZone, isError } = useGymLocale();
  const [selling, setSelling] = useState(false);
  if (list.isError || isError) {
    return (
      <Alert color="red" title="Error">
        {LOAD_ERROR}
      </Alert>
    );
  }
  const today = todayIn(timeZone);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h5">
          Packages
        </Title>
        {!readOnly && <Button onClick={() => setSelling(true)}>Sell or assign a package</Button>}
      </Group>
      {!list.data || !timeZone ? (
        <Stack aria-busy="true">
          <Skeleton height={120} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      ) : list.data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          No packages yet. Use Sell or assign a package to give this athlete a membership or class pack.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Packages">
          {byStanding(list.data.results).map((p) => (
            <li key={p.athletePackageId}>
              <PackageCard p={p} country={country} timeZone={timeZone} today={today} readOnly={readOnly} />
            </li>
          ))}
        </Stack>
      )}
      <SellPackageDialog athleteId={athleteId} opened={selling} onClose={() => setSelling(false)} locale={{ country, today }} />
    </Stack>
  );
}

/** Issue 34 item 7: the sell-a-package dialog for the athlete page's Sell menu, in the gym's country and today. */
export function AthleteSellPackageDialog({ athleteId, opened, onClose }: { athleteId: string; opened: boolean; onClose: () => void }) {
  const { country, timeZone } = useGymLocale();
  return <SellPackageDialog athleteId={athleteId} opened={opened} onClose={onClose} locale={{ country, today: todayIn(timeZone) }} />;
}

function PackageCard({
  p,
  country,
  timeZone,
  today,
  readOnly,
}: {
  p: AthletePackage;
  country: GymCountry | null;
  timeZone: string | null;
  today: string;
  readOnly: boolean;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [showLedger, setShowLedger] = useState(false);
  const removeHold = useRemoveHold(p.athletePackageId);
  const ledger = usePackageLedger(p.athletePackageId, showLedger);
  const close = () => setDialog(null);
  const live = isLive(p);
  const ledgerId = `ledger-${p.athletePackageId}`;
  return (
    <Card withBorder padding="sm" component="article" aria-label={p.package.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} size="h6">
              {p.package.name}
            </Title>
            <StatusBadge p={p} country={country} />
          </Stack>
          <Group gap="xs">
            <Button size="xs" variant="subtle" onClick={() => setShowLedger((s) => !s)} aria-expanded={showLedger} aria-controls={ledgerId}>
              {showLedger ? 'Hide credits ledger' : 'Credits ledger'}
            </Button>
            {!readOnly && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button size="xs" variant="default" aria-label={`Actions for ${p.package.name}`}>
                    Actions
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {p.status === 'active' && <Menu.Item onClick={() => setDialog('hold')}>Put on hold</Menu.Item>}
                  {p.holdStartsOn && live && <Menu.Item onClick={() => removeHold.mutate()}>Remove hold</Menu.Item>}
                  <Menu.Item onClick={() => setDialog('renew')}>Renew</Menu.Item>
                  {p.credits && <Menu.Item onClick={() => setDialog('adjust')}>Adjust credits</Menu.Item>}
                  {live && (
                    <Menu.Item color="red" onClick={() => setDialog('cancel')}>
                      Cancel…
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>
        <Facts facts={factsOf(p, country)} />
        <div id={ledgerId} hidden={!showLedger}>
          {showLedger &&
            (ledger.isError ? (
              <Text c="red" size="sm">
                {LOAD_ERROR}
              </Text>
            ) : (
              <LedgerView rows={ledger.data?.results} classPath={(id) => `/kiosk/${id}`} country={country} timeZone={timeZone} layout="table" />
            ))}
        </div>
      </Stack>
      <HoldDialog p={p} opened={dialog === 'hold'} onClose={close} locale={{ country, today }} />
      <CancelDialog p={p} opened={dialog === 'cancel'} onClose={close} country={country} />
      <RenewDialog p={p} opened={dialog === 'renew'} onClose={close} country={country} />
      <AdjustDialog p={p} opened={dialog === 'adjust'} onClose={close} />
    </Card>
  );
}
