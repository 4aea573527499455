import { Box } from '@mantine/core';
import type { Session } from '@spotter/shared';
import { SignInMethods } from '../../auth';
import { AthleteAccountPanel } from './athlete-account-panel';
import { KiloStaffAccountPanel } from './kilo-staff-account-panel';
import { StaffAccountPanel } from './staff-account-panel';

/** Spec 2.13 / 6: the panel of whoever is logged in; only an owner edits the coach flag. */
export function AccountPanel({ session }: { session: Session }) {
  return (
    <>
      <RolePanel session={session} />
      {/* Issue 40: the login's password and single sign-on providers (not while impersonating: they are the user's own). */}
      {!session.isImpersonating && (
        <Box mt="xl">
          <SignInMethods />
        </Box>
      )}
    </>
  );
}

function RolePanel({ session }: { session: Session }) {
  if (session.role === 'kilo_staff') return <KiloStaffAccountPanel />;
  if (session.role === 'athlete' && session.athlete) return <AthleteAccountPanel athleteId={session.athlete.athleteId} />;
  if (session.role === 'staff' || session.role === 'owner') return <StaffAccountPanel canEditCoach={session.role === 'owner'} />;
  return null;
}
