import { useState } from 'react';
import { Button, Loader, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { useCreateAthlete } from '../api/athlete-record';
import { AthleteForm } from './athlete-form';
import { useGymCountry } from './use-gym-country';

/** The athlete detail page of an athlete: its Overview tab. */
export const athletePath = (athleteId: string, tab = 'overview') => `/users/athletes/${athleteId}/${tab}`;

/**
 * "Add athlete" (issue 17): a button that opens the new athlete form in a dialog (full screen on a phone); once saved,
 * the new athlete's page opens. The athletes list places it in its header.
 */
export function AddAthleteButton() {
  const [opened, setOpened] = useState(false);
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <>
      <Button onClick={() => setOpened(true)}>Add athlete</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="New athlete" size="lg" fullScreen={isPhone} closeButtonProps={{ 'aria-label': 'Close' }}>
        {opened && <NewAthleteForm onCancel={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function NewAthleteForm({ onCancel }: { onCancel: () => void }) {
  const { country, isError } = useGymCountry();
  const create = useCreateAthlete();
  const navigate = useNavigate();
  if (isError) return <Text c="red">Something went wrong while fetching data!</Text>;
  if (!country) return <Loader role="status" aria-label="Loading" />;
  return (
    <AthleteForm
      record={null}
      gymCountry={country}
      isSaving={create.isPending}
      submitLabel="Add athlete"
      withInvitation
      onCancel={onCancel}
      onSubmit={async (input, values) => {
        const made = await create.mutateAsync({ ...input, athleteId: crypto.randomUUID(), sendInvitation: values.sendInvitation && input.email !== '' });
        void navigate(athletePath(made.athleteId));
      }}
    />
  );
}
