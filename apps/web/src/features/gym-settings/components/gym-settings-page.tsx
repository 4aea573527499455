import { Alert, Anchor, Box, Button, Group, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { GymSettings } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { BannersSection } from '../../banners';
import { PaymentSettingsButton } from '../../billing';
import { useGymSettings } from '../api/gym-settings';
import { ClassDefaultsSection } from './class-defaults-section';
import { EmailIdentitySection } from './email-identity-section';
import { ExportSection } from './export-section';
import { KioskSection } from './kiosk-section';
import { PayrollSection } from './payroll-section';
import { ProfileSection } from './profile-section';
import { RegionSection } from './region-section';
import { SectionCard } from './section-card';
import { TaxSection } from './tax-section';

/** The page's sections in order, for the left nav (demo gyms have no sales portal and no payments: spec 6). */
export function sectionsOf(isDemo: boolean): { id: string; label: string }[] {
  return [
    { id: 'profile', label: 'Profile' },
    { id: 'region', label: 'Region' },
    { id: 'tax', label: 'Tax' },
    { id: 'class-defaults', label: 'Class defaults' },
    { id: 'kiosk', label: 'Kiosk' },
    { id: 'payroll', label: 'Payroll' },
    { id: 'email', label: 'Email identity' },
    ...(isDemo
      ? []
      : [
          { id: 'sales-portal', label: 'Sales portal' },
          { id: 'payments', label: 'Payments' },
        ]),
    { id: 'banners', label: 'Banners' },
    { id: 'danger', label: 'Danger zone' },
  ];
}

/** Spec 2.7 `/gym-settings` (GymMutate, issue 22): the gym's settings in sections, each saved on its own. */
export function GymSettingsPage() {
  const settings = useGymSettings();
  return (
    <>
      <PageHeader title="Settings" />
      {settings.isPending ? (
        <Stack role="status" gap="md" aria-busy="true" aria-label="Loading settings">
          <Skeleton height={220} radius="md" />
          <Skeleton height={160} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      ) : settings.isError ? (
        <Alert color="red" title="Error">
          {isApiError(settings.error) && settings.error.status === 403
            ? 'You do not have permission to change the gym’s settings.'
            : 'Something went wrong while fetching data!'}
        </Alert>
      ) : (
        <SettingsBody key={settings.data.gymId} settings={settings.data} />
      )}
    </>
  );
}

function SettingsBody({ settings }: { settings: GymSettings }) {
  const sections = sectionsOf(settings.isDemo);
  return (
    <Group align="flex-start" gap="xl" wrap="nowrap">
      <Box component="nav" aria-label="Settings sections" visibleFrom="md" w={200} style={{ position: 'sticky', top: 16, flexShrink: 0 }}>
        {/* Plain anchors: Mantine's NavLink is the side nav's, and sharing it with this lazy page split it into a chunk of
            its own on every signed-in first load (bench: first-load bytes). */}
        {sections.map((s) => (
          <Anchor key={s.id} href={`#${s.id}`} display="block" size="sm" c="dark" underline="hover" px="sm" py={6}>
            {s.label}
          </Anchor>
        ))}
      </Box>
      <Stack gap="lg" style={{ flex: 1, minWidth: 0 }}>
        {/* Each section keys on the gym's settings it started from: a save elsewhere that changes them (country) resets it. */}
        <ProfileSection key={`profile-${settings.country}`} settings={settings} />
        <RegionSection settings={settings} />
        <TaxSection settings={settings} />
        <ClassDefaultsSection settings={settings} />
        <KioskSection settings={settings} />
        <PayrollSection settings={settings} />
        <EmailIdentitySection settings={settings} />
        {!settings.isDemo && (
          <>
            <SectionCard id="sales-portal" title="Sales portal" description="The public page where people buy the gym's packages and sign up.">
              <Group>
                <Button component={Link} to="/products/sales-portal" variant="default">
                  Open the sales portal settings
                </Button>
              </Group>
            </SectionCard>
            <SectionCard id="payments" title="Payments" description="When a charge of an athlete's saved payment method fails, the days it is tried again.">
              <Group>
                <PaymentSettingsButton />
              </Group>
            </SectionCard>
          </>
        )}
        <SectionCard
          id="banners"
          title="Banners"
          description="Messages shown to the gym's staff and athletes when they open Spotter, from a start until an end."
        >
          <BannersSection />
        </SectionCard>
        <SectionCard id="danger" title="Danger zone">
          <ExportSection country={settings.country} timeZone={settings.timeZone} />
        </SectionCard>
      </Stack>
    </Group>
  );
}
