import { Alert, Anchor, Badge, Group, Skeleton, Tabs, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { countryNames, demoTypeLabel } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useGym } from '../api/get-gym';
import type { PeopleKind } from '../api/get-gym-people';
import { ImpersonationAuditList } from './impersonation-audit';
import { PeopleTable } from './people-table';

/** Spec 2.6: /gyms/{gymId}/athletes and /gyms/{gymId}/staff, with the gym's impersonation audit trail below. */
function GymPeoplePage({ kind }: { kind: PeopleKind }) {
  const { gymId = '' } = useParams();
  const gym = useGym(gymId);
  const navigate = useNavigate();
  const backTo = gym.data?.demoGym ? '/demo-gyms' : '/gyms';

  if (gym.isError) {
    return (
      <>
        <PageHeader title={kind === 'athletes' ? 'Gym Athletes' : 'Gym Staff'} />
        <Alert color="red" title="Error" role="alert">
          {errorMessage(gym.error)}
        </Alert>
      </>
    );
  }
  const title = gym.data?.title;
  return (
    <>
      <Anchor component={Link} to={backTo} size="sm" mb="xs" display="inline-block">
        ← Back to {gym.data?.demoGym ? 'Demo Gyms' : 'Gyms'}
      </Anchor>
      {title ? <PageHeader title={title} /> : <Skeleton role="status" height={34} width={280} mb="md" aria-label="Loading gym" />}
      {gym.data && (
        <Group gap="xs" mt={-8} mb="md">
          <Text size="sm" c="dimmed">
            {countryNames[gym.data.country]} · {gym.data.timeZone}
          </Text>
          {gym.data.demoGym && (
            <Badge variant="light" color="grape">
              Demo · {demoTypeLabel(gym.data.demoGym.type)} · {gym.data.demoGym.state}
            </Badge>
          )}
        </Group>
      )}
      <Tabs value={kind} onChange={(value) => value && void navigate(`/gyms/${gymId}/${value}`)} mb="md">
        <Tabs.List aria-label="Gym people">
          <Tabs.Tab value="athletes">Athletes</Tabs.Tab>
          <Tabs.Tab value="staff">Staff</Tabs.Tab>
        </Tabs.List>
        {(['athletes', 'staff'] as const).map((panel) => (
          <Tabs.Panel key={panel} value={panel} pt="md">
            {panel === kind && <PeopleTable key={`${gymId}-${kind}`} gymId={gymId} kind={kind} gymTitle={title ?? 'the gym'} />}
          </Tabs.Panel>
        ))}
      </Tabs>
      <ImpersonationAuditList gymId={gymId} />
    </>
  );
}

export function GymAthletesPage() {
  return <GymPeoplePage kind="athletes" />;
}

export function GymStaffPage() {
  return <GymPeoplePage kind="staff" />;
}
