import { useState } from 'react';
import { Alert, Avatar, Badge, Button, Group, Menu, Modal, ScrollArea, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { ANONYMISE_CONFIRMATION, hasPermission, type AthleteRecord } from '@spotter/shared';
import { useCurrentSession } from '../../auth';
import { errorMessage, shownMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { downloadAthleteExport, useAnonymiseAthlete, useArchiveAthlete, useAthleteOverview, useAthleteRecord, useInviteAthlete } from '../api/athlete-record';
import { athletePath } from './add-athlete-button';
import { AthleteSellPackageDialog, PackagesTab } from '../../athlete-packages';
import { PointOfSaleDialog, preloadPointOfSale, useMaySellRetail } from '../../point-of-sale';
import { AthleteInvoicesTab } from '../../invoices';
import { AthleteDocumentsTab } from '../../documents';
import { AthleteMessagesTab } from '../../messages';
import { ActivityTab } from './activity-tab';
import { AthleteTags } from './athlete-tags';
import { AttendanceTab, BookingsTab } from './booking-tabs';
import { FamilyTab } from './family-tab';
import { NotesTab } from './notes-tab';
import { OverviewTab } from './overview-tab';
import { ProfileTab } from './profile-tab';
import classes from './athlete-detail.module.css';
import { LOAD_ERROR, MembershipBadge } from './parts';

/** The tabs of the athlete page, each a URL (issue 17; Packages issue 18). Invoices issue 19, Documents issue 20, Messages issue 22. */
export const athleteTabs = [
  { value: 'overview', label: 'Overview' },
  { value: 'profile', label: 'Profile' },
  { value: 'attendance', label: 'Attendance' },
  { value: 'bookings', label: 'Bookings' },
  { value: 'packages', label: 'Packages' },
  { value: 'invoices', label: 'Invoices' },
  { value: 'documents', label: 'Documents' },
  { value: 'messages', label: 'Messages' },
  { value: 'notes', label: 'Notes' },
  { value: 'family', label: 'Family' },
  { value: 'activity', label: 'Activity' },
] as const;
type TabValue = (typeof athleteTabs)[number]['value'];

/** `/users/athletes/:athleteId/:activeTab?` (issue 17): the header with its actions, the tabs as links, the tab. */
export function AthleteDetailPage() {
  const { athleteId = '', activeTab } = useParams();
  const record = useAthleteRecord(athleteId);
  if (!activeTab) return <Navigate to={athletePath(athleteId)} replace />;
  const tab = athleteTabs.find((t) => t.value === activeTab);
  if (!tab) return <Navigate to={athletePath(athleteId)} replace />;
  if (record.isError) {
    return (
      <Alert color="red" title="Athlete" m="md">
        {errorMessage(record.error) === 'Athlete not found.' ? 'This athlete does not exist in your gym.' : LOAD_ERROR}
      </Alert>
    );
  }
  return (
    <Stack gap="md" p={{ base: 'sm', sm: 'md' }}>
      {record.data ? <AthleteHeader athlete={record.data} /> : <Skeleton height={64} />}
      <nav aria-label="Athlete sections">
        <ScrollArea type="never" offsetScrollbars={false}>
          <Group gap={0} wrap="nowrap" className={classes.tabs}>
            {athleteTabs.map((t) => (
              <Link
                key={t.value}
                to={athletePath(athleteId, t.value)}
                className={classes.tab}
                aria-current={t.value === activeTab ? 'page' : undefined}
                data-active={t.value === activeTab || undefined}
              >
                {t.label}
              </Link>
            ))}
          </Group>
        </ScrollArea>
      </nav>
      <section aria-label={tab.label}>{record.data ? <TabPanel tab={tab.value} athlete={record.data} /> : <Skeleton height={200} />}</section>
    </Stack>
  );
}

function TabPanel({ tab, athlete }: { tab: TabValue; athlete: AthleteRecord }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab athlete={athlete} />;
    case 'profile':
      return <ProfileTab athlete={athlete} />;
    case 'attendance':
      return <AttendanceTab athleteId={athlete.athleteId} />;
    case 'bookings':
      return <BookingsTab athlete={athlete} />;
    case 'packages':
      return <PackagesTab athleteId={athlete.athleteId} readOnly={athlete.isAnonymised} />;
    case 'invoices':
      return <InvoicesTab athleteId={athlete.athleteId} />;
    case 'documents':
      return <AthleteDocumentsTab athlete={athlete} readOnly={athlete.isAnonymised} />;
    case 'messages':
      return <AthleteMessagesTab athlete={athlete} />;
    case 'notes':
      return <NotesTab athlete={athlete} />;
    case 'family':
      return <FamilyTab athlete={athlete} />;
    case 'activity':
      return <ActivityTab athleteId={athlete.athleteId} />;
  }
}

/** Issue 19: the athlete's invoices; opening one (payments, refunds) needs InvoiceReportsView (owners hold every permission). */
function InvoicesTab({ athleteId }: { athleteId: string }) {
  const session = useCurrentSession();
  return <AthleteInvoicesTab athleteId={athleteId} canManage={hasPermission(session, 'InvoiceReportsView')} />;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p.charAt(0).toUpperCase())
    .join('');

function AthleteHeader({ athlete }: { athlete: AthleteRecord }) {
  const overview = useAthleteOverview(athlete.athleteId);
  const flags = overview.data?.flags;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={athlete.profilePicture} alt="" size="lg" radius="xl" color="blue">
          {initials(athlete.fullName)}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} size="h3" lineClamp={1}>
            {athlete.fullName}
          </Title>
          <Group gap={6}>
            <MembershipBadge state={athlete.membershipState} />
            {athlete.isArchived && !athlete.isAnonymised && <Badge color="gray">Archived</Badge>}
            {athlete.isAnonymised && <Badge color="dark">Anonymised</Badge>}
            {flags?.hasPastDueBills && (
              <Badge color="red.9" variant="outline">
                Past due
              </Badge>
            )}
            {flags?.hasUnsignedDocuments && (
              <Badge color="#8f3600" variant="outline">
                Unsigned document
              </Badge>
            )}
            {flags?.hasMedicalNote && (
              <Badge color="grape.9" variant="outline">
                Medical note
              </Badge>
            )}
          </Group>
          <AthleteTags athlete={athlete} />
        </Stack>
      </Group>
      <AthleteActions athlete={athlete} />
    </Group>
  );
}

