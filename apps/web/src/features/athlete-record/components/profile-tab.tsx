import { Alert, Skeleton, Text } from '@mantine/core';
import type { AthleteRecord } from '@spotter/shared';
import { ProfilePictureUpload } from '../../account';
import { athleteRecordKeys, useUpdateAthleteRecord } from '../api/athlete-record';
import { AthleteForm } from './athlete-form';
import { LOAD_ERROR } from './parts';
import { useGymCountry } from './use-gym-country';

/** Profile: the record's fields, edited with the same rules as the server (field errors from it land on their fields). */
export function ProfileTab({ athlete }: { athlete: AthleteRecord }) {
  const { country, isError } = useGymCountry();
  const update = useUpdateAthleteRecord(athlete.athleteId);
  if (athlete.isAnonymised) return <Alert color="gray">This athlete has been anonymised; the record can no longer be changed.</Alert>;
  if (isError) return <Text c="red">{LOAD_ERROR}</Text>;
  if (!country) return <Skeleton height={400} />;
  return (
    <AthleteForm
      key={athlete.athleteId}
      record={athlete}
      gymCountry={country}
      isSaving={update.isPending}
      submitLabel="Save"
      onSubmit={(input) => update.mutateAsync(input)}
      header={
        <ProfilePictureUpload
          name={athlete.fullName}
          email={athlete.email}
          pictureUrl={athlete.profilePicture}
          target={{ kind: 'athlete', athleteId: athlete.athleteId }}
          ownerQueryKey={athleteRecordKeys.record(athlete.athleteId)}
        />
      }
    />
  );
}
