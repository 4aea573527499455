import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ineligibleCodes, ineligibleMessage, type EligibilityOf, type IneligibleCode } from '@spotter/shared';
import { errorMessage, isApiError } from '../lib/api-client';

const isIneligible = (code: string): code is IneligibleCode => (ineligibleCodes as readonly string[]).includes(code);

/**
 * Issue 18: a booking refused by the one eligibility rule (no package covers it, no credits left, on hold, a limit
 * reached) says why where the athlete booked, in the server's words, with the way on: the gym's packages on sale
 * (/packages/sales-portal) and the athlete's own (/packages). With `needsPackage` (no live package covers what is
 * booked) it says so before the athlete tries. Any other failure shows nothing here.
 */
export function PackageRequiredAlert({ error, needsPackage = false, of = 'class' }: { error: unknown; needsPackage?: boolean; of?: EligibilityOf }) {
  const refused = isApiError(error) && isIneligible(error.code) ? error : null;
  if (!refused && !needsPackage) return null;
  const needsOne = !refused || refused.code === 'no_package' || refused.code === 'not_covered';
  return (
    <Alert color="orange" title={needsOne ? 'A package is needed to book this' : 'Your package does not allow this booking'} role={refused ? 'alert' : 'note'}>
      <Text size="sm">{refused ? errorMessage(refused) : ineligibleMessage({ code: 'no_package' }, of)}</Text>
      <Group gap="md" mt="xs">
        <Anchor component={Link} to="/packages/sales-portal" fw={600}>
          Browse packages
        </Anchor>
        <Anchor component={Link} to="/packages">
          My packages
        </Anchor>
      </Group>
    </Alert>
  );
}