/**
 * Issue 34 item 7: one Sell for everything an athlete buys: a package (membership or class pack, as the Packages tab
 * sells it) and retail items at the point of sale (staff holding Kiosk, and owners).
 */
function SellMenu({ athlete }: { athlete: AthleteRecord }) {
  const maySellRetail = useMaySellRetail();
  const [open, setOpen] = useState<'package' | 'retail' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" onMouseEnter={maySellRetail ? preloadPointOfSale : undefined}>
            Sell
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setOpen('package')}>Package (membership or class pack)…</Menu.Item>
          {maySellRetail && <Menu.Item onClick={() => setOpen('retail')}>Retail items (point of sale)…</Menu.Item>}
        </Menu.Dropdown>
      </Menu>
      <AthleteSellPackageDialog athleteId={athlete.athleteId} opened={open === 'package'} onClose={close} />
      {open === 'retail' && <PointOfSaleDialog onClose={close} athlete={{ athleteId: athlete.athleteId, fullName: athlete.fullName }} />}
    </>
  );
}

function AthleteActions({ athlete }: { athlete: AthleteRecord }) {
  const id = athlete.athleteId;
  const invite = useInviteAthlete(id);
  const archive = useArchiveAthlete(id);
  const [anonymising, setAnonymising] = useState(false);
  const exportData = () =>
    downloadAthleteExport(id).catch((error: unknown) => notifyError({ title: 'Could not export the data', message: errorMessage(error) }));
  const editable = !athlete.isAnonymised;
  return (
    <Group gap="xs" wrap="nowrap">
      {editable && !athlete.isArchived && <SellMenu athlete={athlete} />}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default">Actions</Button>
        </Menu.Target>
        <Menu.Dropdown>
          {editable && !athlete.hasLogin && athlete.email && <Menu.Item onClick={() => invite.mutate()}>Send invitation</Menu.Item>}
          {editable && (
            <Menu.Item onClick={() => archive.mutate(athlete.isArchived ? 'unarchiveAthlete' : 'archiveAthlete')}>
              {athlete.isArchived ? 'Unarchive' : 'Archive'}
            </Menu.Item>
          )}
          <Menu.Item onClick={() => void exportData()}>Export data</Menu.Item>
          {editable && (
            <Menu.Item color="red" onClick={() => setAnonymising(true)}>
              Anonymise…
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <AnonymiseDialog athlete={athlete} opened={anonymising} onClose={() => setAnonymising(false)} />
    </Group>
  );
}

/** Anonymising cannot be undone: the person types the confirmation word. */
export function AnonymiseDialog({ athlete, opened, onClose }: { athlete: AthleteRecord; opened: boolean; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const anonymise = useAnonymiseAthlete(athlete.athleteId);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Anonymise athlete">
      <Stack gap="sm">
        <Text size="sm">
          This blanks {athlete.fullName}&apos;s personal details, deletes their notes and tags and ends their login. Invoices, bookings and payments are kept.
          It cannot be undone.
        </Text>
        <TextInput
          label={`Type ${ANONYMISE_CONFIRMATION} to confirm`}
          value={typed}
          error={error}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={anonymise.isPending}
            disabled={typed.trim() !== ANONYMISE_CONFIRMATION}
            onClick={() =>
              anonymise.mutate(typed.trim(), {
                onSuccess: onClose,
                onError: (e) => setError(shownMessage(e)),
              })
            }
          >
            Anonymise
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
